import { readFile } from 'node:fs/promises';
import { CreditEntry, GenerationJob, Transformation, Upload, User } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { LocalImageEngine, MediaError, type ImageEngine } from '@atelier/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';

const STYLE_WATERCOLOR = JSON.stringify({ style: { id: 'watercolor' } });

/** An engine that counts its calls and can be told to fail, around the real local engine. */
class ObservedEngine implements ImageEngine {
  readonly name = 'local' as const;
  calls = 0;
  failing = false;
  /** The source bytes of the latest call. */
  lastImage: Buffer | null = null;
  private readonly real = new LocalImageEngine();

  async transform(request: Parameters<ImageEngine['transform']>[0]) {
    this.calls += 1;
    this.lastImage = request.image;
    if (this.failing) throw new MediaError('UPSTREAM', "La génération a échoué. Aucun crédit n'a été débité.");
    return this.real.transform(request);
  }

  refusal(selection: Parameters<LocalImageEngine['refusal']>[0]) {
    return this.real.refusal(selection);
  }
}

describe.each(testDatabaseTargets())('uploads and transformations on $name', (target) => {
  let t: TestApp;
  const engine = new ObservedEngine();
  const client = freshClients(() => t, 20);

  async function signedIn(): Promise<{ c: TestClient; userId: number }> {
    const c = client();
    const { user } = await c.register();
    return { c, userId: user.id };
  }

  async function uploadPhoto(
    c: TestClient,
    fields: Record<string, string> = { selection: STYLE_WATERCOLOR },
    seed = 1,
  ) {
    const res = await c.upload(await samplePhoto(seed), fields);
    expect(res.status, res.text).toBe(200);
    return res.body as { id: number; imagePath: string };
  }

  async function balance(userId: number) {
    return (await t.db.orm.em.fork().findOneOrFail(User, userId)).credits;
  }

  beforeAll(async () => {
    t = await startTestApp(target, { media: { images: engine } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an upload and transforms it for 50 credits, debited once', async () => {
    const { c, userId } = await signedIn();
    const { id, imagePath } = await uploadPhoto(c);
    expect(imagePath).toMatch(/^\/api\/media\/uploads\//);
    const res = await c.post(`/api/transform/${id}`, { userId: 999, userCredits: 1_000_000 });
    expect(res.status, res.text).toBe(200);
    // The result names the engine that made it, for the studio to say so.
    expect(res.body).toMatchObject({
      success: true,
      transformedImagePath: expect.stringMatching(/^\/api\/media\/results\//),
      engine: 'local',
    });
    expect(await balance(userId)).toBe(450);

    const history = await c.get('/api/credits/history');
    expect(history.body.filter((e: { type: string }) => e.type === 'debit')).toEqual([
      expect.objectContaining({ amount: 50, description: 'Aquarelle' }),
    ]);

    const image = await c.get(res.body.transformedImagePath);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.raw).metadata()).format).toBe('jpeg');
  });

  it('keeps results private: another user and a visitor get 404', async () => {
    const { c } = await signedIn();
    const { id } = await uploadPhoto(c);
    const { body } = await c.post(`/api/transform/${id}`);
    const { c: other } = await signedIn();
    expect((await other.get(body.transformedImagePath)).status).toBe(404);
    expect((await client().get(body.transformedImagePath)).status).toBe(404);
  });

  it("refuses to transform someone else's upload and charges nothing", async () => {
    const { c: owner } = await signedIn();
    const { id } = await uploadPhoto(owner);
    const { c: other, userId } = await signedIn();
    const calls = engine.calls;
    const res = await other.post(`/api/transform/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: 'Image introuvable.' });
    expect(engine.calls).toBe(calls);
    expect(await balance(userId)).toBe(500);
  });

  it('transforms a stored picture named by its address: its own bytes, no new upload, the balance in the answer', async () => {
    const { c, userId } = await signedIn();
    const { imagePath } = await uploadPhoto(c, {});
    const first = await c.post('/api/transform/image', {
      image: imagePath,
      selection: { style: { id: 'watercolor' } },
    });
    expect(first.status, first.text).toBe(200);
    // A chained edit: the result as it is stored is the engine's source, not a download sent again.
    const res = await c.post('/api/transform/image', {
      image: first.body.transformedImagePath,
      selection: { style: { id: 'pop-art' } },
      sessionKey: 'visite-1',
    });
    expect(res.status, res.text).toBe(200);
    const stored = await t.media.storage.get(first.body.transformedImagePath.replace('/api/media/', ''));
    expect(engine.lastImage?.equals(stored)).toBe(true);
    expect(res.body.originalImagePath).toBe(first.body.transformedImagePath);
    expect(await t.db.orm.em.fork().count(Upload, { owner: userId })).toBe(1);
    expect(res.body.credits).toBe(await balance(userId));
    expect(res.body.credits).toBe(400);
    expect((await c.get('/api/default-models')).body.lastUsedImage).toBe(res.body.transformedImagePath);

    const { c: other, userId: otherId } = await signedIn();
    const calls = engine.calls;
    for (const image of [imagePath, res.body.transformedImagePath]) {
      const refused = await other.post('/api/transform/image', { image, selection: { style: { id: 'watercolor' } } });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({
        success: false,
        error: 'not_found',
        message: 'Image introuvable ou inaccessible.',
      });
    }
    expect(engine.calls).toBe(calls);
    expect(await balance(otherId)).toBe(500);
    expect(await t.db.orm.em.fork().count(GenerationJob, { owner: otherId })).toBe(0);
  });

  it('costs nothing when the engine fails, and leaves no debit', async () => {
    const { c, userId } = await signedIn();
    const { id } = await uploadPhoto(c);
    engine.failing = true;
    try {
      const res = await c.post(`/api/transform/${id}`);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({
        success: false,
        message: "La génération a échoué. Aucun crédit n'a été débité.",
      });
    } finally {
      engine.failing = false;
    }
    expect(await balance(userId)).toBe(500);
    const em = t.db.orm.em.fork();
    expect(await em.count(CreditEntry, { user: userId, type: 'debit', status: { $ne: 'released' } })).toBe(0);
    expect(
      await em.count(GenerationJob, {
        owner: userId,
        status: 'failed',
        error: "La génération a échoué. Aucun crédit n'a été débité.",
      }),
    ).toBe(1);
    expect(await em.count(Transformation, { owner: userId })).toBe(0);
  });

  it('refuses an enlargement past what it can deliver on this photo, in French, and charges nothing', async () => {
    const { c, userId } = await signedIn();
    const large = await sharp(await readFile(new URL('../../../../shared/photos/coffee.jpg', import.meta.url)))
      .resize(4000, 3000)
      .jpeg()
      .toBuffer();
    const upload = await c.upload(large, { selection: JSON.stringify({ upscale: { id: 'upscale-4x' } }) });
    expect(upload.status, upload.text).toBe(200);
    const res = await c.post(`/api/transform/${upload.body.id}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(/donnerait une image de .* px.*Aucun crédit n'a été débité\.$/);
    expect(await balance(userId)).toBe(500);
    const em = t.db.orm.em.fork();
    expect(await em.count(CreditEntry, { user: userId, type: 'debit', status: { $ne: 'released' } })).toBe(0);
    expect(await em.count(GenerationJob, { owner: userId, status: 'failed', error: res.body.message })).toBe(1);
    expect(await em.count(Transformation, { owner: userId })).toBe(0);
  });

  it('refuses an option only the cloud engine renders, in French, before any job or hold', async () => {
    const { c, userId } = await signedIn();
    const { id } = await uploadPhoto(c, { selection: JSON.stringify({ camera: { id: 'profile', name: 'Profil' } }) });
    const calls = engine.calls;
    const res = await c.post(`/api/transform/${id}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: expect.stringMatching(
        /^L'option « Profil » est disponible avec le moteur cloud uniquement.*Aucun crédit n'a été débité\.$/,
      ),
    });
    expect(engine.calls).toBe(calls);
    expect(await balance(userId)).toBe(500);
    const em = t.db.orm.em.fork();
    expect(await em.count(GenerationJob, { owner: userId })).toBe(0);
    expect(await em.count(CreditEntry, { user: userId, type: 'debit' })).toBe(0);
  });

  it('refuses before the engine runs when credits are short', async () => {
    const { c, userId } = await signedIn();
    await t.db.orm.em.fork().nativeUpdate(User, { id: userId }, { credits: 40 });
    const { id } = await uploadPhoto(c);
    const calls = engine.calls;
    const res = await c.post(`/api/transform/${id}`);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      success: false,
      error: 'insufficient_credits',
      message: 'Crédits insuffisants. Vous avez besoin de 50 crédits pour cette transformation.',
    });
    expect(engine.calls).toBe(calls);
    expect(await balance(userId)).toBe(40);
    expect(await t.db.orm.em.fork().count(Transformation, { owner: userId })).toBe(0);
  });

  it('pays for exactly 10 of 30 simultaneous transformations on 500 credits', async () => {
    const { c, userId } = await signedIn();
    const { id } = await uploadPhoto(c);
    const results = await Promise.all(Array.from({ length: 30 }, () => c.post(`/api/transform/${id}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(20);
    expect(await balance(userId)).toBe(0);
    expect(await t.db.orm.em.fork().count(CreditEntry, { user: userId, type: 'debit', status: 'settled' })).toBe(10);
  });

  it('follows the options and the seed: the same choice and seed give the same image, another seed another variation', async () => {
    const { c } = await signedIn();
    const photo = await samplePhoto(7);
    const run = async (selection: object, seed?: number) => {
      const { body } = await c.upload(photo, { selection: JSON.stringify(selection) });
      const res = await c.post(`/api/transform/${body.id}`, seed === undefined ? {} : { seed });
      expect(res.status, res.text).toBe(200);
      return { image: (await c.get(res.body.transformedImagePath)).raw, seed: res.body.seed as number };
    };
    const watercolor = { style: { id: 'watercolor' }, lighting: { id: 'golden-hour' } };
    const first = await run(watercolor);
    const again = await run(watercolor, first.seed);
    const another = await run(watercolor);
    const neon = await run({ style: { id: 'synthwave' } }, first.seed);
    expect(again.seed).toBe(first.seed);
    expect(first.image.equals(again.image)).toBe(true);
    expect(another.seed).not.toBe(first.seed);
    expect(first.image.equals(another.image)).toBe(false);
    expect(first.image.equals(neon.image)).toBe(false);
  });

  it('reads the options from the style text alone, as third-party clients send it', async () => {
    const { c } = await signedIn();
    const photo = await samplePhoto(3);
    const viaSelection = await c.upload(photo, { selection: STYLE_WATERCOLOR });
    const viaText = await c.upload(photo, { style: 'Transformer la photo en Aquarelle' });
    const a = await c.post(`/api/transform/${viaSelection.body.id}`, { seed: 11 });
    const b = await c.post(`/api/transform/${viaText.body.id}`, { seed: 11 });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect((await c.get(a.body.transformedImagePath)).raw.equals((await c.get(b.body.transformedImagePath)).raw)).toBe(
      true,
    );
    // Both debits name the option bought, not a generic "transformation".
    const debits = (await c.get('/api/credits/history')).body.filter((e: { type: string }) => e.type === 'debit');
    expect(debits.map((e: { description: string }) => e.description)).toEqual(['Aquarelle', 'Aquarelle']);
  });

  it('refuses oversized, fake and dangerous files with their French messages, storing nothing', async () => {
    const { c, userId } = await signedIn();
    const tooBig = Buffer.concat([await samplePhoto(), Buffer.alloc(10 * 1024 * 1024)]);
    const cases: { data: Buffer; name: string; type: string; status: number; message: string }[] = [
      {
        data: tooBig,
        name: 'big.jpg',
        type: 'image/jpeg',
        status: 413,
        message: 'Fichier trop volumineux. Taille maximale : 10MB',
      },
      {
        data: Buffer.from('bonjour, je ne suis pas une image'),
        name: 'photo.jpg',
        type: 'image/jpeg',
        status: 415,
        message: 'Format non supporté. Veuillez sélectionner une image.',
      },
      {
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
        name: 'x.svg',
        type: 'image/svg+xml',
        status: 415,
        message: 'Format non supporté. Veuillez sélectionner une image.',
      },
      {
        data: (await samplePhoto()).subarray(0, 400),
        name: 'cut.jpg',
        type: 'image/jpeg',
        status: 400,
        message: 'Erreur lors de la lecture du fichier. Veuillez réessayer.',
      },
    ];
    for (const file of cases) {
      const res = await c.upload(file.data, {}, { name: file.name, type: file.type });
      expect(res.status, file.name).toBe(file.status);
      expect(res.body.message, file.name).toBe(file.message);
    }
    expect(await t.db.orm.em.fork().count(Upload, { owner: userId })).toBe(0);
  });

  it('strips GPS and other metadata from uploads', async () => {
    const { c } = await signedIn();
    const withGps = await sharp(await samplePhoto())
      .withExif({ IFD0: { Copyright: 'Camille' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { imagePath } = (await c.upload(withGps)).body;
    const stored = await sharp((await c.get(imagePath)).raw).metadata();
    expect(stored.exif).toBeUndefined();
  });

  it('needs a session to upload or transform', async () => {
    const anonymous = client();
    expect((await anonymous.upload(await samplePhoto())).status).toBe(401);
    const res = await anonymous.post('/api/transform/1');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Utilisateur non connecté');
  });

  it('refuses path tricks in every parameter', async () => {
    const { c } = await signedIn();
    for (const url of [
      '/api/media/../../etc/passwd',
      '/api/media/uploads%2F..%2F..%2Fetc%2Fpasswd',
      '/api/media/%2e%2e/%2e%2e/etc/passwd',
      '/api/media/uploads/2026/11/../../../x.jpg',
    ]) {
      const res = await c.get(url);
      expect([400, 404], url).toContain(res.status);
      expect(res.text).not.toContain('root:');
    }
    for (const id of ['..%2F1', 'abc', '-1', '1.5', '99999999999999999999']) {
      const res = await c.post(`/api/transform/${id}`);
      expect([400, 404], id).toContain(res.status);
      expect(res.body.success).toBe(false);
    }
    const traversal = await c.post('/api/transform', {
      nodeId: 'n1',
      image: '/api/media/../../../etc/passwd',
      style: 'watercolor',
      type: 'workflow',
      intensity: 1,
    });
    expect(traversal.status).toBe(404);
  });

  it('renders a workflow and a single node, each for 50 credits', async () => {
    const { c, userId } = await signedIn();
    const { imagePath } = await uploadPhoto(c);
    const render = await c.post('/api/transform', {
      nodeId: 'result-1-0',
      image: imagePath,
      style: '(watercolor painting:0.8), 4K quality, professional photography',
      type: 'workflow',
      intensity: 0.8,
    });
    expect(render.status, render.text).toBe(200);
    expect(render.body).toMatchObject({
      success: true,
      transformedImage: expect.stringMatching(/^\/api\/media\/results\//),
      transformation: { nodeId: 'result-1-0' },
    });
    const node = await c.post('/api/transform', {
      nodeId: 'style-1',
      parentImagePath: render.body.transformedImage,
      transformationType: 'lighting',
      optionId: 'golden-hour',
      optionName: 'Heure dorée',
    });
    expect(node.status, node.text).toBe(200);
    expect(node.body.transformedImagePath).toMatch(/^\/api\/media\/results\//);
    expect(await balance(userId)).toBe(400);
    const recent = await c.get('/api/transformations/recent');
    expect(recent.body).toHaveLength(2);
    // The history says what each debit bought; the render is in the gallery, so it links there.
    const debits = (await c.get('/api/credits/history')).body.filter((e: { type: string }) => e.type === 'debit');
    expect(debits).toEqual([
      expect.objectContaining({ description: "Rendu d'un nœud : Heure dorée", resultUrl: null }),
      expect.objectContaining({
        description: expect.stringMatching(/^Rendu du workflow/),
        resultUrl: render.body.transformedImage,
      }),
    ]);
  });

  it('deletes a result file once no gallery item shows it', async () => {
    const { c, userId } = await signedIn();
    const { id, imagePath } = await uploadPhoto(c);
    const { body: result } = await c.post(`/api/transform/${id}`);
    const saved = await c.post('/api/gallery/save', {
      userId,
      originalImagePath: imagePath,
      transformedImagePath: result.transformedImagePath,
      transformationType: 'style',
      transformationOption: 'Aquarelle',
      transformationPrompt: 'watercolor',
      sessionKey: 's1',
    });
    expect(saved.status, saved.text).toBe(200);
    const linked = async () =>
      (await c.get('/api/credits/history')).body.find((e: { type: string }) => e.type === 'debit');
    expect(await linked()).toMatchObject({ resultUrl: result.transformedImagePath });
    expect((await c.request('DELETE', `/api/gallery/${saved.body.item.id}`)).status).toBe(200);
    // The history keeps the line, without a link to a picture that is gone.
    expect(await linked()).toMatchObject({ description: 'Aquarelle', resultUrl: null });
    expect((await c.get(result.transformedImagePath)).status).toBe(404);
    expect((await c.get('/api/transformations/recent')).body).toEqual([]);
    expect((await c.get(imagePath)).status).toBe(200);
  });
});
