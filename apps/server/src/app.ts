import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  appRouter,
  createCaller,
  createContextInner,
  describeError,
  toProcedureError,
  ListVersions,
  LiveSessions,
  LocalSessionEndings,
  MemoryVersionStore,
  PRODUCTION_HASH_PARAMS,
  RedisSessionEndings,
  RedisVersionStore,
  SignInThrottle,
  ThumbnailRequests,
  VIDEO_WAIT_MS,
  type ApiConfig,
  type MediaDeps,
  type ApiDeps,
  type CallInput,
  type Mailer,
  type PaymentSettings,
  type RateLimits,
} from '@atelier/api';
import { STORAGE_QUOTAS } from '@atelier/catalog';
import type { MikroORM } from '@atelier/db';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AppRouter } from '@atelier/api';
import { limitBatches } from './batch-limit';
import { answerClientError, httpErrorReply, httpMessages, sendHttpError, type HttpFailure } from './http-errors';
import { registerAuthRoutes } from './rest/auth';
import type { CallerFactory, ContextFactory } from './rest/call';
import { registerCreditRoutes } from './rest/credits';
import { registerFeedRoutes } from './rest/feed';
import { registerFileRoutes } from './rest/files';
import { registerGalleryRoutes } from './rest/gallery';
import { registerJobRoutes } from './rest/jobs';
import { registerPaymentRoutes } from './rest/payments';
import { REPLICATE_WEBHOOK_PATH, registerReplicateRoutes } from './rest/replicate';
import { registerMediaRoutes } from './rest/media';
import { registerModerationRoutes } from './rest/moderation';
import { registerTransformRoutes } from './rest/transform';
import { registerVideoRoutes } from './rest/videos';
import { faultReply, refusalAnswer } from './faults';
import { afterGeneration, createJobService } from './jobs';
import { fastifyTrustProxy, requestIdGenerator, type TrustProxy } from './proxy';
import { registerRateLimits, type RateLimitSettings } from './rate-limits';
import { ServerMetrics } from './metrics';
import { registerHealthRoutes } from './readiness';
import { closeConnectionsOnShutdown } from './shutdown';
import { recordApiRoutes } from './openapi/api-route';
import { registerOpenApiRoutes } from './openapi/routes';
import { smtpMailer } from './mailer';
import { connectRedis, redisWebhookRelay, type SharedRedis } from './redis';
import { registerSecurityHeaders } from './security-headers';
import { sessionOpener } from './session';
import { apiTokenLookup, sentBearerToken } from './api-tokens';
import { registerAccountDataRoutes } from './rest/account-data';
import { registerAdminRoutes } from './rest/admin';
import { registerAccountSecurityRoutes } from './rest/account-security';
import { registerSharePage } from './share-page';
import { cutOffSlowBodies } from './slow-clients';

/** The landing's own copy of the web app's page (apps/web/vite.config.ts). */
const LANDING_PAGE = 'landing.html';
export interface AppOptions {
  orm: MikroORM;
  sessionSecret: string;
  /** Secure cookies: on in production, where the app is served over HTTPS. */
  secureCookies: boolean;
  /** The origin the app is served from; writes from any other Origin are refused. */
  publicUrl?: string | undefined;
  /** Which peers may speak for the client (see TrustProxy); none by default. */
  trustProxy?: TrustProxy;
  /** The built web app; null to serve the API alone. */
  webDist?: string | null;
  api?: Partial<ApiConfig>;
  /** Sign-ups allowed per minute from one address (wrong passwords slow down on their own, see SignInThrottle). */
  authAttemptsPerMinute?: number;
  /** The other limits, per user (or address for visitors), per minute. */
  rateLimits?: RateLimitSettings;
  /**
   * Outgoing e-mail (password reset links) through this SMTP server; `appUrl` is the origin the links
   * point to. Without it, "Mot de passe oublié ?" says the service is not configured.
   */
  mail?: { smtpUrl: string; from: string; appUrl: string } | undefined;
  /** Stripe; payments are refused with a French message while it is absent. */
  payments?: PaymentSettings;
  /** Media storage and the image and video engines. */
  media: MediaDeps;
  /** Generations running at once: in this process (default: its cores), and per user; the heartbeat lease. */
  generation?: { concurrency?: number | undefined; perUser?: number | undefined; leaseMs?: number | undefined };
  /**
   * Whether this process runs the generations it queues (ATELIER_ROLE=all, the default) or leaves
   * them all to workers (web: its job service queues, follows and cancels, never runs one).
   */
  runsGenerations?: boolean;
  /** How long a stop waits for running generations before handing them back to the queue. */
  shutdownGraceMs?: number | undefined;
  /**
   * Redis, shared by every instance: the generation queue and its events move there (`prefix`
   * keeps one deployment's keys apart from another's). Everything stays in this process without it.
   */
  redis?: { url: string; prefix?: string | undefined } | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Serves Prometheus metrics at /api/metrics to a scraper sending `Authorization: Bearer <token>`; none without it. */
  metricsToken?: string | undefined;
  /** How long a client has to send a whole request, headers and body (REQUEST_TIMEOUT_MS by default). */
  requestTimeoutMs?: number | undefined;
  /** Without runsGenerations: how long a thumbnail waits for a worker before a 503 (THUMBNAIL_WAIT_MS by default). */
  thumbnailWaitMs?: number | undefined;
}

