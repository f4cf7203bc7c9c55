import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCoins } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCredits } from '../lib/format';

/** What the dialog says: not enough credits, or any other error with its title. */
export type DialogMessage =
  /** `cost`: what the generation costs, as quoted; `beforeRun`: the phone screen's own check, before anything is sent. */
  | { type: 'credits'; credits: number; cost: number; beforeRun?: boolean }
  | { type: 'general'; title: string; message: string };

interface MessageDialogProps {
  message: DialogMessage | null;
  onClose: () => void;
}

function CreditsMessage({
  credits,
  cost,
  beforeRun,
  onClose,
}: {
  credits: number;
  cost: number;
  beforeRun: boolean;
  onClose: () => void;
}) {
  return (
    <Stack gap="md">
      {beforeRun && <Text fw={600}>Vous avez besoin de {formatCredits(cost)} crédits pour cette transformation.</Text>}
      <Text>
        Cette transformation coûte {formatCredits(cost)} crédits. Vous n'avez que {formatCredits(credits)} crédits.
      </Text>
      <Text c="dimmed" fz="sm">
        Rechargez votre compte, ou abonnez-vous pour recevoir des crédits chaque mois.
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button component={Link} to="/account?tab=credits" variant="light" onClick={onClose}>
          Voir les abonnements
        </Button>
        <Button component={Link} to="/checkout" leftSection={<IconCoins size={16} aria-hidden />} onClick={onClose}>
          Recharger
        </Button>
      </Group>
    </Stack>
  );
}

/** The message dialog of the studio and the workflow editor: not enough credits (with the ways to get more), or any other error. */
export function MessageDialog({ message: current, onClose }: MessageDialogProps) {
  // The last message stays in the dialog while it fades out.
  const [message, setMessage] = useState(current);
  if (current && current !== message) setMessage(current);
  const credits = message?.type === 'credits';
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      title={
        message && (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={credits ? 'yellow' : 'red'} radius="xl" size="lg">
              {credits ? <IconCoins size={20} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden />}
            </ThemeIcon>
            <Text fw={700} fz="lg">
              {message.type === 'credits' ? 'Crédits insuffisants' : message.title}
            </Text>
          </Group>
        )
      }
    >
      {message?.type === 'credits' && (
        <CreditsMessage
          credits={message.credits}
          cost={message.cost}
          beforeRun={message.beforeRun ?? false}
          onClose={onClose}
        />
      )}
      {message?.type === 'general' && (
        <Stack gap="md">
          <Text style={{ whiteSpace: 'pre-line' }}>{message.message}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
