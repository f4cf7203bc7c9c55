import { Button } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { Notice } from './Notice';

/** The query a retry loads again, and whether it is loading. */
interface RetryableQuery {
  refetch: () => Promise<unknown>;
  isFetching: boolean;
}

/** In place of a list that failed to load (the toast has said why): a way to try again. */
export function RetryNotice({ title, query }: { title: string; query: RetryableQuery }) {
  return (
    <Notice icon={<IconCloudOff size={28} />} title={title} description="Vérifiez votre connexion puis réessayez.">
      <Button variant="light" radius="xl" onClick={() => void query.refetch()} loading={query.isFetching}>
        Réessayer
      </Button>
    </Notice>
  );
}
