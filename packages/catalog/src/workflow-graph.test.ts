import { describe, expect, it } from 'vitest';
import {
  mediaReferenceSchema,
  workflowDocumentSchema,
  workflowNameSchema,
  type WorkflowDocumentInput,
} from './workflow-graph';

const node = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  type,
  name: id,
  x: 0,
  y: 0,
  ...extra,
});

/** A source photo, a watercolour style and a render node, wired in a line. */
function document(overrides: Partial<Record<keyof WorkflowDocumentInput, unknown>> = {}) {
  return {
    version: 1,
    nodes: [
      node('source-1', 'source', { image: '/api/media/uploads/2026/11/photo.jpg' }),
      node('style-1', 'style', {
        option: { id: 'watercolor', name: 'Aquarelle' },
        intensity: 0.7,
        categoryIndex: 0,
        depth: 1,
      }),
      node('render-1', 'render'),
    ],
    connections: [
      { id: 'c1', fromNode: 'source-1', toNode: 'style-1' },
      { id: 'c2', fromNode: 'style-1', toNode: 'render-1' },
    ],
    ...overrides,
  };
}

/** The messages of a refused document, each with where it points. */
function refusals(input: unknown) {
  const result = workflowDocumentSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('workflowDocumentSchema', () => {
  it('accepts a valid document and fills in every default', () => {
    const parsed = workflowDocumentSchema.parse(document());
    expect(parsed).toMatchObject({ version: 1, referenceImages: {}, renderCount: 1, mindMap: true, simpleMode: false });
    expect(parsed.viewport).toBeUndefined();
    expect(parsed.nodes[2]).toEqual({
      id: 'render-1',
      type: 'render',
      name: 'render-1',
      x: 0,
      y: 0,
      option: null,
      intensity: 1,
      isEnabled: true,
      isExpanded: false,
      image: null,
      compositeImage: null,
      combinedImage: null,
      combinedImagePath: null,
      images: [],
      activeImageIndex: 0,
      transformation: null,
      parentId: null,
    });
    expect(parsed.nodes[1]).toMatchObject({
      option: { id: 'watercolor', name: 'Aquarelle' },
      intensity: 0.7,
      categoryIndex: 0,
      depth: 1,
    });
  });

  it('keeps what the editor sets and drops fields it does not know', () => {
    const parsed = workflowDocumentSchema.parse(
      document({
        referenceImages: { face: { image: '/api/media/uploads/face.jpg', importance: 0.8 } },
        renderCount: 4,
        viewport: { x: -120.5, y: 40, zoom: 1.5 },
        nodes: [
          node('result-1', 'result', {
            images: ['/api/media/results/a.jpg', '/api/art/7.jpg'],
            activeImageIndex: 1,
            selected: true,
          }),
        ],
        connections: [],
      }),
    );
    expect(parsed.referenceImages).toEqual({ face: { image: '/api/media/uploads/face.jpg', importance: 0.8 } });
    expect(parsed.viewport).toEqual({ x: -120.5, y: 40, zoom: 1.5 });
    expect(parsed.nodes[0]).toMatchObject({
      images: ['/api/media/results/a.jpg', '/api/art/7.jpg'],
      activeImageIndex: 1,
    });
    expect(parsed.nodes[0]).not.toHaveProperty('selected');
  });

  it('refuses two nodes with the same id', () => {
    expect(refusals(document({ nodes: [node('a', 'source'), node('a', 'style')], connections: [] }))).toEqual([
      { path: 'nodes.1.id', message: 'Deux nœuds portent le même identifiant' },
    ]);
  });

  it('refuses a connection to a node that is not there', () => {
    expect(refusals(document({ connections: [{ id: 'c1', fromNode: 'source-1', toNode: 'ghost' }] }))).toEqual([
      { path: 'connections.0.toNode', message: 'Une connexion relie un nœud absent' },
    ]);
  });

  it('refuses a node connected to itself', () => {
    expect(refusals(document({ connections: [{ id: 'c1', fromNode: 'style-1', toNode: 'style-1' }] }))).toEqual([
      { path: 'connections.0.toNode', message: 'Un nœud ne peut pas être relié à lui-même' },
    ]);
  });

  it('refuses a second render node', () => {
    expect(refusals(document({ nodes: [node('r1', 'render'), node('r2', 'render')], connections: [] }))).toEqual([
      { path: 'nodes.1.type', message: 'Un workflow ne peut contenir qu’un seul nœud de rendu' },
    ]);
  });

  it('refuses pictures embedded as data: URLs wherever a node holds one', () => {
    const embedded = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
    const message = 'Image intégrée (data:) refusée : envoyez d’abord l’image au serveur.';
    expect(refusals(document({ nodes: [node('s', 'source', { image: embedded })], connections: [] }))).toEqual([
      { path: 'nodes.0.image', message },
    ]);
    expect(
      refusals(
        document({ nodes: [node('r', 'result', { images: [' DATA:image/png;base64,AAAA'] })], connections: [] }),
      ),
    ).toEqual([{ path: 'nodes.0.images.0', message }]);
    expect(refusals(document({ referenceImages: { style: { image: embedded, importance: 0.5 } } }))).toEqual([
      { path: 'referenceImages.style.image', message },
    ]);
  });

  it('refuses 201 nodes and accepts 200', () => {
    const nodes = (count: number) => Array.from({ length: count }, (_, index) => node(`n${index}`, 'style'));
    expect(workflowDocumentSchema.safeParse(document({ nodes: nodes(200), connections: [] })).success).toBe(true);
    expect(refusals(document({ nodes: nodes(201), connections: [] }))).toEqual([
      { path: 'nodes', message: 'Un workflow ne peut pas dépasser 200 nœuds' },
    ]);
  });

  it('refuses out-of-range values with French messages', () => {
    expect(refusals(document({ version: 2 }))).toEqual([
      { path: 'version', message: 'Version de workflow non prise en charge' },
    ]);
    expect(refusals(document({ renderCount: 5 }))).toEqual([
      { path: 'renderCount', message: 'Le nombre de rendus doit être compris entre 1 et 4' },
    ]);
    expect(refusals(document({ viewport: { x: 0, y: 0, zoom: 10 } }))).toEqual([
      { path: 'viewport.zoom', message: 'Le zoom doit être compris entre 0,1 et 3' },
    ]);
    expect(refusals(document({ nodes: [node('s', 'source', { x: 100_001 })], connections: [] }))).toEqual([
      { path: 'nodes.0.x', message: 'Position hors limites' },
    ]);
    expect(refusals(document({ nodes: [node('s', 'style', { intensity: 1.5 })], connections: [] }))).toEqual([
      { path: 'nodes.0.intensity', message: 'L’intensité doit être comprise entre 0 et 1' },
    ]);
    expect(refusals(document({ nodes: [node('s', 'weather')], connections: [] }))).toEqual([
      { path: 'nodes.0.type', message: 'Type de nœud inconnu' },
    ]);
    expect(refusals(document({ referenceImages: { face: { image: '/api/media/f.jpg', importance: 0 } } }))).toEqual([
      {
        path: 'referenceImages.face.importance',
        message: 'L’importance d’une référence doit être comprise entre 0,1 et 1',
      },
    ]);
  });
});

describe('mediaReferenceSchema', () => {
  it('trims server addresses and refuses blank or overlong ones', () => {
    expect(mediaReferenceSchema.parse('  /api/art/3.jpg ')).toBe('/api/art/3.jpg');
    expect(mediaReferenceSchema.safeParse('   ').error?.issues[0]?.message).toBe('Image manquante');
    expect(mediaReferenceSchema.safeParse(`/api/media/${'x'.repeat(500)}`).error?.issues[0]?.message).toBe(
      'Adresse d’image trop longue',
    );
  });
});

describe('workflowNameSchema', () => {
  it('trims the name and refuses a blank or overlong one', () => {
    expect(workflowNameSchema.parse('  Portrait aquarelle  ')).toBe('Portrait aquarelle');
    expect(workflowNameSchema.safeParse('  ').error?.issues[0]?.message).toBe('Donnez un nom au workflow');
    expect(workflowNameSchema.safeParse('é'.repeat(121)).error?.issues[0]?.message).toBe(
      'Le nom du workflow : 120 caractères au maximum.',
    );
    expect(workflowNameSchema.parse('é'.repeat(120))).toHaveLength(120);
  });
});
