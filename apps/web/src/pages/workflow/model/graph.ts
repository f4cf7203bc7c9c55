import type { WorkflowConnection, WorkflowDocument, WorkflowNode, WorkflowNodeType } from '@atelier/catalog';
import { GRID } from './constants';
import { cellCenter, LAYOUT_SLOTS, nearestFreeCell, placeNode, withExpanded, type Point } from './grid';
import { createNode, emptyDocument, findNode } from './nodes';

/** A connection's id names its two ends: one connection per pair. */
export function connectionId(fromNode: string, toNode: string): string {
  return `${fromNode}>${toNode}`;
}

const connection = (fromNode: string, toNode: string): WorkflowConnection => ({
  id: connectionId(fromNode, toNode),
  fromNode,
  toNode,
});

export function renderNodeOf(document: WorkflowDocument): WorkflowNode | undefined {
  return document.nodes.find((node) => node.type === 'render');
}

/** Ids of every node whose output reaches `targetId` through the connections. */
export function upstreamNodeIds(document: WorkflowDocument, targetId: string): Set<string> {
  const found = new Set<string>();
  const pending = [targetId];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const { fromNode, toNode } of document.connections) {
      if (toNode === current && !found.has(fromNode) && fromNode !== targetId) {
        found.add(fromNode);
        pending.push(fromNode);
      }
    }
  }
  return found;
}

/** Whether the user may draw a connection: not to itself, not twice, and never in a loop. */
export function canConnect(document: WorkflowDocument, fromNode: string, toNode: string): boolean {
  if (fromNode === toNode || !findNode(document, fromNode) || !findNode(document, toNode)) return false;
  if (document.connections.some((existing) => existing.fromNode === fromNode && existing.toNode === toNode))
    return false;
  return !upstreamNodeIds(document, fromNode).has(toNode);
}

export function connect(document: WorkflowDocument, fromNode: string, toNode: string): WorkflowDocument {
  if (!canConnect(document, fromNode, toNode)) return document;
  return { ...document, connections: [...document.connections, connection(fromNode, toNode)] };
}

/**
 * Mind-map mode: every node that leads nowhere (other than the render node and the results it
 * feeds) is connected to the render node. A node already leading somewhere, like one inserted
 * in a chain, keeps its path.
 */
export function withMindMap(document: WorkflowDocument): WorkflowDocument {
  const render = renderNodeOf(document);
  if (!document.mindMap || !render) return document;
  const leading = new Set(document.connections.map((existing) => existing.fromNode));
  const added = document.nodes
    .filter((node) => node.type !== 'render' && node.type !== 'result' && !leading.has(node.id))
    .filter((node) => canConnect(document, node.id, render.id))
    .map((node) => connection(node.id, render.id));
  return added.length === 0 ? document : { ...document, connections: [...document.connections, ...added] };
}

export function removeNodes(document: WorkflowDocument, ids: readonly string[]): WorkflowDocument {
  const gone = new Set(ids);
  return {
    ...document,
    nodes: document.nodes.filter((node) => !gone.has(node.id)),
    connections: document.connections.filter((existing) => !gone.has(existing.fromNode) && !gone.has(existing.toNode)),
  };
}

export function removeConnections(document: WorkflowDocument, ids: readonly string[]): WorkflowDocument {
  const gone = new Set(ids);
  return { ...document, connections: document.connections.filter((existing) => !gone.has(existing.id)) };
}

/** Whether mind-map mode would put back at once one of these connections if they were removed. */
export function mindMapKeeps(document: WorkflowDocument, ids: readonly string[]): boolean {
  const removed = document.connections.filter((existing) => ids.includes(existing.id));
  const after = withMindMap(removeConnections(document, ids)).connections;
  return removed.some((gone) => after.some((kept) => kept.fromNode === gone.fromNode && kept.toNode === gone.toNode));
}

/**
 * The '+' of a connection: a new node between its two ends, on the free cell closest to the
 * middle of the connection, which is split in two (from → new → to).
 */
export function insertOnConnection(
  document: WorkflowDocument,
  connectionToSplit: string,
  type: WorkflowNodeType,
  newId: string,
): WorkflowDocument {
  const split = document.connections.find((existing) => existing.id === connectionToSplit);
  const from = split && findNode(document, split.fromNode);
  const to = split && findNode(document, split.toNode);
  if (!split || !from || !to) return document;
  const middle: Point = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const placed = placeNode(document, createNode(type, newId, middle, { parentId: from.id }), middle);
  return {
    ...placed,
    connections: [
      ...placed.connections.filter((existing) => existing.id !== split.id),
      connection(from.id, newId),
      connection(newId, to.id),
    ],
  };
}

