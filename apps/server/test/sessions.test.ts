import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesIn, freshClients } from './support/clients';
import { savedItem } from './support/gallery';
import { startTestApp, type TestApp, type TestClient } from './support/harness';
import { samplePhoto } from './support/images';
import { testQueueTargets } from './support/redis';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe.each(testDatabaseTargets())('revocable sessions on $name', (target) => {
  let t: TestApp;
  const newClient = freshClients(() => t, 61);
  const client = (userAgent?: string) => newClient({ headers: userAgent ? { 'user-agent': userAgent } : {} });

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedIn(userAgent?: string) {
    const c = client(userAgent);
    const { user, email, password } = await c.register();
    return { c, userId: user.id, email, password };
  }

  /** Signs in again from another browser: a session of its own. */
  async function secondDevice(email: string, password: string, userAgent?: string): Promise<TestClient> {
    const other = client(userAgent);
    const res = await other.post('/api/login', { email, password });
    expect(res.status, res.text).toBe(200);
    return other;
  }

  it('refuses a cookie replayed after logout: user, gallery and the gallery item alike', async () => {
    const { c, userId, email } = await signedIn();
    const { imagePath } = (await c.upload(await samplePhoto(3, 200, 150))).body;
    await savedItem(t, { c, userId, email }, { originalImagePath: imagePath });
    const galleryUrl = `/api/gallery/${userId}`;
    const listed = await c.get(galleryUrl);
    expect(listed.status).toBe(200);
    expect(listed.body.gallery[0].originalImagePath).toBe(imagePath);
    expect((await c.get(imagePath)).status).toBe(200);

    const replay = client();
    c.copySessionTo(replay);
    expect((await c.post('/api/auth/logout')).status).toBe(200);

    const me = await replay.get('/api/user');
    expect(me.status).toBe(401);
    expect(me.body.message).toBe('Utilisateur non connecté');
    expect((await replay.get(galleryUrl)).status).toBe(401);
    // The tag of the list it held no longer confirms its copy either.
    expect(
      (await replay.request('GET', galleryUrl, undefined, { 'if-none-match': String(listed.headers.etag) })).status,
    ).toBe(401);
    // The picture answers as it does to any visitor: not found.
    expect((await replay.get(imagePath)).status).toBe(404);
    expect((await replay.post('/api/gallery/save', { userId })).status).toBe(401);
  });

  it('ends the other sessions when the password changes, and gives the browser that changed it a new one', async () => {
    const { c, userId, email, password } = await signedIn();
    const other = await secondDevice(email, password);
    const before = await other.get(`/api/gallery/${userId}`);
    expect(before.status).toBe(200);

    // Whoever holds a copy of this browser's cookie is signed out too: the browser gets a new one.
    const copy = client();
    c.copySessionTo(copy);
    const changed = await c.post('/api/account/update', {
      username: `u${userId}x`,
      currentPassword: password,
      newPassword: 'nouveau-secret',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(String(changed.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect((await c.get('/api/user')).status).toBe(200);
    expect((await copy.get('/api/user')).status).toBe(401);
    expect((await c.get('/api/account/sessions')).body.sessions).toHaveLength(1);
    expect((await other.get('/api/user')).status).toBe(401);
    expect(
      (
        await other.request('GET', `/api/gallery/${userId}`, undefined, {
          'if-none-match': String(before.headers.etag),
        })
      ).status,
    ).toBe(401);
  });

  it('ends an open progress stream of a session once that session ends', async () => {
    const { c, userId, email, password } = await signedIn();
    const other = await secondDevice(email, password);
    const stream = await other.openEvents<{ id?: number }>('/trpc/jobs.active');
    expect(stream.status).toBe(200);
    const changed = await c.post('/api/account/update', {
      username: `s${userId}x`,
      currentPassword: password,
      newPassword: 'nouveau-secret',
    });
    expect(changed.status, changed.text).toBe(200);

    // A generation of the account: the ended session's stream hears nothing of it, and closes.
    const up = await c.upload(await samplePhoto(4, 200, 150), {
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    });
    expect(up.status, up.text).toBe(200);
    const done = await c.post(`/api/transform/${up.body.id}`, {}, { prefer: 'respond-async' });
    expect(done.status, done.text).toBe(202);
    const heard: unknown[] = [];
    for await (const event of stream.events) heard.push(event);
    expect(heard.filter((event) => typeof event === 'object' && event !== null && 'json' in event)).toEqual([]);
  });

  it('lists the live sessions by device, marks this one, ends one and then all of them', async () => {
    const { c, email, password } = await signedIn(CHROME_ON_WINDOWS);
    const phone = await secondDevice(email, password, SAFARI_ON_IPHONE);
    const third = await secondDevice(email, password);
    expect((await third.post('/api/auth/logout')).status).toBe(200);

    const listed = await c.get('/api/account/sessions');
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as { id: number; device: string; current: boolean; lastSeenAt: string }[];
    // The logged-out one is gone; the phone signed in last, so it was seen last.
    expect(sessions.map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Safari sur iOS', current: false },
      { device: 'Chrome sur Windows', current: true },
    ]);
    expect(new Date(sessions[0]!.lastSeenAt).getTime()).not.toBeNaN();

    const phoneSession = sessions[0]!;
    expect((await c.request('DELETE', `/api/account/sessions/${phoneSession.id}`)).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await c.get('/api/user')).status).toBe(200);

    const again = await secondDevice(email, password, SAFARI_ON_IPHONE);
    const everywhere = await c.request('DELETE', '/api/account/sessions');
    expect(everywhere.status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401);
    expect((await again.get('/api/user')).status).toBe(401);
    const back = await secondDevice(email, password);
    expect((await back.get('/api/account/sessions')).body.sessions).toHaveLength(1);
  });

  it("never lets a user see or end another's sessions", async () => {
    const { c: owner } = await signedIn();
    const { c: other } = await signedIn();
    const [session] = (await owner.get('/api/account/sessions')).body.sessions;
    const res = await other.request('DELETE', `/api/account/sessions/${session.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Session introuvable');
    expect((await owner.get('/api/user')).status).toBe(200);
    expect((await client().get('/api/account/sessions')).status).toBe(401);
  });
});

describe.each(testDatabaseTargets())('password guessing on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('slows the guesser down and lets the owner in from another address', async () => {
    const { email, password } = await t.client({ ip: '10.62.0.1' }).register();
    const guesser = t.client({ ip: '10.62.0.2' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await guesser.post('/api/login', { email, password: `essai-${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);

    const refused = await guesser.post('/api/login', { email, password: 'essai-7' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ secondes?\.$/);
    // Even the right password waits, from the address that guessed.
    expect((await guesser.post('/api/login', { email, password })).status).toBe(429);

    const owner = t.client({ ip: '10.62.0.3' });
    const signedIn = await owner.post('/api/login', { email, password });
    expect(signedIn.status).toBe(200);
    expect((await owner.get('/api/user')).status).toBe(200);
    // The owner's success is theirs: the guesser still waits.
    expect((await guesser.post('/api/login', { email, password: 'essai-8' })).status).toBe(429);
  });

  it('makes an address that fails on many accounts wait, whatever the account', async () => {
    const sprayer = t.client({ ip: '10.62.1.1' });
    let refused = null;
    for (let i = 0; i < 101 && !refused; i += 1) {
      const res = await sprayer.post('/api/login', {
        email: `personne${i % 25}@example.fr`,
        password: `essai-${Math.floor(i / 25)}`,
      });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(401);
    }
    expect(refused?.headers['retry-after']).toBeDefined();
    const { email, password } = await t.client({ ip: '10.62.1.2' }).register();
    expect((await sprayer.post('/api/login', { email, password })).status).toBe(429);
    expect((await t.client({ ip: '10.62.1.3' }).post('/api/login', { email, password })).status).toBe(200);
  });

  it('counts wrong current passwords on the account form the same way', async () => {
    const c = t.client({ ip: '10.62.2.1' });
    const { password, user } = await c.register();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await c.post('/api/account/update', { username: user.username, currentPassword: `essai-${i}` })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
    expect((await c.post('/api/account/update', { username: user.username, currentPassword: password })).status).toBe(
      429,
    );
  });

  it('limits sign-ups per address with a French 429', async () => {
    const c = t.client({ ip: '10.62.3.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await c.post('/api/register', {
            email: `inscription${i}@example.fr`,
            password: 'motdepasse',
            firstName: 'Camille',
            lastName: 'Durand',
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe.each(testQueueTargets().filter((queue) => queue.name === 'redis'))(
  'password guessing across instances on $name',
  (queue) => {
    const [target] = testDatabaseTargets();
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await startTestApp(target!, { queue });
      second = await startTestApp(target!, { instanceOf: first });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('counts the failures of every instance together', async () => {
      const { email, password } = await first.client({ ip: '10.63.0.1' }).register();
      for (let i = 0; i < 6; i += 1) {
        const instance = i % 2 === 0 ? first : second;
        expect(
          (await instance.client({ ip: '10.63.0.2' }).post('/api/login', { email, password: `essai-${i}` })).status,
        ).toBe(401);
      }
      expect((await second.client({ ip: '10.63.0.2' }).post('/api/login', { email, password })).status).toBe(429);
      expect((await first.client({ ip: '10.63.0.3' }).post('/api/login', { email, password })).status).toBe(200);
    });
  },
);

describe.each(
  testDatabaseTargets().flatMap((database) =>
    testQueueTargets()
      .filter((queue) => queue.name === 'redis')
      .map((queue) => ({ name: `${database.name} and Redis`, database, queue })),
  ),
)('sessions ended on one instance, refused at once on both, on $name', ({ database, queue }) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp(database, { queue });
    b = await startTestApp(database, { instanceOf: a });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const nextAddress = addressesIn(64);
  const client = (instance: TestApp) => instance.client({ ip: nextAddress() });
  const poll = (c: TestClient, url: string, etag: string) =>
    c.request('GET', url, undefined, { 'if-none-match': etag });

  /** Copies of one browser's cookie on A and on B, each instance having just found its session live (a 304 poll). */
  async function copiesPolledOnBoth(browser: TestClient, userId: number) {
    const gallery = `/api/gallery/${userId}`;
    const etag = String((await browser.get(gallery)).headers.etag);
    const copies = [client(a), client(b)];
    for (const copy of copies) {
      browser.copySessionTo(copy);
      expect((await poll(copy, gallery, etag)).status).toBe(304);
      expect((await copy.get(gallery)).status).toBe(200);
    }
    return { gallery, etag, copies };
  }

  it('refuses the copies of a signed-out cookie on A and on B, the polls and the feed alike', async () => {
    const browser = client(a);
    const { user } = await browser.register();
    const { gallery, etag, copies } = await copiesPolledOnBoth(browser, user.id);
    const feedTag = String((await browser.get('/api/feed/public')).headers.etag);

    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    for (const copy of copies) {
      expect((await poll(copy, gallery, etag)).status).toBe(401);
      expect((await copy.get(gallery)).status).toBe(401);
      expect((await copy.get('/api/user')).status).toBe(401);
      // The feed answers it as a visitor: the signed-in copy's tag no longer holds.
      expect((await poll(copy, '/api/feed/public', feedTag)).status).toBe(200);
    }
  });

  it('refuses on A and on B the other sessions of an account whose password changed on B', async () => {
    const browser = client(a);
    const { user, email, password } = await browser.register();
    const phone = client(a);
    expect((await phone.post('/api/login', { email, password })).status).toBe(200);
    const { gallery, etag, copies } = await copiesPolledOnBoth(phone, user.id);
    const onB = client(b);
    browser.copySessionTo(onB);
    expect((await poll(onB, gallery, etag)).status).toBe(304);

    const changed = await onB.post('/api/account/update', {
      username: `u${user.id}b`,
      currentPassword: password,
      newPassword: 'nouveau-secret',
    });
    expect(changed.status, changed.text).toBe(200);
    for (const copy of copies) expect((await poll(copy, gallery, etag)).status).toBe(401);
    // The browser that changed it carries on under its new cookie, on either instance; a copy of
    // its old one is refused.
    expect((await poll(browser, gallery, etag)).status).toBe(401);
    expect((await poll(onB, gallery, etag)).status).toBe(304);
    onB.copySessionTo(browser);
    expect((await poll(browser, gallery, etag)).status).toBe(304);
  });
});
