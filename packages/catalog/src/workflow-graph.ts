import { z } from 'zod';
import { clientText } from './client-text';

/** The node kinds a saved workflow may hold. */
export const WORKFLOW_NODE_TYPES = [
  'source',
  'style',
  'character',
  'action',
  'environment',
  'clothing',
  'camera',
  'lighting',
  'format',
  'upscale',
  'combine',
  'result',
  'render',
] as const;
export type WorkflowNodeType = (typeof WORKFLOW_NODE_TYPES)[number];

/** The composites' reference pictures. */
export const REFERENCE_SLOT_IDS = ['face', 'body', 'environment', 'style'] as const;
export type ReferenceSlotId = (typeof REFERENCE_SLOT_IDS)[number];

export const WORKFLOW_LIMITS = {
  nameLength: 120,
  nodes: 200,
  connections: 1000,
  imagesPerNode: 16,
  coordinate: 100_000,
  /** The largest stored document, as JSON. Pictures are addresses, so real workflows stay far below. */
  documentBytes: 512 * 1024,
} as const;

/** A document's size as the server stores it (compact JSON, UTF-8). */
export function workflowDocumentBytes(document: unknown): number {
  return new TextEncoder().encode(JSON.stringify(document)).length;
}

export const workflowGraphMessages = {
  documentTooLarge: `Ce workflow est trop volumineux (${WORKFLOW_LIMITS.documentBytes / 1024} ko au maximum) : retirez des nœuds ou raccourcissez leurs textes.`,
  missingImage: 'Image manquante',
  imageAddressTooLong: 'Adresse d’image trop longue',
  embeddedImage: 'Image intégrée (data:) refusée : envoyez d’abord l’image au serveur.',
  missingName: 'Donnez un nom au workflow',
  nameTooLong: `Le nom du workflow : ${WORKFLOW_LIMITS.nameLength} caractères au maximum.`,
  unsupportedVersion: 'Version de workflow non prise en charge',
  missingNodeId: 'Identifiant de nœud manquant',
  nodeIdTooLong: 'Identifiant de nœud trop long',
  unknownNodeType: 'Type de nœud inconnu',
  nodeNameTooLong: 'Nom de nœud trop long (200 caractères au maximum)',
  positionOutOfRange: 'Position hors limites',
  optionTooLong: 'Option de nœud trop longue',
  intensityOutOfRange: 'L’intensité doit être comprise entre 0 et 1',
  invalidIndex: 'Index invalide',
  tooManyImages: `Un nœud garde au plus ${WORKFLOW_LIMITS.imagesPerNode} images`,
  transformationTooLong: 'Transformation trop longue (4000 caractères au maximum)',
  tooManyNodes: `Un workflow ne peut pas dépasser ${WORKFLOW_LIMITS.nodes} nœuds`,
  tooManyConnections: `Un workflow ne peut pas dépasser ${WORKFLOW_LIMITS.connections} connexions`,
  invalidConnectionId: 'Identifiant de connexion invalide',
  unknownReferenceSlot: 'Type de référence inconnu (face, body, environment ou style)',
  importanceOutOfRange: 'L’importance d’une référence doit être comprise entre 0,1 et 1',
  renderCountOutOfRange: 'Le nombre de rendus doit être compris entre 1 et 4',
  zoomOutOfRange: 'Le zoom doit être compris entre 0,1 et 3',
  duplicateNodeId: 'Deux nœuds portent le même identifiant',
  danglingConnection: 'Une connexion relie un nœud absent',
  selfConnection: 'Un nœud ne peut pas être relié à lui-même',
  secondRenderNode: 'Un workflow ne peut contenir qu’un seul nœud de rendu',
} as const;

const m = workflowGraphMessages;

/**
 * The address of a picture the server stores (`/api/media/<key>`, `/api/art/<id>.jpg`). Pictures
 * themselves never travel inside JSON: a data: URL would make every workflow save and every call
 * naming an image megabytes long; pictures are uploaded once and named by address.
 */
export const mediaReferenceSchema = clientText({ error: m.missingImage })
  .trim()
  .min(1, m.missingImage)
  // The length of the columns that keep an address (a video's source, the last picture used).
  .max(255, m.imageAddressTooLong)
  .refine((address) => !/^data:/i.test(address), m.embeddedImage);

/** A workflow's name as its owner types it: trimmed, never blank. */
export const workflowNameSchema = clientText({ error: m.missingName })
  .trim()
  .min(1, m.missingName)
  .max(WORKFLOW_LIMITS.nameLength, m.nameTooLong);

