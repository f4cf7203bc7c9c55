import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ApiConfig, MediaDeps } from '@atelier/api';
import { DiskRenderStore, LocalDiskStorage, LocalImageEngine, LocalVideoEngine, RenderCache } from '@atelier/media';
import { openTestDatabase, type TestDatabase, type TestDatabaseTarget } from '@atelier/db/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app';
import { multipartBody } from './images';
import { deleteRedisKeys, testRedis, type TestQueueTarget } from './redis';

/** Cheap hashing for tests: the scheme is the same, only the cost differs. */
export const TEST_HASH_PARAMS = { N: 1024, r: 8, p: 1 };

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  media: MediaDeps;
  /** Where its job queue lives when on Redis. */
  redis: { url: string; prefix: string } | undefined;
  client(options?: ClientOptions): TestClient;
  close(): Promise<void>;
}

/**
 * The app on a fresh database of its own, its job queue in the process or on Redis (`queue`) under
 * a prefix of its own; or, with `instanceOf`, a second instance of a running test app: same
 * database, files and Redis, as two processes behind a load balancer. Close a second instance
 * before the first, which removes what they shared.
 */
export async function startTestApp(
  target: TestDatabaseTarget,
  options: {
    api?: Partial<ApiConfig>;
    media?: Partial<MediaDeps>;
    queue?: TestQueueTarget;
    instanceOf?: TestApp;
  } & Partial<
    Pick<
      AppOptions,
      | 'secureCookies'
      | 'payments'
      | 'generation'
      | 'trustProxy'
      | 'rateLimits'
      | 'metricsToken'
      | 'webDist'
      | 'publicUrl'
      | 'mail'
      | 'requestTimeoutMs'
      | 'runsGenerations'
      | 'thumbnailWaitMs'
      | 'logger'
    >
  > = {},
): Promise<TestApp> {
  const first = options.instanceOf;
  const db = first?.db ?? (await openTestDatabase(target));
  const redis = first ? first.redis : options.queue && testRedis(options.queue);
  const mediaDir = first ? null : mkdtempSync(join(tmpdir(), 'atelier-media-'));
  // The real local engines on a throwaway folder; a test may swap one for a failing engine.
  const media: MediaDeps = {
    ...(first?.media ?? {
      storage: new LocalDiskStorage(join(mediaDir!, 'media')),
      renders: new RenderCache(new DiskRenderStore(join(mediaDir!, 'renders'))),
      images: new LocalImageEngine(),
      videos: new LocalVideoEngine(),
    }),
    ...options.media,
  };
  const app = await buildApp({
    orm: db.orm,
    sessionSecret: 'a-test-secret-that-is-long-enough-for-iron',
    secureCookies: options.secureCookies ?? false,
    webDist: options.webDist ?? null,
    metricsToken: options.metricsToken,
    publicUrl: options.publicUrl,
    mail: options.mail,
    // The Découverte offer's own suite turns it on; the others count from the launch offer alone.
    api: { passwordHash: TEST_HASH_PARAMS, discoveryOfferCredits: 0, ...options.api },
    payments: options.payments,
    generation: options.generation,
    trustProxy: options.trustProxy,
    rateLimits: options.rateLimits,
    requestTimeoutMs: options.requestTimeoutMs,
    runsGenerations: options.runsGenerations,
    thumbnailWaitMs: options.thumbnailWaitMs,
    logger: options.logger,
    redis,
    media,
  });
  await app.ready();
  return {
    app,
    db,
    media,
    redis,
    client: (clientOptions) => new TestClient(app, clientOptions),
    async close() {
      await app.close();
      if (first) return;
      await db.close();
      if (redis) await deleteRedisKeys(redis);
      rmSync(mediaDir!, { recursive: true, force: true });
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  text: string;
  raw: Buffer;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface ClientOptions {
  ip?: string;
  origin?: string;
  /** Sent with every request, e.g. an API token's `authorization`. */
  headers?: Record<string, string>;
}

/** Bytes, text or a stream (a body sent slowly, or never finished) go as they are; anything else as JSON. */
const sentAsIs = (payload: unknown): payload is string | Buffer | Readable =>
  typeof payload === 'string' || Buffer.isBuffer(payload) || payload instanceof Readable;

/** A browser-like client: keeps its session cookie between calls. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: ClientOptions = {},
  ) {}

  async request<T = any>(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.options.ip ?? '127.0.0.1',
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(this.options.origin ? { origin: this.options.origin } : {}),
        ...(payload !== undefined && !sentAsIs(payload) ? { 'content-type': 'application/json' } : {}),
        ...this.options.headers,
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: sentAsIs(payload) ? payload : JSON.stringify(payload) }),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let body: unknown = undefined;
    try {
      body = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      body = undefined;
    }
    return {
      status: response.statusCode,
      body: body as T,
      text: response.body,
      raw: response.rawPayload,
      headers: response.headers,
    };
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }

  post<T = any>(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, payload ?? {}, headers);
  }

  /** Sends a picture as the studio does: multipart `image` plus text fields, to /api/upload unless told. */
  upload(
    image: Buffer,
    fields: Record<string, string> = {},
    file: { name?: string; type?: string; field?: string; path?: string } = {},
  ) {
    const { payload, contentType } = multipartBody(fields, {
      field: file.field ?? 'image',
      name: file.name ?? 'photo.jpg',
      type: file.type ?? 'image/jpeg',
      data: image,
    });
    const path = file.path ?? (file.field === 'referenceImage' ? '/api/upload-reference' : '/api/upload');
    return this.request('POST', path, payload, { 'content-type': contentType });
  }

  /**
   * Opens a server-sent event stream and hands its events over as they come (JSON data), so a
   * test can act between two of them; done when the server ends the stream.
   */
  async openEvents<T = any>(url: string): Promise<{ status: number; events: AsyncGenerator<T> }> {
    const response = await this.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.options.ip ?? '127.0.0.1',
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      payloadAsStream: true,
    });
    async function* parse(): AsyncGenerator<T> {
      let buffered = '';
      for await (const chunk of response.stream()) {
        buffered += String(chunk);
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block
            .split('\n')
            .find((line) => line.startsWith('data: '))
            ?.slice('data: '.length);
          // tRPC's pings and end of stream carry no data.
          if (data) yield JSON.parse(data) as T;
        }
      }
    }
    return { status: response.statusCode, events: parse() };
  }

  /** Carries this client's session over to another, as a second tab or a stolen cookie would. */
  copySessionTo(other: TestClient): void {
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
  }

  /** Signs up, with the terms accepted as the sign-up form does, unless `acceptTerms: false`. */
  async register(
    overrides: Partial<{
      email: string;
      password: string;
      firstName: string;
      lastName: string;
      acceptTerms: boolean;
    }> = {},
  ) {
    const body = {
      email: overrides.email ?? `user-${Math.random().toString(36).slice(2)}@example.fr`,
      password: overrides.password ?? 'motdepasse',
      firstName: overrides.firstName ?? 'Camille',
      lastName: overrides.lastName ?? 'Durand',
      acceptTerms: overrides.acceptTerms ?? true,
    };
    const response = await this.post('/api/register', body);
    if (response.status !== 200) throw new Error(`register failed: ${response.status} ${response.text}`);
    return { ...body, user: response.body.user as { id: number; credits: number; email: string; username: string } };
  }
}
