import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What the app answers to a request reaching it from `peer`, with the headers a proxy may add. */
async function requestId(t: TestApp, peer: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await t.client({ ip: peer }).request('GET', '/api/health', undefined, headers);
  expect(response.status).toBe(200);
  return String(response.headers['x-request-id']);
}

describe('request ids behind a proxy', () => {
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    direct = await startTestApp({ name: 'sqlite' });
    proxied = await startTestApp({ name: 'sqlite' }, { trustProxy: ['127.0.0.1', '10.40.0.0/16'] });
  });

  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });

  it('gives every request a random id of its own, echoed in the response', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => requestId(direct, '127.0.0.1')));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it('takes X-Request-Id from a trusted proxy only', async () => {
    expect(await requestId(proxied, '127.0.0.1', { 'x-request-id': 'caddy-7f3a9e' })).toBe('caddy-7f3a9e');
    expect(await requestId(proxied, '10.40.3.2', { 'x-request-id': 'lb-0001' })).toBe('lb-0001');
    // A client facing the app, or an app that trusts no proxy, cannot choose what the logs say.
    expect(await requestId(proxied, '192.0.2.7', { 'x-request-id': 'made-up' })).toMatch(UUID);
    expect(await requestId(direct, '127.0.0.1', { 'x-request-id': 'made-up' })).toMatch(UUID);
    // Nor can a proxy pass on a value that would forge a log line.
    expect(await requestId(proxied, '127.0.0.1', { 'x-request-id': 'a b\u0007' })).toMatch(UUID);
  });

  it('takes a hop count as the number of proxies in front, whatever their address', async () => {
    const behindOne = await startTestApp({ name: 'sqlite' }, { trustProxy: 1 });
    try {
      expect(await requestId(behindOne, '192.0.2.7', { 'x-request-id': 'edge-42' })).toBe('edge-42');
    } finally {
      await behindOne.close();
    }
  });
});
