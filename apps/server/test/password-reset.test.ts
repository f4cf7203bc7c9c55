import { PasswordResetToken } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClients } from './support/clients';
import { startTestApp, TEST_HASH_PARAMS, type TestApp } from './support/harness';
import { startMailCatcher } from './support/mail-catcher';

const messages = {
  sent: 'Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
  notConfigured: "La réinitialisation du mot de passe par e-mail n'est pas configurée sur ce serveur.",
  invalidLink: 'Ce lien de réinitialisation est invalide, a expiré ou a déjà servi. Demandez-en un nouveau.',
};

describe.each(testDatabaseTargets())('password reset by e-mail on $name', (target) => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const client = freshClients(() => t, 71);
  /** The hashing parameters, counting the hashes that read them: a hash costs 64 MiB and a thread's time in production. */
  let hashes = 0;
  const countedHashParams = {
    ...TEST_HASH_PARAMS,
    get N() {
      hashes += 1;
      return TEST_HASH_PARAMS.N;
    },
  };

  /** A member, and the token of the reset link mailed to them. */
  async function mailedToken() {
    const member = client();
    const { email } = await member.register({
      email: `reset-${Math.random().toString(36).slice(2)}@example.fr`,
      firstName: 'Léa',
    });
    const asked = await client().post('/api/auth/forgot-password', { email: email.toUpperCase() });
    expect(asked.status, asked.text).toBe(200);
    const mail = await catcher.mailTo(email);
    const link = /https:\/\/atelier\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    return { member, email, mail, token: link![1]! };
  }

  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await startTestApp(target, {
      api: { passwordHash: countedHashParams },
      publicUrl: 'https://atelier.example',
      mail: { smtpUrl: catcher.url, from: 'Atelier <no-reply@atelier.example>', appUrl: 'https://atelier.example' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  it('mails a one-hour link to the account, and answers an unknown address the same way without mailing anyone', async () => {
    const unknown = await client().post('/api/auth/forgot-password', { email: 'personne@example.fr' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ success: true, message: messages.sent });

    const { email, mail, token } = await mailedToken();
    expect(mail.subject).toContain('=?UTF-8?'); // French subject, encoded for SMTP
    expect(mail.text).toContain('Bonjour Léa,');
    expect(mail.text).toContain('valable une heure, une seule fois');
    expect(catcher.mails.some((caught) => caught.to.includes('personne@example.fr'))).toBe(false);
    expect((await client().get('/trpc/auth.passwordResetAvailable')).body.result.data.json).toEqual({
      available: true,
    });

    // Only the token's hash is stored, and it lasts one hour.
    const rows = await t.db.orm.em.fork().find(PasswordResetToken, { user: { email } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(60 * 60 * 1000);
  });

  it('sets the new password once, by the sign-up rules, and signs the account out everywhere, API tokens included', async () => {
    const { member, email, token } = await mailedToken();
    expect((await member.get('/api/user')).status).toBe(200);

    const weak = await client().post('/api/auth/reset-password', { token, password: '123' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Le mot de passe doit contenir au moins 6 caractères');

    // A token made by whoever had the account: the reset is how its owner takes it back.
    const made = await member.post('/trpc/apiTokens.create', { json: { name: 'Script', scope: 'generate' } });
    expect(made.status, made.text).toBe(200);
    const bearer = { authorization: `Bearer ${made.body.result.data.json.token as string}` };
    expect((await client().request('GET', '/api/user', undefined, bearer)).status).toBe(200);

    const reset = await client().post('/api/auth/reset-password', { token, password: 'nouveau-secret' });
    expect(reset.status, reset.text).toBe(200);
    expect((await member.get('/api/user')).status).toBe(401);
    expect((await client().request('GET', '/api/user', undefined, bearer)).status).toBe(401);
    expect((await client().post('/api/login', { email, password: 'motdepasse' })).status).toBe(401);
    expect((await client().post('/api/login', { email, password: 'nouveau-secret' })).status).toBe(200);

    const again = await client().post('/api/auth/reset-password', { token, password: 'encore-un-autre' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.invalidLink);
    expect((await client().post('/api/login', { email, password: 'nouveau-secret' })).status).toBe(200);
  });

  it('refuses an expired link, a made-up one, and lets only one of two simultaneous uses through', async () => {
    const expired = await mailedToken();
    await t.db.orm.em
      .fork()
      .nativeUpdate(PasswordResetToken, { user: { email: expired.email } }, { expiresAt: new Date(Date.now() - 1000) });
    const hashesBefore = hashes;
    const late = await client().post('/api/auth/reset-password', { token: expired.token, password: 'nouveau-secret' });
    expect(late.body.message).toBe(messages.invalidLink);
    expect(
      (await client().post('/api/auth/reset-password', { token: 'invente', password: 'nouveau-secret' })).status,
    ).toBe(400);
    // Refused before the new password is hashed: a made-up link costs anyone's request nothing.
    expect(hashes).toBe(hashesBefore);

    const raced = await mailedToken();
    const answers = await Promise.all(
      ['premier-essai', 'second-essai'].map((password) =>
        client().post('/api/auth/reset-password', { token: raced.token, password }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('limits requests per address and per e-mail', async () => {
    const sameIp = t.client({ ip: '10.72.0.1' });
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await sameIp.post('/api/auth/forgot-password', { email: `flood-${i}@example.fr` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const perEmail = [];
    for (let i = 0; i < 6; i += 1)
      perEmail.push(
        (await t.client({ ip: `10.73.0.${i}` }).post('/api/auth/forgot-password', { email: 'cible@example.fr' }))
          .status,
      );
    expect(perEmail.at(-1)).toBe(429);
  });
});

describe.each(testDatabaseTargets())('password reset without SMTP on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says in French that the service is not configured', async () => {
    const c = t.client();
    expect((await c.get('/trpc/auth.passwordResetAvailable')).body.result.data.json).toEqual({ available: false });
    const refused = await c.post('/api/auth/forgot-password', { email: 'lea@example.fr' });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(messages.notConfigured);
  });
});
