import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskRenderStore, type RenderStore } from '../src/render-store';
import { S3Storage } from '../src/s3-storage';
import { RENDER_VERSION, RenderCache } from '../src/thumbnails';
import { startS3Server, type TestS3Server } from './support/s3-server';

interface Backend {
  name: string;
  /** Two stores on the same shared place, as two instances open it. */
  open(): Promise<{ stores: [RenderStore, RenderStore]; close(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'one folder',
    async open() {
      const root = await mkdtemp(join(tmpdir(), 'atelier-renders-'));
      return {
        stores: [new DiskRenderStore(root), new DiskRenderStore(root)],
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'an S3-compatible bucket (s3rver on 127.0.0.1)',
    async open() {
      const server = await startS3Server();
      return {
        stores: [new S3Storage(server.settings).renders(), new S3Storage(server.settings).renders()],
        close: () => server.close(),
      };
    },
  },
];

describe.each(backends)('the render cache shared through $name', (backend) => {
  let stores: [RenderStore, RenderStore];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ stores, close } = await backend.open());
  });
  afterAll(async () => {
    await close?.();
  });

  it('has nothing under a name never rendered', async () => {
    expect(await stores[0].read('v2/never-rendered.jpg')).toBeUndefined();
  });

  it('serves on the second instance what the first rendered, without rendering it again', async () => {
    const [a, b] = stores.map((store) => new RenderCache(store)) as [RenderCache, RenderCache];
    const rendered = await a.thumbnail('lighting-golden-hour');
    expect(a.rendered.thumbnail).toBe(1);
    expect((await b.thumbnail('lighting-golden-hour')).equals(rendered)).toBe(true);
    expect(b.rendered.thumbnail).toBe(0);
  });

  it("deletes what older engine versions rendered, and keeps the current version's renders", async () => {
    const [a, b] = stores;
    const bytes = Buffer.from('jpeg');
    await Promise.all([
      a.write('v0/old-thumbnail.jpg', bytes),
      a.write('v0/stitch-old.jpg', bytes),
      a.write('v1/art.jpg', bytes),
      a.write(`${RENDER_VERSION}/kept.jpg`, bytes),
    ]);
    // From the other instance: the bucket or folder is shared.
    expect(await new RenderCache(b).forgetOlderVersions()).toBe(3);
    expect(await a.read('v0/old-thumbnail.jpg')).toBeUndefined();
    expect(await a.read('v1/art.jpg')).toBeUndefined();
    expect(await a.read(`${RENDER_VERSION}/kept.jpg`)).toEqual(bytes);
    expect(await new RenderCache(a).forgetOlderVersions()).toBe(0);
  });
});

describe('the render cache in an S3-compatible bucket', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('labels each render with its own type, for whatever reads the bucket directly (a CDN, a backup)', async () => {
    const store = new S3Storage(server.settings).renders();
    const reader = new S3Client({ ...server.settings, credentials: server.settings });
    const typeOf = async (name: string) => {
      await store.write(name, Buffer.from('render'));
      const head = await reader.send(new HeadObjectCommand({ Bucket: server.settings.bucket, Key: `renders/${name}` }));
      return head.ContentType;
    };
    expect(await typeOf('v1/thumbnail.jpg')).toBe('image/jpeg');
    expect(await typeOf('v1/preview-1-480.webp')).toBe('image/webp');
    expect(await typeOf('v1/samples/1/abc/subject.json')).toBe('application/json');
    reader.destroy();
  });
});