const nodeIdSchema = clientText({ error: m.missingNodeId }).min(1, m.missingNodeId).max(100, m.nodeIdTooLong);
const coordinateSchema = z
  .number()
  .min(-WORKFLOW_LIMITS.coordinate, m.positionOutOfRange)
  .max(WORKFLOW_LIMITS.coordinate, m.positionOutOfRange);
const indexSchema = z.number().int(m.invalidIndex).min(0, m.invalidIndex);
const optionalMediaReference = mediaReferenceSchema.nullable().default(null);

export const workflowNodeSchema = z.object({
  id: nodeIdSchema,
  type: z.enum(WORKFLOW_NODE_TYPES, { error: m.unknownNodeType }),
  name: clientText().max(200, m.nodeNameTooLong),
  x: coordinateSchema,
  y: coordinateSchema,
  /** Where the node sat before the expanded node pushed it aside: it goes back there when that node collapses. */
  home: z.object({ x: coordinateSchema, y: coordinateSchema }).optional(),
  /** The catalogue option a category node carries. */
  option: z
    .object({
      id: clientText().max(100, m.optionTooLong),
      name: clientText().max(200, m.optionTooLong),
      thumbnail: clientText().max(500, m.optionTooLong).optional(),
    })
    .nullable()
    .default(null),
  categoryIndex: indexSchema.optional(),
  depth: indexSchema.optional(),
  intensity: z.number().min(0, m.intensityOutOfRange).max(1, m.intensityOutOfRange).default(1),
  isEnabled: z.boolean().default(true),
  isExpanded: z.boolean().default(false),
  image: optionalMediaReference,
  compositeImage: optionalMediaReference,
  combinedImage: optionalMediaReference,
  combinedImagePath: optionalMediaReference,
  /** A result node's renders. */
  images: z.array(mediaReferenceSchema).max(WORKFLOW_LIMITS.imagesPerNode, m.tooManyImages).default([]),
  activeImageIndex: indexSchema.default(0),
  transformation: clientText().max(4000, m.transformationTooLong).nullable().default(null),
  parentId: clientText().max(100, m.nodeIdTooLong).nullable().default(null),
});

export const workflowConnectionSchema = z.object({
  id: clientText().min(1, m.invalidConnectionId).max(200, m.invalidConnectionId),
  fromNode: nodeIdSchema,
  toNode: nodeIdSchema,
});

const referenceSlotSchema = z.object({
  image: mediaReferenceSchema,
  importance: z.number().min(0.1, m.importanceOutOfRange).max(1, m.importanceOutOfRange),
});

/** A saved workflow: what the server stores and what the editor imports as JSON. */
export const workflowDocumentSchema = z
  .object({
    version: z.literal(1, { error: m.unsupportedVersion }),
    nodes: z.array(workflowNodeSchema).max(WORKFLOW_LIMITS.nodes, m.tooManyNodes),
    connections: z.array(workflowConnectionSchema).max(WORKFLOW_LIMITS.connections, m.tooManyConnections),
    referenceImages: z
      .partialRecord(z.enum(REFERENCE_SLOT_IDS, { error: m.unknownReferenceSlot }), referenceSlotSchema)
      .default({}),
    renderCount: z
      .number()
      .int(m.renderCountOutOfRange)
      .min(1, m.renderCountOutOfRange)
      .max(4, m.renderCountOutOfRange)
      .default(1),
    mindMap: z.boolean().default(true),
    simpleMode: z.boolean().default(false),
    viewport: z
      .object({
        x: coordinateSchema,
        y: coordinateSchema,
        zoom: z.number().min(0.1, m.zoomOutOfRange).max(3, m.zoomOutOfRange),
      })
      .optional(),
  })
  .superRefine((document, ctx) => {
    const refuse = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const nodeIds = new Set<string>();
    let renderNodes = 0;
    document.nodes.forEach((node, index) => {
      if (nodeIds.has(node.id)) refuse(['nodes', index, 'id'], m.duplicateNodeId);
      nodeIds.add(node.id);
      if (node.type === 'render' && ++renderNodes > 1) refuse(['nodes', index, 'type'], m.secondRenderNode);
    });
    document.connections.forEach((connection, index) => {
      for (const end of ['fromNode', 'toNode'] as const) {
        if (!nodeIds.has(connection[end])) refuse(['connections', index, end], m.danglingConnection);
      }
      if (connection.fromNode === connection.toNode) refuse(['connections', index, 'toNode'], m.selfConnection);
    });
  });

export type WorkflowDocument = z.output<typeof workflowDocumentSchema>;
export type WorkflowDocumentInput = z.input<typeof workflowDocumentSchema>;
export type WorkflowNode = z.output<typeof workflowNodeSchema>;
export type WorkflowConnection = z.output<typeof workflowConnectionSchema>;
