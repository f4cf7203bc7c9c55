import { CLOUD_ONLY_LABEL, type WorkflowNode } from '@atelier/catalog';
import { Button, Group, Slider, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useCloudOnly } from '../../../lib/engine';
import { useEditorActions } from '../editor-context';
import { INTENSITY } from '../model/constants';
import { displayedOption, type OptionNodeType } from '../model/nodes';
import { OptionThumb } from './OptionThumb';

const percent = (value: number) => `${Math.round(value * 100)} %`;

/** A category node: its option (thumbnail and name) and, expanded, the intensity slider. */
export function OptionBody({ node, category }: { node: WorkflowNode; category: OptionNodeType }) {
  const actions = useEditorActions();
  const option = displayedOption(node);
  const name = option?.name ?? 'Aucune option';
  const cloudOnly = useCloudOnly();
  const onlyInCloud = option !== null && cloudOnly(category, option.id);
  const cloudNote = onlyInCloud && (
    <Text fz={11} c="dimmed" data-testid="node-cloud-only">
      {CLOUD_ONLY_LABEL}
    </Text>
  );

  if (!node.isExpanded) {
    return (
      <Group gap={8} wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <OptionThumb key={option?.thumbnail} thumbnail={option?.thumbnail} name={option ? name : '?'} size={48} />
        <div style={{ minWidth: 0 }}>
          <Text fz={12} fw={600} lineClamp={2} c={option ? undefined : 'dimmed'}>
            {name}
          </Text>
          {option && node.intensity < 1 && (
            <Text fz={11} c="dimmed">
              Intensité {percent(node.intensity)}
            </Text>
          )}
          {cloudNote}
        </div>
      </Group>
    );
  }

  return (
    <>
      <UnstyledButton
        className="nodrag workflow-node-control"
        onClick={() => actions.openPicker(node.id)}
        aria-label={`Choisir une option : ${node.name}`}
        style={{ flex: 1, minHeight: 0, display: 'flex' }}
      >
        <OptionThumb
          key={option?.thumbnail}
          thumbnail={option?.thumbnail}
          name={option ? name : 'Touchez pour choisir une option'}
          size="100%"
          style={{ fontSize: 16 }}
        />
      </UnstyledButton>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} fz="lg" lineClamp={1} data-testid="node-option-name">
          {name}
        </Text>
        <Button
          className="nodrag workflow-node-control"
          variant="light"
          size="xs"
          radius="xl"
          onClick={() => actions.openPicker(node.id)}
          data-category={category}
        >
          {option ? "Changer d'option" : 'Choisir une option'}
        </Button>
      </Group>
      {cloudNote}
      {!actions.simpleMode && (
        <div className="nodrag workflow-node-control">
          <Group justify="space-between" mb={4}>
            <Group gap={4}>
              <IconAdjustments size={14} aria-hidden />
              <Text fz="sm" fw={600}>
                Intensité
              </Text>
            </Group>
            <Text fz="sm" c="dimmed" data-testid="node-intensity">
              {percent(node.intensity)}
            </Text>
          </Group>
          <Slider
            min={INTENSITY.min}
            max={INTENSITY.max}
            step={INTENSITY.step}
            value={node.intensity}
            onChange={(value) => actions.setIntensity(node.id, value)}
            onChangeEnd={actions.endIntensity}
            label={percent}
            color="violet"
            thumbLabel={`Intensité de ${node.name}`}
            marks={[{ value: 0 }, { value: 0.5 }, { value: 1 }]}
          />
        </div>
      )}
    </>
  );
}
