import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, type TestApp } from './support/harness';

describe.each(testDatabaseTargets())('accounts and sessions on $name', (target) => {
  let t: TestApp;
  /** A new client from its own address, so the per-IP limit of one test does not touch another. */
  const newClient = freshClients(() => t, 0);
  const client = (origin?: string) => newClient({ origin });

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up with a trimmed, lower-cased e-mail, a derived username and a session', async () => {
    const c = client();
    const res = await c.post('/api/register', {
      email: '  Marie.Curie@Example.FR ',
      password: 'radium88',
      firstName: 'Marie',
      lastName: 'Curie',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: 'marie.curie@example.fr',
      firstName: 'Marie',
      lastName: 'Curie',
      username: 'marie.curie',
    });
    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.user.id, firstName: 'Marie', email: 'marie.curie@example.fr' });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie with an expiry', async () => {
    const res = await client().post('/api/register', {
      email: 'cookie@example.fr',
      password: 'secret12',
      firstName: 'Co',
      lastName: 'Ok',
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^atelier_session=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).not.toContain('Secure');
  });

  it('refuses a second account with the same e-mail, even in another case', async () => {
    await client().register({ email: 'twice@example.fr' });
    const res = await client().post('/api/register', {
      email: 'TWICE@example.fr',
      password: 'secret12',
      firstName: 'Deux',
      lastName: 'Fois',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Un compte existe déjà avec cette adresse email.');
  });

  it('lets exactly one of two simultaneous sign-ups with one e-mail through', async () => {
    const body = { email: 'race@example.fr', password: 'secret12', firstName: 'Course', lastName: 'Folle' };
    const results = await Promise.all([client().post('/api/register', body), client().post('/api/register', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('answers every invalid field with its French message', async () => {
    const res = await client().post('/api/register', {
      email: 'pas-un-email',
      password: '123',
      firstName: 'A',
      lastName: 'B',
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      email: ['Adresse email invalide'],
      password: ['Le mot de passe doit contenir au moins 6 caractères'],
      firstName: ['Le prénom doit contenir au moins 2 caractères'],
      lastName: ['Le nom doit contenir au moins 2 caractères'],
    });
    expect(res.body.message).toBe('Adresse email invalide');
  });

  it('answers malformed JSON and wrong types with 400, never 500', async () => {
    const c = client();
    const bodies: unknown[] = [
      '{"email":',
      '[]',
      'null',
      '42',
      { email: 12, password: true },
      { email: ['a'], password: {} },
    ];
    for (const body of bodies) {
      const res = await c.request('POST', '/api/login', body, { 'content-type': 'application/json' });
      expect(res.status, `body ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message).not.toMatch(/Invalid input|expected|Unexpected token/);
    }
  });

  it('logs in, and says the same thing for an unknown e-mail and a wrong password', async () => {
    const { email, password } = await client().register();
    const good = await client().post('/api/login', { email: email.toUpperCase(), password });
    expect(good.status).toBe(200);
    const wrongPassword = await client().post('/api/login', { email, password: 'not-the-one' });
    const unknown = await client().post('/api/login', { email: 'nobody@example.fr', password });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknown.body);
    expect(wrongPassword.body.message).toBe('Email ou mot de passe incorrect');
  });

  it('logs out: the session ends', async () => {
    const c = client();
    await c.register();
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    const me = await c.get('/api/user');
    expect(me.status).toBe(401);
    expect(me.body.message).toBe('Utilisateur non connecté');
  });

  it('refuses a forged or tampered session cookie', async () => {
    const c = client();
    const res = await c.request('GET', '/api/user', undefined, { cookie: 'atelier_session=Fe26.2**forged' });
    expect(res.status).toBe(401);
  });

  it('shows the account and updates it only with the current password', async () => {
    const c = client();
    const { password, user } = await c.register();
    const account = await c.get('/api/auth/account');
    expect(account.status).toBe(200);
    expect(account.body.user).toMatchObject({
      username: user.username,
      credits: expect.any(Number),
      subscriptionType: 'free',
    });
    expect(typeof account.body.user.createdAt).toBe('string');

    const wrong = await c.post('/api/account/update', { username: 'nouveau-nom', currentPassword: 'mauvais' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Mot de passe actuel incorrect');
    expect((await c.get('/api/auth/account')).body.user.username).toBe(user.username);

    const renamed = await c.post('/api/account/update', {
      username: `nom-${user.id}`,
      currentPassword: password,
      newPassword: '',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.username).toBe(`nom-${user.id}`);
    // A blank new password kept the old one.
    expect((await client().post('/api/login', { email: user.email, password })).status).toBe(200);
  });

  it('refuses a username someone else has', async () => {
    const a = client();
    const first = await a.register();
    const b = client();
    const second = await b.register();
    const res = await b.post('/api/account/update', {
      username: first.user.username,
      currentPassword: second.password,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Ce nom d'utilisateur est déjà pris.");
  });

  it('requires a session for the account calls', async () => {
    for (const res of [
      await client().get('/api/auth/account'),
      await client().post('/api/account/update', { username: 'abc', currentPassword: 'x' }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Utilisateur non connecté');
    }
  });

  it('never sends a password hash', async () => {
    const c = client();
    const { email, password, user } = await c.register();
    const bodies = [
      (await c.post('/api/login', { email, password })).text,
      (await c.get('/api/user')).text,
      (await c.get('/api/auth/account')).text,
      (await c.post('/api/account/update', { username: user.username, currentPassword: password })).text,
      (await c.get('/trpc/auth.me')).text,
    ];
    for (const text of bodies) {
      expect(text).not.toMatch(/passwordHash|password_hash|scrypt\$/);
      expect(text).not.toContain(password);
    }
  });

  it('refuses writes from another site', async () => {
    const res = await client('https://evil.example').post('/api/login', { email: 'a@b.fr', password: 'secret12' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Origine de la requête non autorisée');
    const sameSite = await t
      .client({ ip: '10.8.8.8', origin: 'http://localhost:80' })
      .request('POST', '/api/login', { email: 'a@b.fr', password: 'secret12' }, { host: 'localhost:80' });
    expect(sameSite.status).toBe(401);
  });

  it('answers tRPC calls with the same French messages', async () => {
    const res = await client().request('POST', '/trpc/auth.login', { json: { email: 'x', password: 'secret12' } });
    expect(res.status).toBe(400);
    expect(res.body.error.json.message).toBe('Adresse email invalide');
    expect(res.body.error.json.data.fieldErrors.email).toEqual(['Adresse email invalide']);
    const anonymous = await client().get('/trpc/auth.me');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.result.data.json).toBeNull();
  });

  it('answers unknown API paths with a French 404', async () => {
    const res = await client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Ressource introuvable');
  });
});

describe('secure cookies in production', () => {
  it('marks the session cookie Secure', async () => {
    const t = await startTestApp({ name: 'sqlite' }, { secureCookies: true });
    try {
      const res = await t
        .client()
        .post('/api/register', { email: 's@example.fr', password: 'secret12', firstName: 'Se', lastName: 'Cure' });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await t.close();
    }
  });
});

describe('health', () => {
  it('answers ok while the database answers', async () => {
    const t = await startTestApp({ name: 'sqlite' });
    try {
      const res = await t.client().get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    } finally {
      await t.close();
    }
  });
});
