import type { WorkflowDocument, WorkflowNode, WorkflowNodeType } from '@atelier/catalog';
import type { Edge, Node, NodeHandle, Position } from '@xyflow/react';
import { findNode, nodeSize } from './nodes';

export interface WorkflowNodeData extends Record<string, unknown> {
  node: WorkflowNode;
  /** A request for this node is in flight. */
  generating: boolean;
}

export type WorkflowFlowNode = Node<WorkflowNodeData, WorkflowNodeType>;
export type WorkflowFlowEdge = Edge<Record<string, never>, 'insertable'>;

export interface FlowViewState {
  selected: ReadonlySet<string>;
  generating: ReadonlySet<string>;
}

const HANDLE_SIZE = 14;

/**
 * The input port on the left edge, the output port on the right, half outside the node. Given
 * with the size, the canvas needs no measuring before it draws and connects.
 */
function handlesOf({ width, height }: { width: number; height: number }): NodeHandle[] {
  const y = height / 2 - HANDLE_SIZE / 2;
  return [
    { type: 'target', position: 'left' as Position, x: -HANDLE_SIZE / 2, y, width: HANDLE_SIZE, height: HANDLE_SIZE },
    {
      type: 'source',
      position: 'right' as Position,
      x: width - HANDLE_SIZE / 2,
      y,
      width: HANDLE_SIZE,
      height: HANDLE_SIZE,
    },
  ];
}

/** The canvas nodes of a document: sized by the model, the expanded one above the others. */
export function toFlowNodes(document: WorkflowDocument, { selected, generating }: FlowViewState): WorkflowFlowNode[] {
  return document.nodes.map((node) => {
    const size = nodeSize(node);
    return {
      id: node.id,
      type: node.type,
      position: { x: node.x, y: node.y },
      data: { node, generating: generating.has(node.id) },
      ...size,
      measured: size,
      handles: handlesOf(size),
      selected: selected.has(node.id),
      // The render body is what a workflow runs through: there is one, and it stays.
      deletable: node.type !== 'render',
      zIndex: node.isExpanded ? 10 : 1,
      className: node.isEnabled ? undefined : 'workflow-node-disabled',
    };
  });
}

/** The canvas connections; those of a disabled node are hidden. */
export function toFlowEdges(document: WorkflowDocument): WorkflowFlowEdge[] {
  return document.connections.map((connection) => {
    const from = findNode(document, connection.fromNode);
    const to = findNode(document, connection.toNode);
    return {
      id: connection.id,
      source: connection.fromNode,
      target: connection.toNode,
      type: 'insertable' as const,
      hidden: !from?.isEnabled || !to?.isEnabled,
    };
  });
}

/** Positions the canvas reports during a drag, written back to the document. */
export function applyPositions(
  document: WorkflowDocument,
  positions: ReadonlyMap<string, { x: number; y: number }>,
): WorkflowDocument {
  if (positions.size === 0) return document;
  return {
    ...document,
    nodes: document.nodes.map((node) => {
      const position = positions.get(node.id);
      return position ? { ...node, x: position.x, y: position.y } : node;
    }),
  };
}
