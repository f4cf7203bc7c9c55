import { CreditEntry } from '@atelier/db';
import { testDatabaseTargets } from '@atelier/db/testing';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './support/harness';

describe.each(testDatabaseTargets())('launch offer on $name', (target) => {
  it('gives 500 credits to each of the first 100 accounts and nothing to the 101st', async () => {
    const t = await startTestApp(target);
    try {
      const credits: number[] = [];
      for (let i = 0; i < 101; i += 1) {
        const { user } = await t
          .client({ ip: `10.1.${Math.floor(i / 200)}.${i % 200}` })
          .register({ email: `offre${i}@example.fr` });
        credits.push(user.credits);
      }
      expect(credits.slice(0, 100).every((c) => c === 500)).toBe(true);
      expect(credits[100]).toBe(0);

      const first = t.client({ ip: '10.2.0.1' });
      await first.post('/api/login', { email: 'offre0@example.fr', password: 'motdepasse' });
      const history = await first.get('/api/credits/history');
      expect(history.status).toBe(200);
      expect(history.body).toEqual([
        expect.objectContaining({ type: 'credit', amount: 500, description: 'Offre de lancement' }),
      ]);
    } finally {
      await t.close();
    }
  });

  it('never hands out more offers than there are, even to simultaneous sign-ups', async () => {
    const t = await startTestApp(target, { api: { launchOffer: { accounts: 5, credits: 500 } } });
    try {
      for (let i = 0; i < 3; i += 1) await t.client({ ip: `10.3.0.${i}` }).register();
      const rush = await Promise.all(Array.from({ length: 6 }, (_, i) => t.client({ ip: `10.4.0.${i}` }).register()));
      expect(rush.filter((r) => r.user.credits === 500)).toHaveLength(2);
      expect(await t.db.orm.em.fork().count(CreditEntry, { reason: 'launch_offer' })).toBe(5);
    } finally {
      await t.close();
    }
  });
});
