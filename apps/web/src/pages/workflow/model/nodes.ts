import {
  getOptions,
  getWorkflowOption,
  isCategoryId,
  WORKFLOW_CATALOG,
  workflowDocumentSchema,
  workflowNodeSchema,
  WORKFLOW_CATEGORY_IDS,
  type CatalogOption,
  type CategoryId,
  type WorkflowCategoryId,
  type WorkflowDocument,
  type WorkflowNode,
  type WorkflowNodeType,
} from '@atelier/catalog';
import { NODE_SIZE } from './constants';

/** French names of the node kinds, as the editor shows them. */
export const NODE_LABELS: Readonly<Record<WorkflowNodeType, string>> = {
  source: 'Photo',
  style: 'Style',
  character: 'Personnage',
  action: 'Action',
  environment: 'Environnement',
  clothing: 'Vêtements',
  camera: 'Angle',
  lighting: 'Lumière',
  format: 'Format',
  upscale: 'HD',
  combine: 'Combiner',
  result: 'Résultat',
  render: 'Rendu',
};

/** What each kind of node is for, shown in the 'Ajouter un Nœud' chooser. */
export const NODE_DESCRIPTIONS: Readonly<Record<WorkflowNodeType, string>> = {
  source: 'La photo de départ',
  style: 'Un style artistique',
  character: 'Transformer le sujet en personnage',
  action: 'Ce que fait le sujet',
  environment: 'Le lieu de la scène',
  clothing: 'La tenue du sujet',
  camera: "L'angle de prise de vue",
  lighting: "L'ambiance lumineuse",
  format: 'Le cadrage et la taille',
  upscale: 'La qualité de sortie',
  combine: 'Fusionner plusieurs images',
  result: 'Les images produites',
  render: 'Le moteur qui exécute le workflow',
};

/** A node that carries a catalogue option. */
export type OptionNodeType = Extract<WorkflowNodeType, CategoryId>;

export function isOptionNodeType(type: WorkflowNodeType): type is OptionNodeType {
  return isCategoryId(type);
}

function isWorkflowCategory(type: CategoryId): type is WorkflowCategoryId {
  return (WORKFLOW_CATEGORY_IDS as readonly string[]).includes(type);
}

/** The options a node of this kind offers: the editor's own list, or the studio's for format and upscale. */
export function optionsFor(type: OptionNodeType): readonly CatalogOption[] {
  return isWorkflowCategory(type) ? WORKFLOW_CATALOG[type] : getOptions(type);
}

/** Kinds whose collapsed card shows a picture. */
const PICTURE_TYPES: ReadonlySet<WorkflowNodeType> = new Set(['source', 'combine', 'result']);

export function nodeSize(node: Pick<WorkflowNode, 'type' | 'isExpanded'>): { width: number; height: number } {
  if (node.isExpanded) return { width: NODE_SIZE.expandedWidth, height: NODE_SIZE.expandedHeight };
  return {
    width: NODE_SIZE.collapsedWidth,
    height: PICTURE_TYPES.has(node.type) ? NODE_SIZE.collapsedImageHeight : NODE_SIZE.collapsedHeight,
  };
}

/** A fresh node of a kind, centred on a point; every other field takes the document schema's default. */
export function createNode(
  type: WorkflowNodeType,
  id: string,
  at: { x: number; y: number },
  extra: Partial<WorkflowNode> = {},
): WorkflowNode {
  return { ...workflowNodeSchema.parse({ id, type, name: NODE_LABELS[type], x: at.x, y: at.y }), ...extra };
}

/** The picture a node hands on to what it is connected to, if any. */
export function nodeOutputImage(node: WorkflowNode): string | null {
  switch (node.type) {
    case 'source':
      return node.compositeImage ?? node.image;
    case 'combine':
      return node.combinedImage;
    case 'result':
      return node.images[node.activeImageIndex] ?? node.images[0] ?? null;
    default:
      return node.image;
  }
}

/** A workflow with nothing in it yet, with the document schema's defaults. */
export function emptyDocument(): WorkflowDocument {
  return workflowDocumentSchema.parse({ version: 1, nodes: [], connections: [] });
}

export function findNode(document: WorkflowDocument, id: string): WorkflowNode | undefined {
  return document.nodes.find((node) => node.id === id);
}

export function updateNode(document: WorkflowDocument, id: string, change: Partial<WorkflowNode>): WorkflowDocument {
  return { ...document, nodes: document.nodes.map((node) => (node.id === id ? { ...node, ...change } : node)) };
}

/** Short random node ids: they end up in render ids (`<result>-<index>`, 100 characters at most). */
export function randomNodeId(): string {
  return `n${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

/** The option a node shows: its catalogue entry (the saved name if the catalogue no longer has it). */
export function displayedOption(
  node: WorkflowNode,
): { id: string; name: string; thumbnail: string | undefined } | null {
  if (!node.option || !isOptionNodeType(node.type)) return null;
  const option = getWorkflowOption(node.type, node.option.id);
  return {
    id: node.option.id,
    name: option?.name ?? node.option.name,
    thumbnail: option?.thumbnail ?? node.option.thumbnail,
  };
}
