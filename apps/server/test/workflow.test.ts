import { CreditEntry, User, Workflow } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { LocalImageEngine, MediaError, type ImageEngine } from '@atelier/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';

const messages = {
  unauthenticated: 'Utilisateur non connecté',
  notFound: 'Workflow introuvable.',
  nameTaken: 'Un workflow porte déjà ce nom.',
  missingName: 'Donnez un nom au workflow',
  nameTooLong: 'Le nom du workflow : 120 caractères au maximum.',
  duplicateNodeId: 'Deux nœuds portent le même identifiant',
  danglingConnection: 'Une connexion relie un nœud absent',
  embeddedImage: 'Image intégrée (data:) refusée : envoyez d’abord l’image au serveur.',
  tooManyNodes: 'Un workflow ne peut pas dépasser 200 nœuds',
  tooLarge: 'Ce workflow est trop volumineux (512 ko au maximum) : retirez des nœuds ou raccourcissez leurs textes.',
  engineFailed: "La génération a échoué. Aucun crédit n'a été débité.",
};

/** The prompt word that makes the engine below fail, as an unreachable provider would. */
const FAILING_PROMPT = 'panne';

/** The real local engine, except for prompts naming the failure word. */
class EngineFailingOnPrompt implements ImageEngine {
  readonly name = 'local' as const;
  private readonly real = new LocalImageEngine();

  async transform(request: Parameters<ImageEngine['transform']>[0]) {
    if (request.prompt.includes(FAILING_PROMPT)) throw new MediaError('UPSTREAM', messages.engineFailed);
    return this.real.transform(request);
  }
}

interface TrpcAnswer<T> {
  status: number;
  data: T;
  message: string | undefined;
  fieldErrors: Record<string, string[]> | undefined;
}

/** A tRPC call as the web app's client makes it: superjson bodies, queries by GET. */
async function trpc<T = any>(
  c: TestClient,
  kind: 'query' | 'mutation',
  path: string,
  input?: unknown,
): Promise<TrpcAnswer<T>> {
  const envelope = input === undefined ? undefined : JSON.stringify({ json: input });
  const res =
    kind === 'query'
      ? await c.get(`/trpc/${path}${envelope ? `?input=${encodeURIComponent(envelope)}` : ''}`)
      : await c.request('POST', `/trpc/${path}`, envelope ?? '{}', { 'content-type': 'application/json' });
  const error = res.body?.error?.json;
  return {
    status: res.status,
    data: res.body?.result?.data?.json,
    message: error?.message,
    fieldErrors: error?.data?.fieldErrors,
  };
}

const node = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  type,
  name: id,
  x: 10,
  y: 20,
  ...extra,
});

/** A photo, a watercolour style and a render, wired in a line; `nodes`/`connections` replace them. */
function workflowDocument(overrides: Record<string, unknown> = {}) {
  return {
    version: 1,
    nodes: [
      node('source-1', 'source', { image: '/api/art/1.jpg' }),
      node('style-1', 'style', { option: { id: 'watercolor', name: 'Aquarelle' }, intensity: 0.6 }),
      node('render-1', 'render'),
    ],
    connections: [
      { id: 'c1', fromNode: 'source-1', toNode: 'style-1' },
      { id: 'c2', fromNode: 'style-1', toNode: 'render-1' },
    ],
    ...overrides,
  };
}

