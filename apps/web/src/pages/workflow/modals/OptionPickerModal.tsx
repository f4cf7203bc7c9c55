import { CLOUD_ONLY_LABEL, type CatalogOption, type WorkflowNode } from '@atelier/catalog';
import { Button, Group, Modal, ScrollArea, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { CLOUD_ONLY_MARKS, useCloudOnly } from '../../../lib/engine';
import { matchesSearch } from '../../../lib/search';
import { isOptionNodeType, NODE_LABELS, optionsFor } from '../model/nodes';
import { OptionThumb } from '../nodes/OptionThumb';

interface OptionPickerModalProps {
  node: WorkflowNode | null;
  onClose: () => void;
  /** null takes the option off the node. */
  onPick: (option: CatalogOption | null) => void;
}

/** The catalogue of a node's kind, with previews and a search; a tap picks and closes. */
export function OptionPickerModal({ node, onClose, onPick }: OptionPickerModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const cloudOnly = useCloudOnly();
  const [query, setQuery] = useState('');
  const type = node && isOptionNodeType(node.type) ? node.type : null;
  const options = type ? optionsFor(type).filter((option) => matchesSearch(query, option.name, option.id)) : [];
  const close = () => {
    setQuery('');
    onClose();
  };
  const pick = (option: CatalogOption | null) => {
    onPick(option);
    close();
  };
  return (
    <Modal
      opened={type !== null}
      onClose={close}
      title={type ? `Choisir : ${NODE_LABELS[type]}` : ''}
      size="xl"
      fullScreen={phone}
      scrollAreaComponent={ScrollArea.Autosize}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Group gap="xs" mb="md" wrap="nowrap">
        <TextInput
          flex={1}
          placeholder="Rechercher une option"
          aria-label="Rechercher une option"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
        />
        {node?.option && (
          <Button variant="subtle" color="gray" onClick={() => pick(null)}>
            Aucune option
          </Button>
        )}
      </Group>
      {options.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          Aucune option ne correspond à « {query} ».
        </Text>
      )}
      <SimpleGrid cols={{ base: 3, sm: 4, md: 5 }} spacing="sm">
        {options.map((option) => {
          const chosen = node?.option?.id === option.id;
          const onlyInCloud = type !== null && cloudOnly(type, option.id);
          return (
            <UnstyledButton
              key={option.id}
              onClick={() => pick(option)}
              aria-pressed={chosen}
              aria-label={option.name}
              data-testid="option-choice"
              {...(onlyInCloud ? CLOUD_ONLY_MARKS : undefined)}
              style={{
                display: 'flex',
                flexDirection: 'column',
                gap: 6,
                padding: 6,
                borderRadius: 12,
                border: `2px solid ${chosen ? 'var(--mantine-color-violet-5)' : 'transparent'}`,
                background: chosen ? 'var(--mantine-color-violet-light)' : undefined,
              }}
            >
              <OptionThumb
                thumbnail={option.thumbnail}
                name={option.name}
                size="100%"
                style={{ height: 'auto', aspectRatio: '1', opacity: onlyInCloud ? 0.55 : undefined }}
              />
              <Text fz="xs" fw={600} ta="center" lineClamp={2}>
                {option.name}
              </Text>
              {onlyInCloud && (
                <Text fz={10} c="dimmed" ta="center" lh={1.2} aria-hidden>
                  {CLOUD_ONLY_LABEL}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Modal>
  );
}
