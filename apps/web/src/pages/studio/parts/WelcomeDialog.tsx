import { IMAGE_COST, imagesFor } from '@atelier/catalog';
import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatCredits } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/user';

/**
 * A new member's first screen (`?bienvenue=1`, where sign-up leads): what their free credits buy and
 * how the studio is used, then out of the way. The address is cleaned, so a reload does not show it again.
 */
export function WelcomeDialog() {
  const [params, setParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const opened = params.has('bienvenue') && Boolean(user);
  const close = () =>
    setParams(
      (current) => {
        current.delete('bienvenue');
        return current;
      },
      { replace: true },
    );
  if (!user) return null;
  return (
    <Modal opened={opened} onClose={close} title={`Bienvenue, ${user.firstName} !`} centered radius="lg">
      <Stack gap="md" data-testid="welcome">
        <Text>
          Vos <strong>{formatCredits(user.credits)} crédits</strong> offerts paient {imagesFor(user.credits)} images :
          chaque image coûte {IMAGE_COST} crédits, débités seulement si elle réussit.
        </Text>
        <List spacing={4} size="sm">
          <List.Item>Importez ou photographiez une image.</List.Item>
          <List.Item>Choisissez un style, un personnage, un décor, une lumière…</List.Item>
          <List.Item>Lancez la transformation : le résultat rejoint votre galerie privée.</List.Item>
        </List>
        <Button onClick={close}>Commencer</Button>
      </Stack>
    </Modal>
  );
}
