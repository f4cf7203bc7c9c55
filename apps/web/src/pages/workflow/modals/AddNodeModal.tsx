import { WORKFLOW_NODE_TYPES, type WorkflowNodeType } from '@atelier/catalog';
import { Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { NODE_DESCRIPTIONS, NODE_LABELS } from '../model/nodes';
import { NODE_COLORS, NODE_ICONS } from '../nodes/node-icons';

interface AddNodeModalProps {
  opened: boolean;
  onClose: () => void;
  onChoose: (type: WorkflowNodeType) => void;
  /** Kinds not offered here (a second render node, a photo without a file). */
  exclude: readonly WorkflowNodeType[];
}

/** 'Ajouter un Nœud': every kind of node with what it is for. */
export function AddNodeModal({ opened, onClose, onChoose, exclude }: AddNodeModalProps) {
  const types = WORKFLOW_NODE_TYPES.filter((type) => !exclude.includes(type));
  return (
    <Modal opened={opened} onClose={onClose} title="Ajouter un Nœud" size="lg" styles={{ title: { fontWeight: 700 } }}>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {types.map((type) => {
          const Icon = NODE_ICONS[type];
          return (
            <UnstyledButton
              key={type}
              onClick={() => {
                onChoose(type);
                onClose();
              }}
              data-testid={`add-node-${type}`}
              style={{
                padding: 12,
                borderRadius: 12,
                border: '1px solid var(--mantine-color-default-border)',
                display: 'flex',
                flexDirection: 'column',
                gap: 4,
              }}
            >
              <Icon size={22} color={`var(--mantine-color-${NODE_COLORS[type]}-6)`} aria-hidden />
              <Text fw={700} fz="sm">
                {NODE_LABELS[type]}
              </Text>
              <Text fz="xs" c="dimmed">
                {NODE_DESCRIPTIONS[type]}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Modal>
  );
}