/** A new node on the free cell closest to `near`, wired in by mind-map mode. */
export function addNode(
  document: WorkflowDocument,
  type: WorkflowNodeType,
  newId: string,
  near: Point,
  extra: Partial<WorkflowNode> = {},
): WorkflowDocument {
  return withMindMap(placeNode(document, createNode(type, newId, near, extra), near));
}

/**
 * What an uploaded photo starts in an empty editor: the render body in the middle with the
 * source photo and seven category nodes around it, all connected to it.
 */
export function defaultLayout(image: string, newId: () => string): WorkflowDocument {
  const types: WorkflowNodeType[] = [
    'render',
    'source',
    'style',
    'character',
    'action',
    'environment',
    'lighting',
    'camera',
    'clothing',
  ];
  const nodes = types.map((type) => {
    const slot = LAYOUT_SLOTS.find((candidate) => candidate.type === type)!;
    return createNode(type, newId(), cellCenter(slot.cell), type === 'source' ? { image } : {});
  });
  return withMindMap({ ...emptyDocument(), nodes });
}

export function setEnabled(document: WorkflowDocument, id: string, isEnabled: boolean): WorkflowDocument {
  return { ...document, nodes: document.nodes.map((node) => (node.id === id ? { ...node, isEnabled } : node)) };
}

/**
 * A click on a node: a collapsed node expands (the only one expanded), the expanded one
 * collapses unless it is a source node; the grid then makes room.
 */
export function toggleExpansion(document: WorkflowDocument, id: string): WorkflowDocument {
  const node = findNode(document, id);
  if (!node || (node.isExpanded && node.type === 'source')) return document;
  return withExpanded(document, node.isExpanded ? null : id);
}

export function expandNode(document: WorkflowDocument, id: string): WorkflowDocument {
  const node = findNode(document, id);
  return node && !node.isExpanded ? toggleExpansion(document, id) : document;
}

/** What Ctrl/Cmd+C keeps: the nodes and the connections between them (the render node is one of a kind). */
export interface Clipboard {
  nodes: WorkflowNode[];
  connections: WorkflowConnection[];
}

export function copyNodes(document: WorkflowDocument, ids: readonly string[]): Clipboard | null {
  const chosen = new Set(ids);
  const nodes = document.nodes.filter((node) => chosen.has(node.id) && node.type !== 'render');
  if (nodes.length === 0) return null;
  const kept = new Set(nodes.map((node) => node.id));
  return {
    nodes,
    connections: document.connections.filter((existing) => kept.has(existing.fromNode) && kept.has(existing.toNode)),
  };
}

/** Copies pasted beside their originals with new ids, their own connections kept, collapsed. Returns the new ids. */
export function pasteNodes(
  document: WorkflowDocument,
  clipboard: Clipboard,
  newId: () => string,
): { document: WorkflowDocument; ids: string[] } {
  const ids = new Map(clipboard.nodes.map((node) => [node.id, newId()]));
  let next = document;
  for (const node of clipboard.nodes) {
    const copy = {
      ...node,
      id: ids.get(node.id)!,
      isExpanded: false,
      parentId: node.parentId && (ids.get(node.parentId) ?? node.parentId),
    };
    next = placeNode(next, copy, { x: node.x, y: node.y });
  }
  const copied = clipboard.connections.map((existing) =>
    connection(ids.get(existing.fromNode)!, ids.get(existing.toNode)!),
  );
  next = { ...next, connections: [...next.connections, ...copied] };
  return { document: withMindMap(next), ids: [...ids.values()] };
}

/** The result node the render node feeds, created (on the right of the render body) and connected when missing. */
export function ensureResultNode(
  document: WorkflowDocument,
  renderId: string,
  newId: string,
): { document: WorkflowDocument; resultId: string } {
  const render = findNode(document, renderId);
  if (!render) return { document, resultId: newId };
  const fed = document.connections.find(
    (existing) => existing.fromNode === renderId && findNode(document, existing.toNode)?.type === 'result',
  );
  if (fed) return { document, resultId: fed.toNode };
  const existing = document.nodes.find((node) => node.type === 'result');
  if (existing) return { document: connect(document, renderId, existing.id), resultId: existing.id };
  const result = createNode('result', newId, render, { parentId: renderId });
  const right: Point = { x: render.x + 4 * GRID.cellWidth, y: render.y };
  const placed = {
    ...document,
    nodes: [...document.nodes, { ...result, ...cellCenter(nearestFreeCell(document, result, right)) }],
  };
  return { document: connect(placed, renderId, newId), resultId: newId };
}
