import { IMAGE_COST } from '@atelier/catalog';
import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
/**
 * Asks a visitor to sign in: they may keep looking around, but RUN, the gallery and credits need an
 * account. `onSignIn` goes to the sign-in page, keeping the visitor's work for their return.
 */
export function LoginModal({
  opened,
  onClose,
  onSignIn,
}: {
  opened: boolean;
  onClose: () => void;
  onSignIn: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Connexion"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack align="center" ta="center" gap="md" data-testid="studio-login-modal">
        <ThemeIcon size={56} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }}>
          <IconSparkles size={28} aria-hidden />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          Connectez-vous pour transformer vos photos
        </Text>
        <Text c="dimmed" fz="sm">
          Chaque transformation coûte {IMAGE_COST} crédits. Votre compte garde vos images et vidéos dans votre galerie.
        </Text>
        <Button fullWidth radius="xl" onClick={onSignIn}>
          Se connecter ou créer un compte
        </Button>
        <Button variant="subtle" fullWidth onClick={onClose}>
          Continuer sans compte
        </Button>
      </Stack>
    </Modal>
  );
}
