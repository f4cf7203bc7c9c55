import { Button, Group, type MantineSize, type MantineSpacing } from '@mantine/core';

/** A list loaded a page at a time. */
interface PagedQuery {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  isFetchingNextPage: boolean;
}

interface MoreButtonProps {
  query: PagedQuery;
  size?: MantineSize;
  mt?: MantineSpacing;
}

/** Under a list loaded a page at a time, loads the next page; nothing once the last is shown. */
export function MoreButton({ query, size = 'sm', mt = 0 }: MoreButtonProps) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center" mt={mt}>
      <Button
        variant="default"
        radius="xl"
        size={size}
        onClick={() => void query.fetchNextPage()}
        loading={query.isFetchingNextPage}
      >
        Voir plus
      </Button>
    </Group>
  );
}
