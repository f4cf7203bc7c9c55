import { Button } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { Notice } from './Notice';

/** In place of a list that failed to load (the toast has said why): a way to try again. */
export function RetryNotice({ title, onRetry, retrying }: { title: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Notice icon={<IconCloudOff size={28} />} title={title} description="Vérifiez votre connexion puis réessayez.">
      <Button variant="light" radius="xl" onClick={onRetry} loading={retrying}>
        Réessayer
      </Button>
    </Notice>
  );
}
