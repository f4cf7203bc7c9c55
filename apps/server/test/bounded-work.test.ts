import { availableParallelism } from 'node:os';
import { readdirSync } from 'node:fs';
import { MAX_BATCH_CALLS } from '@atelier/catalog';
import { Upload, Workflow } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { configureImagePool, imagePoolStats } from '@atelier/media';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';

const messages = {
  tooManyCalls: `Trop d'appels dans une même requête (${MAX_BATCH_CALLS} au plus).`,
  badUrl: 'Adresse de la requête invalide',
  uploadsFull:
    'Espace de stockage de votre compte plein : 3 images ou 1 Go au plus. Supprimez des images de votre galerie pour en ajouter.',
  workflowsFull:
    'Vous avez atteint la limite de 2 workflows ou 1 Mo enregistrés. Supprimez-en un pour en enregistrer un nouveau.',
};

const QUOTAS = { uploads: { count: 3, bytes: 1024 ** 3 }, workflows: { count: 2, bytes: 1024 ** 2 } };

/** A tRPC batch of `calls` times the same query, as the web app's batching link sends it. */
function batchUrl(path: string, calls: number): string {
  const inputs = Object.fromEntries(Array.from({ length: calls }, (_, index) => [index, { json: null }]));
  return `/trpc/${Array(calls).fill(path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

const workflow = (name: string) => ({
  json: {
    name,
    document: {
      version: 1,
      nodes: [{ id: 'render-1', type: 'render', name: 'render-1', x: 0, y: 0 }],
      connections: [],
    },
  },
});

describe.each(testDatabaseTargets())('bounded work on $name', (target) => {
  let t: TestApp;
  const client = freshClients(() => t, 41);

  async function signedIn(): Promise<{ c: TestClient; userId: number }> {
    const c = client();
    const { user } = await c.register();
    return { c, userId: user.id };
  }

  async function transformed(c: TestClient, seed: number): Promise<string> {
    const up = await c.upload(await samplePhoto(seed), { selection: JSON.stringify({ style: { id: 'watercolor' } }) });
    expect(up.status, up.text).toBe(200);
    const result = await c.post(`/api/transform/${up.body.id}`);
    expect(result.status, result.text).toBe(200);
    return String(result.body.transformedImagePath).split('/').pop()!;
  }

  beforeAll(async () => {
    t = await startTestApp(target, { api: { quotas: QUOTAS } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => configureImagePool(availableParallelism()));

  it(`refuses a tRPC batch of more than ${MAX_BATCH_CALLS} calls before running any, in French`, async () => {
    const c = client();
    const full = await c.get(batchUrl('media.welcomeImages', MAX_BATCH_CALLS));
    expect(full.status, full.text).toBe(200);
    expect(full.body).toHaveLength(MAX_BATCH_CALLS);

    const over = await c.get(batchUrl('media.welcomeImages', MAX_BATCH_CALLS + 1));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: messages.tooManyCalls });
    // Escaped commas are counted too.
    const escaped = await c.get(batchUrl('media.welcomeImages', MAX_BATCH_CALLS + 1).replaceAll(',', '%2C'));
    expect(escaped.status).toBe(413);
    // Escaped twice: the router decodes the path once, tRPC once more before splitting it.
    const twice = await c.get(batchUrl('media.welcomeImages', MAX_BATCH_CALLS * 5).replaceAll(',', '%252C'));
    expect(twice.status).toBe(413);
    expect(twice.body).toEqual({ message: messages.tooManyCalls });
    // A path that does not decode twice names no procedure: a French 400, not a 500.
    const undecodable = await c.get('/trpc/media.welcomeImages%25E0?batch=1&input=%7B%7D');
    expect(undecodable.status).toBe(400);
    expect(undecodable.body).toEqual({ message: messages.badUrl });
  });

  it('runs image work one piece at a time when the pool has room for one, and every request is answered', async () => {
    const { c } = await signedIn();
    configureImagePool(1);
    const photos = await Promise.all([1, 2, 3].map((seed) => samplePhoto(seed)));
    const answers = await Promise.all([
      ...photos.map((photo) => c.upload(photo)),
      client().get('/api/thumbnail/lighting-golden-hour.jpg'),
      client().get('/api/thumbnail/camera-bokeh.jpg'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(imagePoolStats()).toMatchObject({ size: 1, peak: 1, active: 0, waiting: 0 });
  });

  it('renders the before/after view of a result once, then serves the same picture from the cache', async () => {
    const { c } = await signedIn();
    const filename = await transformed(c, 7);
    const before = t.media.renders.rendered.stitch;
    const first = await c.get(`/api/view-stitch/${filename}`);
    const second = await c.get(`/api/view-stitch/${filename}`);
    expect(first.status).toBe(200);
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(t.media.renders.rendered.stitch).toBe(before + 1);
    // The cache does not open the picture to others.
    expect((await client().get(`/api/view-stitch/${filename}`)).status).toBe(404);
  });

  it('deletes the before/after view it keeps once the account it shows is deleted', async () => {
    const { c } = await signedIn();
    const up = await c.upload(await samplePhoto(8), { selection: JSON.stringify({ style: { id: 'watercolor' } }) });
    const result = await c.post(`/api/transform/${up.body.id}`);
    const [originalKey, resultKey] = [String(up.body.imagePath), String(result.body.transformedImagePath)].map((url) =>
      url.replace('/api/media/', ''),
    );
    expect((await c.get(`/api/view-stitch/${resultKey!.split('/').pop()}`)).status).toBe(200);
    expect((await c.post('/api/account/delete', { password: 'motdepasse' })).status).toBe(200);
    // Nothing kept under that pair any more: the cache has to render it again.
    const kept = await t.media.renders.stitch(originalKey!, resultKey!, () =>
      Promise.resolve(Buffer.from('rendu à nouveau')),
    );
    expect(kept.toString()).toBe('rendu à nouveau');
  });

  it('refuses pictures past the account quota in French, storing nothing', async () => {
    const { c, userId } = await signedIn();
    const kept = [];
    for (const seed of [1, 2, 3]) kept.push(await c.upload(await samplePhoto(seed)));
    expect(kept.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const stored = await t.media.storage.servable(String(kept[0]!.body.imagePath).replace('/api/media/', ''));
    if (!('root' in stored)) throw new Error('These tests keep media on disk.');
    const mediaDir = stored.root;
    const filesBefore = readdirSync(mediaDir, { recursive: true }).length;

    const refused = await c.upload(await samplePhoto(4));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: messages.uploadsFull, error: 'quota_exceeded' });
    const composite = await c.post('/api/create-composite', {
      imageUrls: ['/api/art/1.jpg', '/api/art/2.jpg'],
      layout: 'dual',
    });
    expect(composite.status).toBeGreaterThanOrEqual(400);
    expect(await t.db.orm.em.fork().count(Upload, { owner: userId })).toBe(3);
    expect(readdirSync(mediaDir, { recursive: true })).toHaveLength(filesBefore);
    // Another account has its own room.
    expect((await (await signedIn()).c.upload(await samplePhoto(4))).status).toBe(200);
  });

  it('refuses workflows past the account quota in French, while the saved ones can still be replaced', async () => {
    const { c, userId } = await signedIn();
    const save = (body: unknown) =>
      c.request('POST', '/trpc/workflow.save', JSON.stringify(body), { 'content-type': 'application/json' });
    const first = await save(workflow('Un'));
    expect(first.status, first.text).toBe(200);
    expect((await save(workflow('Deux'))).status).toBe(200);

    const third = await save(workflow('Trois'));
    expect(third.status).toBe(409);
    expect(third.body.error.json.message).toBe(messages.workflowsFull);
    const id = first.body.result.data.json.id as number;
    expect((await save({ json: { ...workflow('Un, revu').json, id } })).status).toBe(200);
    const names = (await t.db.orm.em.fork().find(Workflow, { owner: userId }, { orderBy: { id: 'asc' } })).map(
      (row) => row.name,
    );
    expect(names).toEqual(['Un, revu', 'Deux']);
  });

  it('lets only one of 20 simultaneous uploads take the last place of the quota, and keeps no file of the refused ones', async () => {
    const { c, userId } = await signedIn();
    const first = await c.upload(await samplePhoto(1));
    expect((await c.upload(await samplePhoto(2))).status).toBe(200);
    const stored = await t.media.storage.servable(String(first.body.imagePath).replace('/api/media/', ''));
    if (!('root' in stored)) throw new Error('These tests keep media on disk.');
    const filesBefore = readdirSync(stored.root, { recursive: true }).length;

    const photos = await Promise.all(Array.from({ length: 20 }, (_, index) => samplePhoto(10 + index)));
    const answers = await Promise.all(photos.map((photo) => c.upload(photo)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({
      message: messages.uploadsFull,
      error: 'quota_exceeded',
    });
    expect(await t.db.orm.em.fork().count(Upload, { owner: userId })).toBe(3);
    expect(readdirSync(stored.root, { recursive: true })).toHaveLength(filesBefore + 1);
  });

  it('lets only one of 20 simultaneous workflow saves take the last place of the quota', async () => {
    const { c, userId } = await signedIn();
    const save = (body: unknown) =>
      c.request('POST', '/trpc/workflow.save', JSON.stringify(body), { 'content-type': 'application/json' });
    expect((await save(workflow('Premier'))).status).toBe(200);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => save(workflow(`Course ${index}`))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(answers.find((answer) => answer.status === 409)!.body.error.json.message).toBe(messages.workflowsFull);
    expect(await t.db.orm.em.fork().count(Workflow, { owner: userId })).toBe(2);
  });
});