/**
 * A client dripping its request byte by byte is answered 408 and cut off past this, rather than
 * holding a connection for ever: 2 minutes carry a 10 MB upload at some 700 kbit/s. Answers may
 * take longer (a video's synchronous call, the progress streams): the timeout stops at the request.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * A connection on which nothing passes either way for longer than the longest synchronous call
 * (a video, 10 minutes) is closed. Progress streams ping every 15 s, so they never go quiet.
 */
const CONNECTION_TIMEOUT_MS = VIDEO_WAIT_MS + 60_000;

/**
 * How long a web server waits for a worker to render a thumbnail before answering 503: a cold
 * worker first starts its models (about 15 s), then renders a tile in well under a second.
 */
const THUMBNAIL_WAIT_MS = 30_000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function apiDeps(
  options: AppOptions,
  log: FastifyBaseLogger,
  redis: SharedRedis | null,
  limits: RateLimits,
  metrics: ServerMetrics | null,
  mailer: Mailer | null,
): Promise<ApiDeps> {
  // With Redis every instance gives the same tags, and a write on one changes them for all.
  const listVersions = new ListVersions(
    redis ? new RedisVersionStore(redis.client, redis.reads, redis.prefix) : new MemoryVersionStore(),
  );
  const jobs = await createJobService({
    orm: options.orm,
    media: options.media,
    generation: options.generation,
    redis,
    onFinished: afterGeneration(listVersions, metrics, log),
    log,
  });
  const sessionEndings = redis
    ? new RedisSessionEndings(redis.client, redis.reads, redis.prefix)
    : new LocalSessionEndings();
  return {
    orm: options.orm,
    liveSessions: new LiveSessions(options.orm, sessionEndings),
    config: {
      launchOffer: { accounts: 100, credits: 500 },
      discoveryOfferCredits: 100,
      passwordHash: PRODUCTION_HASH_PARAMS,
      quotas: STORAGE_QUOTAS,
      operator: { name: null, address: null, email: null, hostingProvider: null },
      adminEmails: [],
      ...options.api,
    },
    signIn: new SignInThrottle({ signUpsPerMinute: options.authAttemptsPerMinute ?? 10, redis }),
    limits,
    mail: { mailer, appUrl: options.mail?.appUrl ?? options.publicUrl ?? 'http://localhost:3000' },
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
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    genReqId: requestIdGenerator(options.trustProxy ?? false),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // Node looks for expired requests this often (30 s by default).
    http: { connectionsCheckingInterval: Math.min(30_000, (options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS) / 4) },
    routerOptions: { maxParamLength: 5000 },
    // Bad escapes, over-long parameters and requests the HTTP parser refuses answer like every other error.
    frameworkErrors: (error, _request, reply) => {
      void sendHttpError(reply, error);
    },
    clientErrorHandler: answerClientError,
  });
  recordApiRoutes(app);
  cutOffSlowBodies(app, options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS);
  const redis = options.redis ? await connectRedis(options.redis, app.log) : null;
  if (redis) options.media.replicateWebhooks?.relayThrough(redisWebhookRelay(redis, app.log));
  // A web server loads no model: the thumbnails its render cache lacks are asked of the workers.
  const thumbnails =
    redis && !(options.runsGenerations ?? true)
      ? await ThumbnailRequests.open({
          connection: redis.client,
          subscriber: redis.subscriber,
          prefix: redis.prefix,
          waitMs: options.thumbnailWaitMs ?? THUMBNAIL_WAIT_MS,
          log: app.log,
        })
      : null;
  if (thumbnails) options.media.renders.renderThumbnailsThrough(thumbnails.render);
  const limits = await registerRateLimits(app, redis, options.rateLimits);
  const metrics = options.metricsToken ? new ServerMetrics(options.orm, options.media.renders.rendered) : null;
  const mailer = options.mail ? smtpMailer(options.mail.smtpUrl, options.mail.from, app.log) : null;
  const deps = await apiDeps(options, app.log, redis, limits, metrics, mailer);
  // The jobs first: the running ones finish and publish before Redis goes.
  app.addHook('onClose', async () => {
    await deps.jobs.close({ graceMs: options.shutdownGraceMs });
    await thumbnails?.close();
    await redis?.close();
    mailer?.close();
  });
  const openSession = sessionOpener({ secret: options.sessionSecret, secure: options.secureCookies });
  app.decorate('apiTokenOf', apiTokenLookup(options.orm));

  const callInput = async (request: FastifyRequest, reply: FastifyReply): Promise<CallInput> => ({
    session: await openSession(request, reply),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  // REST paths take an API token in place of the cookie.
  const contextFor: ContextFactory = async (request, reply) =>
    createContextInner(deps, { ...(await callInput(request, reply)), bearer: app.apiTokenOf(request) });
  const callerFor: CallerFactory = async (request, reply, signal) =>
    createCaller(await contextFor(request, reply), { signal });

  closeConnectionsOnShutdown(app);
  // Set before any route, as a route keeps the handler set when it was added.
  app.setErrorHandler((error: HttpFailure & { headers?: Record<string, string> }, request, reply) => {
    // The database, Redis or the disk failing under a hook or a route of its own: 503 or 507.
    const fault = faultReply(error);
    const { status, body } = fault ?? httpErrorReply(error);
    if (status >= 500) request.log.error(error);
    // The error replaces the file a route was sending: its caching and download name no longer apply.
    reply.removeHeader('cache-control').removeHeader('content-disposition');
    // Headers the status needs, as a 416's Content-Range giving the file's size, or Retry-After.
    return reply
      .code(status)
      .headers(fault?.headers ?? (status < 500 ? (error.headers ?? {}) : {}))
      .send(body);
  });
  if (metrics && options.metricsToken) {
    metrics.follow(deps.jobs);
    metrics.register(app, options.metricsToken);
  }
  await app.register(cookie);
  registerSecurityHeaders(app, {
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

  // Echoed, so a client or the proxy can name the request in a report.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
    // Signed by Stripe and by Replicate, sent without Origin.
    if (request.url.startsWith('/api/stripe/webhook') || request.url.startsWith(REPLICATE_WEBHOOK_PATH)) return;
    // An API token is no ambient credential: a foreign page cannot make a browser send it.
    if (sentBearerToken(request) !== null) return;
    if (!sameOrigin(request, options.publicUrl)) {
      return reply.code(403).send({ message: httpMessages.foreignOrigin });
    }
  });

  await app.register(async (trpc) => {
    // Procedures take JSON. Given a form, tRPC's Fastify adapter hands tRPC the raw request stream,
    // which it fails to read (a 500): forms belong to the REST upload paths and are refused here.
    trpc.addHook('onRequest', async (request, reply) => {
      const contentType = request.headers['content-type']?.trimStart().toLowerCase();
      if (contentType?.startsWith('multipart/form-data')) return sendHttpError(reply, { statusCode: 415 });
    });
    limitBatches(trpc);
    await trpc.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: async ({ req, res }) => createContextInner(deps, await callInput(req, res)),
        onError: ({ error, path, req }) => {
          if (getHTTPStatusCodeFromError(toProcedureError(error) ?? error) >= 500)
            req.log.error({ err: error, cause: error.cause, path }, 'procedure failed');
        },
        // The database or the disk failing: 503 with Retry-After, or 507; a limit met: its Retry-After.
        responseMeta: ({ errors }) => refusalAnswer(errors.map((error) => describeError(error).data)),
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  registerHealthRoutes(app, {
    orm: options.orm,
    media: options.media,
    redis,
    generationWorkers: () => deps.jobs.workers.alive(),
  });

  registerAuthRoutes(app, callerFor);
  registerAccountDataRoutes(app, callerFor, options.media);
  registerAccountSecurityRoutes(app, callerFor);
  registerCreditRoutes(app, callerFor);
  await registerPaymentRoutes(app, callerFor);
  await registerReplicateRoutes(app, callerFor);
  await registerTransformRoutes(app, callerFor);
  await registerFileRoutes(app, (files) => {
    registerMediaRoutes(files, callerFor, options.media);
    registerVideoRoutes(files, callerFor, contextFor, options.media);
  });
  registerGalleryRoutes(app, callerFor, contextFor);
  registerFeedRoutes(app, callerFor, contextFor);
  registerJobRoutes(app, callerFor);
  registerModerationRoutes(app, callerFor);
  registerAdminRoutes(app, callerFor);
  registerOpenApiRoutes(app);
  if (options.runsGenerations ?? true) await deps.jobs.start();
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
    registerSharePage(app, callerFor, webIndex, options.publicUrl);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // Pages are for browsers navigating (they ask for HTML): a scraper's or a script's unknown path is a 404.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (isApiPath(url) || !wantsPage || !webIndex || !existsSync(webIndex)) {
      return sendHttpError(reply, { statusCode: 404 });
    }
    // History fallback: the web app's router decides what every other path shows. The landing has a
    // page of its own, which preloads its hero picture (the web build writes it beside index.html).
    const landing = request.url.split('?')[0] === '/landing' && webDist && existsSync(join(webDist, LANDING_PAGE));
    return reply.header('cache-control', 'no-cache').sendFile(landing ? LANDING_PAGE : 'index.html');
  });

  return app;
}
