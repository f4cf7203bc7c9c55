import { WORKFLOW_NODE_TYPES } from '@atelier/catalog';
import {
  Background,
  BackgroundVariant,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type ColorMode,
  type Connection,
  type EdgeChange,
  type EdgeTypes,
  type FitViewOptions,
  type IsValidConnection,
  type NodeChange,
  type NodeMouseHandler,
  type NodeTypes,
  type OnDelete,
  type OnNodeDrag,
} from '@xyflow/react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { canConnect, connect, mindMapKeeps, removeConnections, removeNodes } from '../model/graph';
import { toast } from '../../../lib/toast';
import { CANVAS_EXTENT, nearestCell, snapNode } from '../model/grid';
import { applyPositions, toFlowEdges, toFlowNodes, type WorkflowFlowEdge, type WorkflowFlowNode } from '../model/flow';
import { GRID, PAN_SPEED, ZOOM } from '../model/constants';
import { wheelFactor, zoomAround } from '../model/viewport';
import { NO_SELECTION, type Selection } from '../model/editor-panels';
import { NODE_COLORS } from '../nodes/node-icons';
import { WorkflowNodeCard } from '../nodes/WorkflowNodeCard';
import type { EditorDocument } from '../useEditorDocument';
import { GridCells } from './GridCells';
import { InsertableEdge } from './InsertableEdge';

// Registered once, outside any component, so React Flow never sees new types.
const nodeTypes = Object.fromEntries(WORKFLOW_NODE_TYPES.map((type) => [type, WorkflowNodeCard])) as NodeTypes;
const edgeTypes: EdgeTypes = { insertable: InsertableEdge };
const NODE_ORIGIN: [number, number] = [0.5, 0.5];
const DELETE_KEYS = ['Delete', 'Backspace'];

interface WorkflowCanvasProps {
  editor: EditorDocument;
  generating: ReadonlySet<string>;
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
  onNodeClick: (nodeId: string) => void;
  colorMode: ColorMode;
  showMiniMap: boolean;
  fitViewOptions: FitViewOptions;
  children?: ReactNode;
}

export const MINIMAP_SIZE = { width: 180, height: 120 } as const;

