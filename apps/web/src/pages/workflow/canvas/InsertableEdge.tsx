import { IconPlus } from '@tabler/icons-react';
import {
  BaseEdge,
  EdgeLabelRenderer,
  getStraightPath,
  useInternalNode,
  useStore,
  type EdgeProps,
  type InternalNode,
} from '@xyflow/react';
import { memo } from 'react';
import { useEditorActions } from '../editor-context';
import { connectionEnds, type Box } from '../model/edge-geometry';
import type { WorkflowFlowEdge } from '../model/flow';

const MAX_BUTTON_SCALE = 2.5;

function boxOf(node: InternalNode): Box {
  const width = node.measured.width ?? node.width ?? 0;
  const height = node.measured.height ?? node.height ?? 0;
  // positionAbsolute is the top-left corner, whatever the node origin.
  return {
    x: node.internals.positionAbsolute.x + width / 2,
    y: node.internals.positionAbsolute.y + height / 2,
    width,
    height,
  };
}

/**
 * A connection drawn from border to border of its nodes (they sit all around the render node),
 * with a '+' in the middle that inserts a node between its two ends.
 */
export const InsertableEdge = memo(function InsertableEdge({
  id,
  source,
  target,
  markerEnd,
  style,
  selected,
}: EdgeProps<WorkflowFlowEdge>) {
  const actions = useEditorActions();
  const from = useInternalNode(source);
  const to = useInternalNode(target);
  // Zoomed out, the '+' keeps a size a finger can hit.
  const buttonScale = useStore((state) => Math.min(MAX_BUTTON_SCALE, Math.max(1, 1 / state.transform[2])));
  if (!from || !to) return null;
  const ends = connectionEnds(boxOf(from), boxOf(to));
  const [path, labelX, labelY] = getStraightPath({
    sourceX: ends.source.x,
    sourceY: ends.source.y,
    targetX: ends.target.x,
    targetY: ends.target.y,
  });
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        style={{
          strokeWidth: selected ? 3 : 2,
          stroke: selected ? 'var(--mantine-color-violet-6)' : 'var(--mantine-color-violet-3)',
          ...style,
        }}
      />
      {!actions.simpleMode && (
        <EdgeLabelRenderer>
          <button
            type="button"
            className="workflow-edge-button nodrag nopan"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px) scale(${buttonScale})` }}
            onClick={() => actions.insertOnConnection(id)}
            aria-label="Insérer un nœud sur cette connexion"
            data-testid="edge-insert"
            data-edge-id={id}
          >
            <IconPlus size={14} aria-hidden />
          </button>
        </EdgeLabelRenderer>
      )}
    </>
  );
});