describe.each(testDatabaseTargets())('saved workflows on $name', (target) => {
  let t: TestApp;
  const client = freshClients(() => t, 31);

  async function signedIn(): Promise<{ c: TestClient; userId: number }> {
    const c = client();
    const { user } = await c.register();
    return { c, userId: user.id };
  }

  async function saved(c: TestClient, name: string, document: unknown = workflowDocument(), id?: number) {
    const res = await trpc<{ id: number; name: string; updatedAt: string }>(c, 'mutation', 'workflow.save', {
      id,
      name,
      document,
    });
    expect(res.status, res.message).toBe(200);
    return res.data;
  }

  const list = async (c: TestClient) =>
    (await trpc<{ id: number; name: string; nodeCount: number }[]>(c, 'query', 'workflow.list')).data;

  /** What the database holds for the user, whatever the API says. */
  async function storedWorkflows(userId: number) {
    const rows = await t.db.orm.em.fork().find(Workflow, { owner: userId }, { orderBy: { id: 'asc' } });
    return rows.map((row) => ({ id: row.id, name: row.name, graph: row.graph }));
  }

  beforeAll(async () => {
    t = await startTestApp(target, { media: { images: new EngineFailingOnPrompt() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, reopens, autosaves, renames and deletes workflows', async () => {
    const { c } = await signedIn();
    expect((await trpc(c, 'query', 'workflow.latest')).data).toBeNull();
    expect(await list(c)).toEqual([]);

    const portrait = await saved(c, '  Portrait aquarelle ');
    expect(portrait).toMatchObject({
      id: expect.any(Number),
      name: 'Portrait aquarelle',
      updatedAt: expect.any(String),
    });

    const opened = await trpc(c, 'query', 'workflow.get', { id: portrait.id });
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ id: portrait.id, name: 'Portrait aquarelle', updatedAt: portrait.updatedAt });
    // The stored document is the parsed one: every default the editor relies on is there.
    expect(opened.data.document).toMatchObject({
      version: 1,
      renderCount: 1,
      mindMap: true,
      simpleMode: false,
      referenceImages: {},
    });
    expect(opened.data.document.nodes[1]).toMatchObject({
      id: 'style-1',
      intensity: 0.6,
      isEnabled: true,
      images: [],
      parentId: null,
    });

    const city = await saved(
      c,
      'Ville la nuit',
      workflowDocument({ nodes: [node('source-1', 'source')], connections: [] }),
    );
    expect((await list(c)).map(({ name, nodeCount }) => ({ name, nodeCount }))).toEqual([
      { name: 'Ville la nuit', nodeCount: 1 },
      { name: 'Portrait aquarelle', nodeCount: 3 },
    ]);
    expect((await trpc(c, 'query', 'workflow.latest')).data).toMatchObject({ id: city.id, name: 'Ville la nuit' });

    // The autosave path: same id, new name and document; it becomes the one reopened after a reload.
    const autosaved = await saved(c, 'Portrait à la torche', workflowDocument({ renderCount: 3 }), portrait.id);
    expect(autosaved.id).toBe(portrait.id);
    const latest = await trpc(c, 'query', 'workflow.latest');
    expect(latest.data).toMatchObject({ id: portrait.id, name: 'Portrait à la torche', document: { renderCount: 3 } });
    expect((await list(c)).map((item) => item.id)).toEqual([portrait.id, city.id]);

    const renamed = await trpc(c, 'mutation', 'workflow.rename', { id: city.id, name: ' Ville au néon ' });
    expect(renamed).toMatchObject({ status: 200, data: { success: true } });
    expect((await list(c)).find((item) => item.id === city.id)?.name).toBe('Ville au néon');

    // The one the editor had open comes back first, even when another was saved since.
    expect((await trpc(c, 'query', 'workflow.latest', { preferId: city.id })).data).toMatchObject({
      id: city.id,
      name: 'Ville au néon',
    });

    expect(await trpc(c, 'mutation', 'workflow.delete', { id: portrait.id })).toMatchObject({
      status: 200,
      data: { success: true },
    });
    expect((await trpc(c, 'query', 'workflow.latest', { preferId: portrait.id })).data).toMatchObject({ id: city.id });
    expect(await trpc(c, 'query', 'workflow.get', { id: portrait.id })).toMatchObject({
      status: 404,
      message: messages.notFound,
    });
    expect((await list(c)).map((item) => item.id)).toEqual([city.id]);
    expect((await trpc(c, 'query', 'workflow.latest')).data).toMatchObject({ id: city.id });
  });

  it("keeps a workflow to its owner: another user's id is not found and nothing changes", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const { id } = await saved(alice.c, 'Secret');
    const before = await storedWorkflows(alice.userId);

    const attempts = [
      await trpc(bob.c, 'query', 'workflow.get', { id }),
      await trpc(bob.c, 'mutation', 'workflow.save', {
        id,
        name: 'Volé',
        document: workflowDocument({ nodes: [], connections: [] }),
      }),
      await trpc(bob.c, 'mutation', 'workflow.rename', { id, name: 'Volé' }),
      await trpc(bob.c, 'mutation', 'workflow.delete', { id }),
    ];
    for (const attempt of attempts) expect(attempt).toMatchObject({ status: 404, message: messages.notFound });
    // The same answer as for an id that exists for nobody.
    expect(await trpc(bob.c, 'query', 'workflow.get', { id: id + 10_000 })).toMatchObject({
      status: 404,
      message: messages.notFound,
    });

    expect(await storedWorkflows(alice.userId)).toEqual(before);
    expect(await storedWorkflows(bob.userId)).toEqual([]);
    expect(await list(bob.c)).toEqual([]);
    expect((await trpc(bob.c, 'query', 'workflow.latest')).data).toBeNull();
    expect((await trpc(bob.c, 'query', 'workflow.latest', { preferId: id })).data).toBeNull();
  });

  it('refuses a second workflow of the same name, also when two saves race', async () => {
    const { c, userId } = await signedIn();
    await saved(c, 'Mon flux');
    const second = await saved(c, 'Autre flux');

    const duplicate = await trpc(c, 'mutation', 'workflow.save', { name: ' Mon flux ', document: workflowDocument() });
    expect(duplicate).toMatchObject({
      status: 409,
      message: messages.nameTaken,
      fieldErrors: { name: [messages.nameTaken] },
    });
    expect(await trpc(c, 'mutation', 'workflow.rename', { id: second.id, name: 'Mon flux' })).toMatchObject({
      status: 409,
      message: messages.nameTaken,
    });
    expect(
      await trpc(c, 'mutation', 'workflow.save', { id: second.id, name: 'Mon flux', document: workflowDocument() }),
    ).toMatchObject({
      status: 409,
      message: messages.nameTaken,
    });
    expect((await storedWorkflows(userId)).map((row) => row.name)).toEqual(['Mon flux', 'Autre flux']);

    const race = await Promise.all(
      Array.from({ length: 2 }, () =>
        trpc(c, 'mutation', 'workflow.save', { name: 'Course', document: workflowDocument() }),
      ),
    );
    expect(race.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await storedWorkflows(userId)).filter((row) => row.name === 'Course')).toHaveLength(1);

    // Names are per person: someone else may use the same one.
    await saved((await signedIn()).c, 'Mon flux');
  });

  it('refuses invalid names and documents with French messages and writes nothing', async () => {
    const { c, userId } = await signedIn();
    const kept = await saved(c, 'Gardé');
    const before = await storedWorkflows(userId);
    const hugeNodes = Array.from({ length: 150 }, (_, index) =>
      node(`n${index}`, 'style', { transformation: 'x'.repeat(3900) }),
    );

    const cases: [input: Record<string, unknown>, status: number, message: string][] = [
      [{ name: '   ', document: workflowDocument() }, 400, messages.missingName],
      [{ name: 'é'.repeat(121), document: workflowDocument() }, 400, messages.nameTooLong],
      [
        {
          name: 'Doublons',
          document: workflowDocument({ nodes: [node('a', 'source'), node('a', 'style')], connections: [] }),
        },
        400,
        messages.duplicateNodeId,
      ],
      [
        {
          name: 'Orphelin',
          document: workflowDocument({ connections: [{ id: 'c1', fromNode: 'source-1', toNode: 'ghost' }] }),
        },
        400,
        messages.danglingConnection,
      ],
      [
        {
          name: 'Intégrée',
          document: workflowDocument({
            nodes: [node('s', 'source', { image: 'data:image/png;base64,iVBORw0KGgo=' })],
            connections: [],
          }),
        },
        400,
        messages.embeddedImage,
      ],
      [
        {
          name: 'Géant',
          document: workflowDocument({
            nodes: Array.from({ length: 201 }, (_, i) => node(`n${i}`, 'style')),
            connections: [],
          }),
        },
        400,
        messages.tooManyNodes,
      ],
      [{ name: 'Lourd', document: workflowDocument({ nodes: hugeNodes, connections: [] }) }, 413, messages.tooLarge],
      // The autosave path refuses the same way and leaves the stored one as it was.
      [
        {
          id: kept.id,
          name: 'Gardé',
          document: workflowDocument({ nodes: [node('a', 'source'), node('a', 'style')], connections: [] }),
        },
        400,
        messages.duplicateNodeId,
      ],
    ];
    for (const [input, status, message] of cases) {
      expect(await trpc(c, 'mutation', 'workflow.save', input), message).toMatchObject({ status, message });
    }

    // zod's own checks (wrong types, missing parts) answer in French too.
    const malformed: [document: unknown, message: string][] = [
      [{ nodes: [], connections: [] }, 'Version de workflow non prise en charge'],
      [{ ...workflowDocument(), nodes: 'aucun' }, 'Entrée invalide : tableau attendu, chaîne de caractères reçu'],
      [
        { ...workflowDocument(), nodes: [node('s', 'source', { x: '12' })] },
        'Entrée invalide : nombre attendu, chaîne de caractères reçu',
      ],
      [null, 'Entrée invalide : objet attendu, null reçu'],
    ];
    for (const [document, message] of malformed) {
      expect(await trpc(c, 'mutation', 'workflow.save', { name: 'Cassé', document })).toMatchObject({
        status: 400,
        message,
      });
    }
    expect(await storedWorkflows(userId)).toEqual(before);
  });

  it('needs a session for every workflow call', async () => {
    const anonymous = client();
    const calls = [
      await trpc(anonymous, 'query', 'workflow.list'),
      await trpc(anonymous, 'query', 'workflow.latest'),
      await trpc(anonymous, 'query', 'workflow.get', { id: 1 }),
      await trpc(anonymous, 'mutation', 'workflow.save', { name: 'Anonyme', document: workflowDocument() }),
      await trpc(anonymous, 'mutation', 'workflow.rename', { id: 1, name: 'Anonyme' }),
      await trpc(anonymous, 'mutation', 'workflow.delete', { id: 1 }),
    ];
    for (const call of calls) expect(call).toMatchObject({ status: 401, message: messages.unauthenticated });
    expect(await t.db.orm.em.fork().count(Workflow, { name: 'Anonyme' })).toBe(0);
  });

  it('charges 50 credits per successful render only, with the editor-only lighting moods accepted and embedded pictures refused', async () => {
    const { c, userId } = await signedIn();
    const upload = await c.upload(await samplePhoto(3));
    expect(upload.status, upload.text).toBe(200);
    const render = (style: string, image: string = upload.body.imagePath) =>
      trpc(c, 'mutation', 'transform.workflow', {
        nodeId: 'render-1',
        image,
        style,
        type: 'workflow',
        intensity: 0.8,
        selection: { lighting: { id: 'torchlight', name: 'Torche' }, style: { id: 'watercolor' } },
      });

    const succeeded = await render('(watercolor painting:0.8), flickering orange torchlight');
    expect(succeeded.status, succeeded.message).toBe(200);
    expect(succeeded.data).toMatchObject({
      success: true,
      credits: 450,
      transformedImage: expect.stringMatching(/^\/api\/media\/results\//),
    });
    const failed = await render(`watercolor, ${FAILING_PROMPT}`);
    expect(failed).toMatchObject({ status: 502, message: messages.engineFailed });
    const embedded = await render('watercolor', 'data:image/png;base64,iVBORw0KGgo=');
    expect(embedded).toMatchObject({ status: 400, message: messages.embeddedImage });

    expect((await t.db.orm.em.fork().findOneOrFail(User, userId)).credits).toBe(450);
    const history = await c.get('/api/credits/history');
    expect(history.body.filter((entry: { type: string }) => entry.type === 'debit')).toEqual([
      expect.objectContaining({ amount: 50 }),
    ]);
    const entries = await t.db.orm.em.fork().find(CreditEntry, { user: userId, type: 'debit' });
    expect(entries.map((entry) => entry.status).sort()).toEqual(['released', 'settled']);

    // The paid render, and only it, is in the gallery, named by its options, with its source as original.
    const gallery = await trpc(c, 'query', 'gallery.list', { userId, limit: 10 });
    expect(gallery.data.gallery).toEqual([
      expect.objectContaining({
        transformedImagePath: succeeded.data.transformedImage,
        originalImagePath: upload.body.imagePath,
        transformationType: 'workflow',
        transformationOption: expect.stringContaining('Aquarelle'),
        isPublic: false,
      }),
    ]);
  });
});