function toggled(set: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * The canvas: nodes and connections drawn from the document; drags, connections and deletions
 * written back to it. The wheel zooms by 1.1 / 0.9 around the pointer, Shift + wheel pans.
 */
export function WorkflowCanvas({
  editor,
  generating,
  selection,
  onSelectionChange,
  onNodeClick,
  colorMode,
  showMiniMap,
  fitViewOptions,
  children,
}: WorkflowCanvasProps) {
  const flow = useReactFlow<WorkflowFlowNode, WorkflowFlowEdge>();
  const { document, change, gesture, endGesture } = editor;
  const nodes = useMemo(
    () => toFlowNodes(document, { selected: selection.nodes, generating }),
    [document, selection.nodes, generating],
  );
  const edges = useMemo(
    () => toFlowEdges(document).map((edge) => ({ ...edge, selected: selection.edges.has(edge.id) })),
    [document, selection.edges],
  );
  const rows = Math.max(GRID.rows, ...document.nodes.map((node) => nearestCell(node).row + 1));

  const onNodesChange = (changes: NodeChange<WorkflowFlowNode>[]) => {
    const positions = new Map<string, { x: number; y: number }>();
    let selected = selection.nodes;
    for (const item of changes) {
      if (item.type === 'position' && item.dragging && item.position) positions.set(item.id, item.position);
      if (item.type === 'select') selected = toggled(selected, item.id, item.selected);
    }
    if (positions.size > 0) change((current) => applyPositions(current, positions), gesture('drag'));
    if (selected !== selection.nodes) onSelectionChange({ ...selection, nodes: selected });
  };

  const onEdgesChange = (changes: EdgeChange<WorkflowFlowEdge>[]) => {
    let selected = selection.edges;
    for (const item of changes) if (item.type === 'select') selected = toggled(selected, item.id, item.selected);
    if (selected !== selection.edges) onSelectionChange({ ...selection, edges: selected });
  };

  // The whole drag, snapped at the end, is one undo step.
  const onNodeDragStop: OnNodeDrag<WorkflowFlowNode> = (_event, _node, dragged) => {
    change(
      (current) => dragged.reduce((snapped, node) => snapNode(snapped, node.id, node.position), current),
      gesture('drag'),
    );
    endGesture();
  };

  const onDelete: OnDelete<WorkflowFlowNode, WorkflowFlowEdge> = ({ nodes: goneNodes, edges: goneEdges }) => {
    if (
      goneNodes.length === 0 &&
      mindMapKeeps(
        document,
        goneEdges.map((edge) => edge.id),
      )
    ) {
      // Otherwise the connection seems not to go: mind-map mode puts it straight back.
      toast({
        title: 'Connexion automatique',
        description:
          'Un nœud sans suite reste relié au rendu : désactivez la connexion automatique dans le menu du workflow pour retirer ce lien.',
      });
    }
    change((current) =>
      removeConnections(
        removeNodes(
          current,
          goneNodes.map((node) => node.id),
        ),
        goneEdges.map((edge) => edge.id),
      ),
    );
    onSelectionChange(NO_SELECTION);
  };

  const onConnect = (connection: Connection) =>
    change((current) => connect(current, connection.source, connection.target));
  const isValidConnection: IsValidConnection<WorkflowFlowEdge> = (connection) =>
    canConnect(document, connection.source, connection.target);

  const handleNodeClick: NodeMouseHandler<WorkflowFlowNode> = (event, node) => {
    // Buttons, switches, sliders and ports inside a node do their own thing.
    if ((event.target as HTMLElement).closest('.workflow-node-control, .react-flow__handle')) return;
    onNodeClick(node.id);
  };

  // The wheel, caught before React Flow's own zoom: 1.1 / 0.9 steps, Shift (or a sideways swipe) pans.
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if ((event.target as HTMLElement).closest('.nowheel, .react-flow__minimap')) return;
      event.preventDefault();
      event.stopPropagation();
      const viewport = flow.getViewport();
      const sideways = event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY);
      if (sideways && !event.ctrlKey) {
        const dx = event.shiftKey ? event.deltaY || event.deltaX : event.deltaX;
        void flow.setViewport({
          ...viewport,
          x: viewport.x - dx * PAN_SPEED,
          y: event.shiftKey ? viewport.y : viewport.y - event.deltaY * PAN_SPEED,
        });
        return;
      }
      const bounds = element.getBoundingClientRect();
      void flow.setViewport(
        zoomAround(viewport, wheelFactor(event.deltaY), {
          x: event.clientX - bounds.left,
          y: event.clientY - bounds.top,
        }),
      );
    };
    element.addEventListener('wheel', onWheel, { passive: false, capture: true });
    return () => element.removeEventListener('wheel', onWheel, { capture: true });
  }, [flow]);

  return (
    <div ref={wrapper} className="workflow-canvas" data-testid="workflow-canvas">
      <ReactFlow<WorkflowFlowNode, WorkflowFlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeDragStop={onNodeDragStop}
        onNodeClick={handleNodeClick}
        onDelete={onDelete}
        onConnect={onConnect}
        isValidConnection={isValidConnection}
        nodeOrigin={NODE_ORIGIN}
        translateExtent={CANVAS_EXTENT}
        minZoom={ZOOM.min}
        maxZoom={ZOOM.max}
        zoomOnScroll={false}
        zoomOnDoubleClick={false}
        panOnScroll={false}
        deleteKeyCode={DELETE_KEYS}
        colorMode={colorMode}
        connectionLineStyle={{ stroke: 'var(--mantine-color-violet-5)', strokeWidth: 2, strokeDasharray: '6 4' }}
        // Between the zoom level and the controls (workflow.css lifts it above a phone's run bar): at the top right it sat under the account menu.
        attributionPosition="bottom-center"
        elevateNodesOnSelect={false}
        fitView
        fitViewOptions={fitViewOptions}
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} />
        <GridCells rows={rows} />
        {showMiniMap && (
          <MiniMap<WorkflowFlowNode>
            pannable
            zoomable
            position="bottom-right"
            style={{ marginBottom: 14, marginRight: 68, ...MINIMAP_SIZE }}
            nodeColor={(node) => `var(--mantine-color-${NODE_COLORS[node.type ?? 'render']}-4)`}
            nodeBorderRadius={6}
            ariaLabel="Vue d'ensemble du workflow"
          />
        )}
      </ReactFlow>
      {children}
    </div>
  );
}
