import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { RenderStore } from './render-store';
import {
  contentTypeOf,
  isStorageKey,
  newStorageKey,
  notFound,
  type MediaStorage,
  type ObjectRead,
  type ObjectReadConditions,
  type ServableObject,
  type StorageExtension,
  type StorageKind,
  type StoredFileInfo,
} from './storage';

export interface S3Settings {
  /** Another S3-compatible server (MinIO, say); AWS's own when unset. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than the host name, as MinIO and most S3-compatible servers want. */
  forcePathStyle: boolean;
}

/** What HEAD found of the object: its size and its validators. */
interface ObjectVersion {
  size: number;
  modifiedAt: Date;
  etag: string;
}

/**
 * A suffix range (`bytes=-500`, the last 500 bytes) as first-last positions: not every
 * S3-compatible server reads the suffix form, and every one reads this.
 */
function fromTheStart(range: string | undefined, size: number): string | undefined {
  const suffix = range && /^bytes=-(\d+)$/.exec(range.trim());
  if (!suffix || Number(suffix[1]) === 0 || size === 0) return range;
  return `bytes=${Math.max(0, size - Number(suffix[1]))}-${size - 1}`;
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** 404, or 403 when the credentials may not list the bucket. */
function isMissingObject(error: unknown): boolean {
  const status = statusOf(error);
  return status === 404 || status === 403;
}

/** A missing object is NOT_FOUND; anything else stays an error. */
function rethrowMissing(error: unknown): never {
  throw isMissingObject(error) ? notFound(error) : error;
}

/** Renders live under their own prefix, which no media key (KEY_PATTERN) starts with: no media route reaches them. */
const RENDERS_PREFIX = 'renders/';

/**
 * Media in one bucket of an S3-compatible store, under the same generated keys as on disk, so
 * every instance reads what any of them wrote. Objects are private: the server reads them with
 * its credentials and sends them itself, after its own owner checks.
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: S3-compatible servers do not all know the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private checked(key: string): string {
    if (!isStorageKey(key)) throw notFound();
    return key;
  }

  async put(kind: StorageKind, data: Buffer, extension: StorageExtension): Promise<string> {
    const key = newStorageKey(kind, extension);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: data, ContentType: contentTypeOf(key) }),
    );
    return key;
  }

  async get(key: string): Promise<Buffer> {
    return this.bytes(this.checked(key)).catch(rethrowMissing);
  }

  /**
   * The render cache in the same bucket: what one instance rendered (thumbnails, art, before/after
   * views), the others read instead of rendering again, with no folder of their own.
   */
  renders(): RenderStore {
    return {
      read: (name) =>
        this.bytes(RENDERS_PREFIX + name).catch((error: unknown) => {
          if (isMissingObject(error)) return undefined;
          throw error;
        }),
      write: async (name, bytes) => {
        // A PUT is atomic in S3: a reader gets the whole object or none.
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.settings.bucket,
            Key: RENDERS_PREFIX + name,
            Body: bytes,
            ContentType: contentTypeOf(name),
          }),
        );
      },
      remove: async (name) => {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: RENDERS_PREFIX + name }));
      },
      removeFolder: async (folder) => {
        await this.deleteListed(`${RENDERS_PREFIX}${folder}/`, () => true);
      },
      keepOnly: (version) =>
        this.deleteListed(RENDERS_PREFIX, (key) => !key.startsWith(`${RENDERS_PREFIX}${version}/`)),
    };
  }

  /** Deletes the objects under `prefix` that `chosen` picks; resolves to how many went. */
  private async deleteListed(prefix: string, chosen: (key: string) => boolean): Promise<number> {
    let removed = 0;
    // A listing page holds at most 1,000 keys, as many as one DeleteObjects takes.
    for await (const page of paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.settings.bucket, Prefix: prefix },
    )) {
      const objects = (page.Contents ?? []).flatMap(({ Key }) => (Key && chosen(Key) ? [{ Key }] : []));
      if (objects.length === 0) continue;
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: objects, Quiet: true } }),
      );
      removed += objects.length;
    }
    return removed;
  }

  private async bytes(key: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async stat(key: string): Promise<StoredFileInfo> {
    const { size, modifiedAt } = await this.head(key);
    return { size, modifiedAt, contentType: contentTypeOf(key) };
  }

  async servable(key: string): Promise<ServableObject> {
    const head = await this.head(key);
    return { contentType: contentTypeOf(key), read: (conditions) => this.read(key, head, conditions) };
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  private async head(key: string): Promise<ObjectVersion> {
    const head = await this.client
      .send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(key) }))
      .catch(rethrowMissing);
    return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0), etag: head.ETag ?? '' };
  }

  /**
   * The object, a range of it, or "not modified", as the store answers the client's own headers;
   * If-Range (which GET Object lacks) and If-Match (which not every S3-compatible server reads) are
   * checked here against the version `servable` found: keys are never written twice, so it is the
   * object's only version.
   */
  private async read(key: string, version: ObjectVersion, conditions: ObjectReadConditions): Promise<ObjectRead> {
    const validators = { etag: version.etag, 'last-modified': version.modifiedAt.toUTCString() };
    const rangeStillApplies =
      !conditions.ifRange || conditions.ifRange === version.etag || conditions.ifRange === validators['last-modified'];
    if (conditions.ifMatch && !conditions.ifMatch.split(',').some((tag) => ['*', version.etag].includes(tag.trim()))) {
      return { status: 412, headers: {}, body: null };
    }
    const modifiedSince = conditions.ifModifiedSince ? new Date(conditions.ifModifiedSince) : undefined;
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Range: rangeStillApplies ? fromTheStart(conditions.range, version.size) : undefined,
          IfNoneMatch: conditions.ifNoneMatch,
          IfModifiedSince: modifiedSince && !Number.isNaN(modifiedSince.getTime()) ? modifiedSince : undefined,
        }),
      );
      const headers: Record<string, string> = { 'accept-ranges': 'bytes', ...validators };
      if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
      if (object.ContentRange) headers['content-range'] = object.ContentRange;
      return { status: object.ContentRange ? 206 : 200, headers, body: object.Body as NodeJS.ReadableStream };
    } catch (error) {
      switch (statusOf(error)) {
        case 304:
          return { status: 304, headers: validators, body: null };
        case 416:
          return { status: 416, headers: { 'content-range': `bytes */${version.size}` }, body: null };
        default:
          return rethrowMissing(error);
      }
    }
  }
}
