import type { WorkflowDocument, WorkflowNode, WorkflowNodeType } from '@atelier/catalog';
import { createNode, emptyDocument } from './nodes';

/** Sequential ids, so tests can name what they expect. */
export function idSequence(prefix = 'id'): () => string {
  let count = 0;
  return () => `${prefix}${(count += 1)}`;
}

export function node(type: WorkflowNodeType, id: string, extra: Partial<WorkflowNode> = {}): WorkflowNode {
  return createNode(type, id, { x: 0, y: 0 }, extra);
}

export function documentOf(
  nodes: WorkflowNode[],
  connections: [string, string][] = [],
  extra: Partial<WorkflowDocument> = {},
): WorkflowDocument {
  return {
    ...emptyDocument(),
    nodes,
    connections: connections.map(([fromNode, toNode]) => ({ id: `${fromNode}>${toNode}`, fromNode, toNode })),
    ...extra,
  };
}
