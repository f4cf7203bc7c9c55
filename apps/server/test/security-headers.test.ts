import { testDatabaseTargets } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness';

describe.each(testDatabaseTargets())('security headers on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('go with every answer: lists answered from memory, refusals, the reference page', async () => {
    const c = t.client();
    const { user } = await c.register();
    await c.get(`/api/gallery/${user.id}`);
    const answers = [
      await c.get('/api/feed/public'),
      await c.get(`/api/gallery/${user.id}`),
      await c.get('/api/jobs/999999'),
      await t.client().get('/api/user'),
      await c.get('/api/docs'),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['strict-transport-security']).toBeDefined();
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 401, 200]);
  });
});
