import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  appRouter,
  createCaller,
  createContextInner,
  ListVersions,
  PRODUCTION_HASH_PARAMS,
  RateLimiter,
  type ApiConfig,
  type MediaDeps,
  type ApiDeps,
  type CallInput,
  type PaymentSettings,
} from '@atelier/api';
import type { MikroORM } from '@atelier/db';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { AppRouter } from '@atelier/api';
import { answerClientError, httpErrorReply, httpMessages, sendHttpError, type HttpFailure } from './http-errors';
import { registerAuthRoutes } from './rest/auth';
import type { CallerFactory } from './rest/call';
import { registerCreditRoutes } from './rest/credits';
import { registerFeedRoutes } from './rest/feed';
import { registerFileRoutes } from './rest/files';
import { registerGalleryRoutes } from './rest/gallery';
import { registerJobRoutes } from './rest/jobs';
import { registerPaymentRoutes } from './rest/payments';
import { REPLICATE_WEBHOOK_PATH, registerReplicateRoutes } from './rest/replicate';
import { registerMediaRoutes } from './rest/media';
import { registerTransformRoutes } from './rest/transform';
import { registerVideoRoutes } from './rest/videos';
import { createJobService } from './jobs';
import { connectRedis, type SharedRedis } from './redis';
import { sessionOpener } from './session';

export interface AppOptions {
  orm: MikroORM;
  sessionSecret: string;
  /** Secure cookies: on in production, where the app is served over HTTPS. */
  secureCookies: boolean;
  /** The origin the app is served from; writes from any other Origin are refused. */
  publicUrl?: string | undefined;
  trustProxy?: boolean;
  /** The built web app; null to serve the API alone. */
  webDist?: string | null;
  api?: Partial<ApiConfig>;
  /** Sign-in and sign-up attempts allowed per minute, per address and per e-mail. */
  authAttemptsPerMinute?: number;
  /** Stripe; payments are refused with a French message while it is absent. */
  payments?: PaymentSettings;
  /** Media storage and the image and video engines. */
  media: MediaDeps;
  /** Generations running at once: in this process (default: its cores), and per user; the heartbeat lease. */
  generation?: { concurrency?: number | undefined; perUser?: number | undefined; leaseMs?: number | undefined };
  /**
   * Redis, shared by every instance: the generation queue and its events move there (`prefix`
   * keeps one deployment's keys apart from another's). Everything stays in this process without it.
   */
  redis?: { url: string; prefix?: string | undefined } | undefined;
  logger?: FastifyServerOptions['logger'];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function apiDeps(options: AppOptions, log: FastifyBaseLogger, redis: SharedRedis | null): Promise<ApiDeps> {
  const listVersions = new ListVersions();
  const jobs = await createJobService({
    orm: options.orm,
    media: options.media,
    generation: options.generation,
    redis,
    onFinished: (job) => {
      if (job.kind === 'video') listVersions.videosChanged(job.userId);
      if (job.kind === 'workflow') listVersions.galleryChanged(job.userId);
    },
    log,
  });
  return {
    orm: options.orm,
    config: {
      launchOffer: { accounts: 100, credits: 500 },
      passwordHash: PRODUCTION_HASH_PARAMS,
      ...options.api,
    },
    limiters: {
      // Ten tries a minute per IP and per e-mail by default: enough for people, too few for guessing.
      auth: new RateLimiter(options.authAttemptsPerMinute ?? 10, 60_000),
      account: new RateLimiter(10, 60_000),
      // Each checkout opens a Stripe PaymentIntent: enough for people, not for flooding Stripe.
      payments: new RateLimiter(20, 60_000),
    },
    payments: options.payments ?? { stripe: null, publishableKey: null, webhookSecret: null },
    listVersions,
    media: options.media,
    jobs,
  };
}

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc');
}

