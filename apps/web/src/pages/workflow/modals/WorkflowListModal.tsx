import { Badge, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { useErrorToast } from '../../../lib/useErrorToast';

/** 'Mes workflows': the saved ones, latest first; a tap opens one. */
export function WorkflowListModal({
  opened,
  currentId,
  onOpen,
  onClose,
}: {
  opened: boolean;
  currentId: number | null;
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const list = trpc.workflow.list.useQuery(undefined, { enabled: opened });
  useErrorToast(list.error, 'Erreur lors du chargement des workflows');
  return (
    <Modal opened={opened} onClose={onClose} title="Mes workflows" styles={{ title: { fontWeight: 700 } }}>
      {list.isPending && <Loader mx="auto" display="block" />}
      {list.data?.length === 0 && <Text c="dimmed">Aucun workflow enregistré pour l'instant.</Text>}
      <Stack gap={6}>
        {list.data?.map((workflow) => (
          <UnstyledButton
            key={workflow.id}
            onClick={() => {
              onOpen(workflow.id);
              onClose();
            }}
            style={{ padding: 10, borderRadius: 10, border: '1px solid var(--mantine-color-default-border)' }}
            aria-current={workflow.id === currentId}
          >
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {workflow.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {workflow.nodeCount} nœud{workflow.nodeCount > 1 ? 's' : ''} · modifié le{' '}
                  {formatDateTime(workflow.updatedAt)}
                </Text>
              </div>
              {workflow.id === currentId && <Badge variant="light">Ouvert</Badge>}
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
