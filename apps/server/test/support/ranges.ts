import { expect } from 'vitest';
import type { TestClient, TestResponse } from './harness';

/**
 * What a player or a download manager relies on, checked on one address the client may read: the
 * whole file announcing byte ranges; a first kilobyte, an open-ended range and a suffix, each with
 * its exact bytes; 416 past the end; 304 for the copy the client holds, 412 when it asks for a
 * version the file is not; If-Range giving the range only for that copy. Files of at least 1 KB.
 * Returns the whole file's response.
 */
export async function expectServedInRanges(c: TestClient, url: string): Promise<TestResponse> {
  const get = (headers: Record<string, string>) => c.request('GET', url, undefined, headers);
  const whole = await get({});
  expect(whole.status, url).toBe(200);
  expect(whole.headers['accept-ranges']).toBe('bytes');
  const size = whole.raw.length;
  expect(Number(whole.headers['content-length'])).toBe(size);
  const etag = String(whole.headers.etag);
  const lastModified = String(whole.headers['last-modified']);
  expect(new Date(lastModified).getTime()).not.toBeNaN();

  const ranges = [
    ['bytes=0-1023', 0, 1023],
    ['bytes=100-', 100, size - 1],
    ['bytes=-100', size - 100, size - 1],
  ] as const;
  for (const [range, first, last] of ranges) {
    const part = await get({ range });
    expect(part.status, range).toBe(206);
    expect(part.headers['content-range'], range).toBe(`bytes ${first}-${last}/${size}`);
    expect(Number(part.headers['content-length']), range).toBe(last - first + 1);
    expect(part.headers['content-type'], range).toBe(whole.headers['content-type']);
    expect(part.raw.equals(whole.raw.subarray(first, last + 1)), range).toBe(true);
  }

  const beyond = await get({ range: `bytes=${size}-` });
  expect(beyond.status).toBe(416);
  expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  expect(beyond.body.message).toBe('La plage demandée est hors du fichier');
  expect(beyond.headers['cache-control']).toBeUndefined();

  const validators: Record<string, string>[] = [{ 'if-none-match': etag }, { 'if-modified-since': lastModified }];
  for (const validator of validators) {
    const unchanged = await get(validator);
    expect(unchanged.status).toBe(304);
    expect(unchanged.raw.length).toBe(0);
    expect(unchanged.headers.etag).toBe(etag);
  }

  const stale = await get({ 'if-match': '"une-autre-version"' });
  expect(stale.status).toBe(412);
  expect(stale.body.message).toBe('Le fichier a changé depuis la version indiquée');
  // Strict clients send the date: If-Range takes no weak tag under RFC 9110, and send's tags are weak.
  for (const current of [etag, lastModified])
    expect((await get({ range: 'bytes=0-1023', 'if-range': current })).status).toBe(206);
  const changed = await get({ range: 'bytes=0-1023', 'if-range': '"une-autre-version"' });
  expect(changed.status).toBe(200);
  expect(changed.raw.equals(whole.raw)).toBe(true);
  return whole;
}

/** A file the client may not see: 404 with a French message, with or without a range, and none of its bytes. */
export async function expectHidden(c: TestClient, url: string): Promise<void> {
  const requests: Record<string, string>[] = [{}, { range: 'bytes=0-1023' }];
  for (const headers of requests) {
    const refused = await c.request('GET', url, undefined, headers);
    expect(refused.status, url).toBe(404);
    expect(refused.body.message).toEqual(expect.any(String));
    expect(refused.headers['content-range']).toBeUndefined();
    expect(refused.headers['content-disposition']).toBeUndefined();
  }
}
