import type { WorkflowNode } from '@atelier/catalog';
import { ActionIcon, Switch, Tooltip } from '@mantine/core';
import { IconMinimize } from '@tabler/icons-react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useEditorActions } from '../editor-context';
import type { WorkflowFlowNode } from '../model/flow';
import { displayedOption, isOptionNodeType } from '../model/nodes';
import { CombineBody, RenderBody, ResultBody, SourceBody } from './ImageBodies';
import { NODE_COLORS, NODE_ICONS } from './node-icons';
import { GeneratingOverlay } from './GeneratingOverlay';
import { OptionBody } from './OptionBody';

function NodeBody({ node }: { node: WorkflowNode }) {
  if (isOptionNodeType(node.type)) return <OptionBody node={node} category={node.type} />;
  switch (node.type) {
    case 'source':
      return <SourceBody node={node} />;
    case 'combine':
      return <CombineBody node={node} />;
    case 'result':
      return <ResultBody node={node} />;
    default:
      return <RenderBody node={node} />;
  }
}

/** One node of the canvas: a header (kind, on/off) and a body for its kind. */
export const WorkflowNodeCard = memo(function WorkflowNodeCard({ data }: NodeProps<WorkflowFlowNode>) {
  const { node, generating } = data;
  const actions = useEditorActions();
  const Icon = NODE_ICONS[node.type];
  const color = NODE_COLORS[node.type];
  const option = displayedOption(node);
  const label = option ? `${node.name} : ${option.name}` : node.name;
  return (
    <div
      className={`workflow-node${generating ? ' is-generating' : ''}`}
      data-testid="workflow-node"
      data-node-id={node.id}
      data-type={node.type}
      data-expanded={node.isExpanded}
      data-enabled={node.isEnabled}
      aria-label={label}
      style={{ borderTop: `3px solid var(--mantine-color-${color}-5)` }}
    >
      {/* A port is pressed or dragged to connect: a button, named for screen readers. */}
      <Handle type="target" position={Position.Left} role="button" aria-label={`Entrée de ${node.name}`} />
      {/* Not a <header>: one per node would make each a banner landmark. */}
      <div className="workflow-node-header">
        <Icon size={node.isExpanded ? 20 : 15} color={`var(--mantine-color-${color}-6)`} aria-hidden />
        <span className="workflow-node-title">{node.name}</span>
        {/* Simple mode hides the switch, but never leaves a node switched off for good. */}
        {(!actions.simpleMode || !node.isEnabled) && node.type !== 'render' && node.type !== 'result' && (
          <Tooltip label={node.isEnabled ? 'Désactiver le nœud' : 'Activer le nœud'} withinPortal>
            <Switch
              className="nodrag workflow-node-control"
              size="xs"
              color="violet"
              checked={node.isEnabled}
              onChange={(event) => actions.setEnabled(node.id, event.currentTarget.checked)}
              aria-label={`${node.isEnabled ? 'Désactiver' : 'Activer'} le nœud ${node.name}`}
            />
          </Tooltip>
        )}
        {node.isExpanded && node.type !== 'source' && (
          <ActionIcon
            className="nodrag workflow-node-control"
            variant="subtle"
            color="gray"
            onClick={() => actions.toggleExpansion(node.id)}
            aria-label="Réduire le nœud"
          >
            <IconMinimize size={16} aria-hidden />
          </ActionIcon>
        )}
      </div>
      <div className="workflow-node-body">
        <NodeBody node={node} />
      </div>
      {generating && <GeneratingOverlay />}
      <Handle type="source" position={Position.Right} role="button" aria-label={`Sortie de ${node.name}`} />
    </div>
  );
});
