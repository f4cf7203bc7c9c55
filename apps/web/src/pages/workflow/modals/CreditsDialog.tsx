import { Button, Group, Modal, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatCredits } from '../../../lib/format';

/** 'Crédits insuffisants': the price, the balance, and where to get more. */
export function CreditsDialog({ credits, onClose }: { credits: number | null; onClose: () => void }) {
  return (
    <Modal opened={credits !== null} onClose={onClose} title="Crédits insuffisants" centered styles={{ title: { fontWeight: 700 } }}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <IconCoins size={36} color="var(--mantine-color-yellow-6)" aria-hidden style={{ flex: 'none' }} />
        <div>
          <Text>Cette transformation coûte 50 crédits. Vous n'avez que {formatCredits(credits ?? 0)} crédits.</Text>
          <Text c="dimmed" fz="sm" mt="xs">
            Rechargez votre compte ou passez à une offre supérieure pour continuer à créer.
          </Text>
        </div>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Fermer
        </Button>
        <Button component={Link} to="/account?tab=credits" variant="gradient" gradient={{ from: 'violet', to: 'pink' }}>
          Recharger mes crédits
        </Button>
      </Group>
    </Modal>
  );
}
