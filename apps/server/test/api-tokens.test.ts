import { ApiToken, GenerationJob, User } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from './support/harness';
import { samplePhoto } from './support/images';
import {
  describedApi,
  NOT_CONFIGURED,
  sendExample,
  type DocumentedOperation,
  type Json,
} from './support/openapi-examples';

const SESSION_ONLY = "Cette action se fait depuis votre compte, connecté : un jeton d'API ne peut pas la faire.";
const READ_ONLY = "Ce jeton d'API ne permet que la lecture : il faut un jeton « Génération » pour modifier ou générer.";

describe.each(testDatabaseTargets())('personal API tokens on $name', (target) => {
  let t: TestApp;
  const client = freshClients(() => t, 64);

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function owner(): Promise<{ browser: TestClient; userId: number }> {
    const browser = client();
    const { user } = await browser.register();
    return { browser, userId: user.id };
  }

  async function tokenOf(
    browser: TestClient,
    scope: 'read' | 'generate',
    name = 'Mon script',
  ): Promise<{ token: string; id: number }> {
    const res = await browser.post('/api/account/tokens', { name, scope });
    expect(res.status, res.text).toBe(201);
    return { token: res.body.token, id: res.body.item.id };
  }

  /** A REST client with nothing but the token: no cookie, and from another site's page at that. */
  const scriptWith = (token: string) =>
    client({ origin: 'https://outil.example', headers: { authorization: `Bearer ${token}` } });

  const balance = async (userId: number) => (await t.db.orm.em.fork().findOneOrFail(User, userId)).credits;

  it('shows a new token once, keeps only its hash, and lists it by name, scope and prefix', async () => {
    const { browser, userId } = await owner();
    const created = await browser.post('/api/account/tokens', { name: '  Export nocturne ', scope: 'generate' });
    expect(created.status).toBe(201);
    const { token, item } = created.body;
    expect(token).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({
      name: 'Export nocturne',
      scope: 'generate',
      prefix: token.slice(0, 12),
      lastUsedAt: null,
    });

    const listed = await browser.get('/api/account/tokens');
    expect(listed.body.tokens).toEqual([item]);
    expect(listed.text).not.toContain(token);
    const stored = await t.db.orm.em.fork().findOneOrFail(ApiToken, item.id);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.slice(12));

    const bad = await browser.post('/api/account/tokens', { name: '', scope: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      name: ['Le nom du jeton doit contenir de 1 à 60 caractères'],
      scope: ['Portée inconnue : « read » ou « generate »'],
    });
    expect(await balance(userId)).toBe(500);
  });

  it('runs the whole journey with a generate token and no cookie', async () => {
    const { browser, userId } = await owner();
    const { token, id } = await tokenOf(browser, 'generate');
    const script = scriptWith(token);

    expect((await script.get('/api/user')).body).toMatchObject({ id: userId });
    const uploaded = await script.upload(await samplePhoto(5, 320, 240), {
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const transformed = await script.post(`/api/transform/${uploaded.body.id}`);
    expect(transformed.status, transformed.text).toBe(200);
    expect(await balance(userId)).toBe(450);

    const saved = await script.post('/api/gallery/save', {
      userId,
      originalImagePath: uploaded.body.imagePath,
      transformedImagePath: transformed.body.transformedImagePath,
      transformationType: 'style',
      transformationOption: 'Cyberpunk',
      transformationPrompt: 'cyberpunk style',
      sessionKey: '1732230000000',
    });
    expect(saved.status, saved.text).toBe(200);
    const itemId = saved.body.item.id;
    expect((await script.post(`/api/posts/${itemId}/public`)).status).toBe(200);

    const gallery = await script.get(`/api/gallery/${userId}`);
    expect(gallery.status).toBe(200);
    expect(gallery.body.gallery.map((entry: { id: number }) => entry.id)).toEqual([itemId]);
    expect(
      (
        await script.request('GET', `/api/gallery/${userId}`, undefined, {
          'if-none-match': String(gallery.headers.etag),
        })
      ).status,
    ).toBe(304);
    const feed = await script.get('/api/feed/public');
    expect(feed.body.posts.some((post: { id: number }) => post.id === itemId)).toBe(true);
    expect((await script.get(transformed.body.transformedImagePath)).status).toBe(200);

    const video = await script.post('/api/generate-video', {
      imageUrl: transformed.body.transformedImagePath,
      prompt: 'travelling lent',
    });
    expect(video.status, video.text).toBe(200);
    expect(await balance(userId)).toBe(400);
    const part = await script.request('GET', video.body.videoUrl, undefined, { range: 'bytes=0-1023' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
    expect(part.raw.length).toBe(1024);

    const used = (await browser.get('/api/account/tokens')).body.tokens.find(
      (entry: { id: number }) => entry.id === id,
    );
    expect(new Date(used.lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The token carries no cookie with it.
    expect(part.headers['set-cookie']).toBeUndefined();
  }, 90_000);

  it('lets a read token read, and refuses it anything that writes or spends credits, charging nothing', async () => {
    const { browser, userId } = await owner();
    const uploaded = await browser.upload(await samplePhoto(6, 200, 150));
    const { token } = await tokenOf(browser, 'read');
    const reader = scriptWith(token);

    expect((await reader.get(`/api/gallery/${userId}`)).status).toBe(200);
    expect((await reader.get(uploaded.body.imagePath)).status).toBe(200);

    for (const refused of [
      await reader.post(`/api/transform/${uploaded.body.id}`),
      await reader.post('/api/generate-video', { imageUrl: uploaded.body.imagePath, prompt: 'x' }),
      await reader.upload(await samplePhoto(7, 200, 150)),
    ]) {
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.message).toBe(READ_ONLY);
    }
    expect(await balance(userId)).toBe(500);
    expect(await t.db.orm.em.fork().count(GenerationJob, { owner: userId })).toBe(0);
  });

  it('leaves the account itself to a signed-in browser: a stolen token cannot take it over', async () => {
    const { browser } = await owner();
    const { token, id } = await tokenOf(browser, 'generate');
    const script = scriptWith(token);
    const account = (await browser.get('/api/user')).body;
    for (const refused of [
      await script.post('/api/account/tokens', { name: 'relève', scope: 'generate' }),
      await script.get('/api/account/tokens'),
      await script.request('DELETE', `/api/account/tokens/${id}`),
      await script.request('DELETE', '/api/account/tokens'),
      await script.post('/api/account/update', {
        username: 'pris',
        currentPassword: 'motdepasse',
        newPassword: 'nouveau-mot-de-passe',
      }),
      await script.get('/api/account/sessions'),
      await script.request('DELETE', '/api/account/sessions'),
      await script.get('/api/account/export'),
      await script.post('/api/account/delete', { password: 'motdepasse' }),
    ]) {
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.message).toBe(SESSION_ONLY);
    }
    expect((await browser.get('/api/account/tokens')).body.tokens).toHaveLength(1);
    // The browser is still signed in on the same password, to the same account.
    expect((await browser.get('/api/user')).body).toEqual(account);
    expect((await script.get('/api/user')).status).toBe(200);
  });

  it('answers every documented route as its security says, to a read token and to a generate token', async () => {
    const { browser } = await owner();
    const reader = scriptWith((await tokenOf(browser, 'read')).token);
    const generator = scriptWith((await tokenOf(browser, 'generate')).token);
    const photo = await samplePhoto(8, 200, 150);
    const schemes = (operation: Json) => (operation.security as Json[]).flatMap(Object.keys);
    const { operations } = describedApi(t.app);
    const label = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

    const sessionOnly = operations.filter(({ operation }) => schemes(operation).join() === 'session');
    expect(sessionOnly.map(label).sort()).toEqual([
      'DELETE /api/account/sessions',
      'DELETE /api/account/sessions/{id}',
      'DELETE /api/account/tokens',
      'DELETE /api/account/tokens/{id}',
      'GET /api/account/export',
      'GET /api/account/sessions',
      'GET /api/account/tokens',
      'GET /api/admin/overview',
      'GET /api/admin/reports',
      'GET /api/admin/users',
      'GET /api/admin/users/{id}',
      'POST /api/account/delete',
      'POST /api/account/terms',
      'POST /api/account/tokens',
      'POST /api/account/update',
      'POST /api/admin/posts/{id}/restore',
      'POST /api/admin/reports/{id}/decision',
      'POST /api/admin/users/{id}/credits',
      'POST /api/admin/users/{id}/suspend',
      'POST /api/admin/users/{id}/unsuspend',
    ]);
    for (const documented of sessionOnly) {
      for (const script of [reader, generator]) {
        const refused = await sendExample(script, documented, photo);
        expect(refused.status, label(documented)).toBe(403);
        expect(refused.body.message, label(documented)).toBe(SESSION_ONLY);
      }
      // The console is an administrator's: a visitor is asked to sign in, a member refused.
      if (!documented.path.startsWith('/api/admin/')) continue;
      expect((await sendExample(client(), documented, photo)).status, label(documented)).toBe(401);
      const member = await sendExample(browser, documented, photo);
      expect(member.status, label(documented)).toBe(403);
      expect(member.body.message, label(documented)).toBe('Réservé aux administrateurs.');
    }

    /** Answered on its merits (found or not, one's own or not): the token itself was not refused. */
    const expectTokenTaken = (documented: DocumentedOperation, answer: TestResponse) => {
      const what = `${label(documented)}: ${answer.text.slice(0, 200)}`;
      // No Stripe nor SMTP here: those paths say so with their documented status.
      const unavailable = NOT_CONFIGURED[label(documented)];
      if (unavailable) expect(answer.status, what).toBe(unavailable);
      else expect(answer.status, what).toBeLessThan(500);
      expect(answer.status, what).not.toBe(401);
      expect([READ_ONLY, SESSION_ONLY], what).not.toContain(answer.body?.message);
    };
    const withTokens = operations.filter(({ operation }) => schemes(operation).includes('bearerAuth'));
    expect(withTokens.length).toBeGreaterThan(30);
    for (const documented of withTokens) {
      const read = await sendExample(reader, documented, photo);
      if (documented.method === 'GET') expectTokenTaken(documented, read);
      else {
        expect(read.status, label(documented)).toBe(403);
        expect(read.body.message, label(documented)).toBe(READ_ONLY);
      }
      expectTokenTaken(documented, await sendExample(generator, documented, photo));
    }
  }, 60_000);

  it('refuses a revoked or unknown token with 401, and lets only its owner revoke it', async () => {
    const { browser, userId } = await owner();
    const { token, id } = await tokenOf(browser, 'generate');
    const script = scriptWith(token);
    expect((await script.get(`/api/gallery/${userId}`)).status).toBe(200);

    const { browser: stranger } = await owner();
    expect((await stranger.request('DELETE', `/api/account/tokens/${id}`)).status).toBe(404);
    expect((await browser.request('DELETE', `/api/account/tokens/${id}`)).status).toBe(200);
    expect((await browser.get('/api/account/tokens')).body.tokens).toEqual([]);

    for (const res of [
      await script.get('/api/user'),
      await script.get(`/api/gallery/${userId}`),
      await script.get('/api/feed/public'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Jeton d'API invalide ou révoqué");
    }
    for (const unknown of ['atl_inconnu', 'pas-un-jeton']) {
      expect((await scriptWith(unknown).get('/api/user')).status).toBe(401);
    }
    // The browser's own session was never at stake.
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it("revokes every token of the account at once, and no one else's", async () => {
    const { browser } = await owner();
    const scripts = await Promise.all(['Sauvegarde', 'Export'].map((name) => tokenOf(browser, 'read', name)));
    const { browser: neighbour } = await owner();
    const theirs = await tokenOf(neighbour, 'read');

    const revoked = await browser.request('DELETE', '/api/account/tokens');
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toEqual({ revoked: 2 });
    expect((await browser.get('/api/account/tokens')).body.tokens).toEqual([]);
    for (const { token } of scripts) expect((await scriptWith(token).get('/api/user')).status).toBe(401);
    expect((await scriptWith(theirs.token).get('/api/user')).status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(200);
  });
});

describe.each(testDatabaseTargets())('the rate limit of each API token on $name', (target) => {
  const PER_MINUTE = 5;
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target, { rateLimits: { apiTokenRequestsPerMinute: PER_MINUTE } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a token past its requests of the minute in French, while its owner and their other tokens carry on', async () => {
    const browser = t.client({ ip: '10.65.0.1' });
    const { user } = await browser.register();
    const tokenFor = async (name: string) =>
      ((await browser.post('/api/account/tokens', { name, scope: 'read' })).body as { token: string }).token;
    const busy = t.client({ ip: '10.65.0.2', headers: { authorization: `Bearer ${await tokenFor('Script pressé')}` } });
    const calm = t.client({ ip: '10.65.0.2', headers: { authorization: `Bearer ${await tokenFor('Script calme')}` } });

    for (let call = 0; call < PER_MINUTE; call += 1)
      expect((await busy.get(`/api/gallery/${user.id}`)).status).toBe(200);
    const refused = await busy.get(`/api/gallery/${user.id}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Trop de requêtes avec ce jeton d'API\. Réessayez dans \d+ s\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await calm.get(`/api/gallery/${user.id}`)).status).toBe(200);
    // The browser, on its cookie, is not counted against any token.
    for (let call = 0; call <= PER_MINUTE; call += 1) expect((await browser.get('/api/user')).status).toBe(200);
  });
});
