// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types: ours are beside
/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/s3-storage';

export interface TestS3Server {
  /** What S3Storage needs to use its bucket. */
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver, the S3 API on a folder) on 127.0.0.1 and a port of its own,
 * with one empty bucket; removed on close.
 */
export async function startS3Server(bucket = 'atelier-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'atelier-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    // s3rver takes any credentials: these are S3's documented example ones.
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
