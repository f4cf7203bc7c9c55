import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from '../src/errors';
import { S3Storage } from '../src/s3-storage';
import { LocalDiskStorage, type MediaStorage, type ServableFile } from '../src/storage';
import { startS3Server } from './support/s3-server';

interface Backend {
  name: string;
  open(): Promise<{ storage: MediaStorage; close(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'local disk',
    async open() {
      const root = await mkdtemp(join(tmpdir(), 'atelier-storage-'));
      return {
        storage: new LocalDiskStorage(join(root, 'media')),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3-compatible (s3rver on 127.0.0.1)',
    async open() {
      const server = await startS3Server();
      return { storage: new S3Storage(server.settings), close: () => server.close() };
    },
  },
];

const MISSING = 'results/2026/11/3f2b8c1e-9d4a-4b7e-8f1a-2c3d4e5f6a7b.jpg';

async function expectNotFound(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaError);
  expect((error as MediaError).code).toBe('NOT_FOUND');
}

async function bytesOf(stream: NodeJS.ReadableStream | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(stream!)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Both backends keep the MediaStorage contract: the app cannot tell them apart. */
describe.each(backends)('media storage on $name', (backend) => {
  let storage: MediaStorage;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, close } = await backend.open());
  });
  afterAll(async () => {
    await close?.();
  });

  it('stores bytes under a generated key, describes them, and gives them back', async () => {
    const bytes = Buffer.from('des octets stockés, relus tels quels');
    const key = await storage.put('results', bytes, 'jpg');
    expect(key).toMatch(/^results\/\d{4}\/(0[1-9]|1[0-2])\/[0-9a-f-]{36}\.jpg$/);
    expect(await storage.get(key)).toEqual(bytes);
    const info = await storage.stat(key);
    expect(info).toMatchObject({ size: bytes.length, contentType: 'image/jpeg' });
    expect(Math.abs(info.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await storage.servable(key)).contentType).toBe('image/jpeg');
  });

  it('answers NOT_FOUND for a missing file and for any name that is not a generated key', async () => {
    for (const key of [MISSING, '../etc/passwd', 'results/../../x.jpg', 'autre/2026/11/x.jpg']) {
      await expectNotFound(storage.get(key));
      await expectNotFound(storage.stat(key));
      await expectNotFound(storage.servable(key));
    }
  });

  it('deletes, and deleting again is not an error', async () => {
    const key = await storage.put('uploads', Buffer.from([1, 2, 3]), 'png');
    await storage.delete(key);
    await storage.delete(key);
    await expectNotFound(storage.get(key));
  });

  it('serves a range, and answers a copy the client holds as not modified', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    const key = await storage.put('videos', bytes, 'mp4');
    const servable: ServableFile = await storage.servable(key);
    expect(servable.contentType).toBe('video/mp4');
    // Disk files are sent by @fastify/static, which answers ranges itself; objects by the store.
    if ('root' in servable) return;
    const whole = await servable.read({});
    expect(whole.status).toBe(200);
    expect(await bytesOf(whole.body)).toEqual(bytes);
    const etag = whole.headers.etag!;
    expect(etag).toBeTruthy();

    const part = await servable.read({ range: 'bytes=5-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-9/${bytes.length}`);
    expect(await bytesOf(part.body)).toEqual(bytes.subarray(5, 10));

    expect((await servable.read({ ifNoneMatch: etag })).status).toBe(304);
  });
});