/** Writes must come from our own pages: an Origin of another site is refused (CSRF). */
function sameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return request.headers['sec-fetch-site'] !== 'cross-site';
  if (publicUrl && origin === new URL(publicUrl).origin) return true;
  try {
    const host = request.headers.host;
    return Boolean(host) && new URL(origin).host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
    // Bad escapes, over-long parameters and requests the HTTP parser refuses answer like every other error.
    frameworkErrors: (error, _request, reply) => {
      void sendHttpError(reply, error);
    },
    clientErrorHandler: answerClientError,
  });
  const redis = options.redis ? await connectRedis(options.redis, app.log) : null;
  const deps = await apiDeps(options, app.log, redis);
  // The jobs first: the running ones finish and publish before Redis goes.
  app.addHook('onClose', async () => {
    await deps.jobs.close();
    await redis?.close();
  });
  const openSession = sessionOpener({ secret: options.sessionSecret, secure: options.secureCookies });

  const callInput = async (request: FastifyRequest, reply: FastifyReply): Promise<CallInput> => ({
    session: await openSession(request, reply),
    ip: request.ip,
  });
  const callerFor: CallerFactory = async (request, reply, signal) =>
    createCaller(createContextInner(deps, await callInput(request, reply)), { signal });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: options.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
    // Signed by Stripe and by Replicate, sent without Origin.
    if (request.url.startsWith('/api/stripe/webhook') || request.url.startsWith(REPLICATE_WEBHOOK_PATH)) return;
    if (!sameOrigin(request, options.publicUrl)) {
      return reply.code(403).send({ message: httpMessages.foreignOrigin });
    }
  });

  app.setErrorHandler((error: HttpFailure & { headers?: Record<string, string> }, request, reply) => {
    const { status, body } = httpErrorReply(error);
    if (status >= 500) request.log.error(error);
    // The error replaces the file a route was sending: its caching and download name no longer apply.
    reply.removeHeader('cache-control').removeHeader('content-disposition');
    // Headers the status needs, as a 416's Content-Range giving the file's size.
    return reply.code(status).headers(status < 500 ? (error.headers ?? {}) : {}).send(body);
  });

  await app.register(async (trpc) => {
    // Procedures take JSON. Given a form, tRPC's Fastify adapter hands tRPC the raw request stream,
    // which it fails to read (a 500): forms belong to the REST upload paths and are refused here.
    trpc.addHook('onRequest', async (request, reply) => {
      const contentType = request.headers['content-type']?.trimStart().toLowerCase();
      if (contentType?.startsWith('multipart/form-data')) return sendHttpError(reply, { statusCode: 415 });
    });
    await trpc.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: async ({ req, res }) => createContextInner(deps, await callInput(req, res)),
        onError: ({ error, path }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  // For load balancers and the container health check: up means the database answers too.
  app.get('/api/health', async (_request, reply) => {
    const { ok } = await options.orm.checkConnection();
    return ok ? { status: 'ok' } : reply.code(503).send({ status: 'unavailable', message: 'Base de données indisponible' });
  });

  registerAuthRoutes(app, callerFor);
  registerCreditRoutes(app, callerFor);
  await registerPaymentRoutes(app, callerFor);
  await registerReplicateRoutes(app, callerFor);
  await registerTransformRoutes(app, callerFor);
  await registerFileRoutes(app, (files) => {
    registerMediaRoutes(files, callerFor, options.media);
    registerVideoRoutes(files, callerFor, options.media);
  });
  registerGalleryRoutes(app, callerFor);
  registerFeedRoutes(app, callerFor);
  registerJobRoutes(app, callerFor);
  await deps.jobs.start();
  app.addHook('preClose', (done) => {
    deps.jobs.endStreams();
    done();
  });

  const webDist = options.webDist;
  const webIndex = webDist ? join(webDist, 'index.html') : null;
  if (webDist && webIndex && existsSync(webIndex)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file: sent to browsers that accept them.
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite's hashed files never change; the page itself is always revalidated.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (isApiPath(url) || !(request.method === 'GET' || request.method === 'HEAD') || !webIndex || !existsSync(webIndex)) {
      return sendHttpError(reply, { statusCode: 404 });
    }
    // History fallback: the web app's router decides what every other path shows.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
