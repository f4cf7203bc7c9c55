import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { creditsFor, smallestOfferCredits, STORAGE_QUOTAS } from '@atelier/catalog';
import { databaseKind } from '@atelier/db';
import {
  chooseModels,
  dearestUsd,
  DEFAULT_CLOUD_MODELS,
  modelName,
  DEFAULT_CREATES_PER_MINUTE,
  REPLICATE_API_URL,
  type ModelChoice,
  type StepRole,
} from '@atelier/media';
import { z } from 'zod';
import type { TrustProxy } from './proxy';

/** An address, a CIDR, or one of proxy-addr's names for address ranges. */
function isTrustedPeer(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

const MEGABYTE = 1024 * 1024;

/** What a process of this server does (ATELIER_ROLE). */
export const ROLES = ['all', 'web', 'worker'] as const;

/** The one reader of process.env: every setting of the server, checked once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .min(1)
    .refine((url) => /^(mysql|mariadb):\/\//.test(url) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(url), {
      message: 'DATABASE_URL must be mysql://…, mariadb://… or the path of a SQLite file',
    })
    .optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  /**
   * Which peers may speak for the client (X-Forwarded-For, X-Request-Id), as Fastify's trustProxy:
   * `false`, `true`, a hop count, or the proxies' addresses and CIDRs separated by commas (safe).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, context): TrustProxy => {
      if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      const invalid = entries.find((entry) => !isTrustedPeer(entry));
      if (invalid === undefined) return entries;
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be true, false, a hop count, or addresses and CIDRs separated by commas ("${invalid}" is none of them)`,
      });
      return z.NEVER;
    })
    .default(false),
  /** How many of the first accounts get the launch offer's 500 credits. */
  LAUNCH_OFFER_ACCOUNTS: z.coerce.number().int().min(0).default(100),
  /** The Découverte offer: credits granted each calendar month to free accounts; 0 turns it off. */
  DISCOVERY_OFFER_CREDITS: z.coerce.number().int().min(0).default(100),
  /** Sign-in and sign-up attempts allowed per minute, per address and per e-mail. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Uploads, composites and before/after views per minute, per user (or address). */
  IMAGE_WORK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AI_ENGINE: z.enum(['local', 'replicate']).default('local'),
  /**
   * What this process does: `all` serves HTTP and runs generations; `web` serves HTTP and queues
   * generations for workers; `worker` runs them, serving only health and metrics on WORKER_PORT.
   */
  ATELIER_ROLE: z.enum(ROLES, { error: `ATELIER_ROLE must be one of ${ROLES.join(', ')}` }).default('all'),
  /** The worker's health and metrics port (PORT stays the web server's, so both run on one machine). */
  WORKER_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /**
   * How long a stopping process gives its running generations to finish before handing them back
   * to the queue; under the orchestrator's own grace (Kubernetes' 30 s, compose's stop_grace_period).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  /** What this deployment's Redis keys and channels start with, so two deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'REDIS_PREFIX may hold letters, digits, "-", "_" and "." only (64 at most)')
    .default('atelier'),
  /** Shared state across instances (the generation queue and its events); all in this process without it. */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis://host:port or rediss://host:port URL' })
    .optional(),
  /** Where media files live: `local` under DATA_DIR/media, or `s3` in an S3-compatible bucket (the S3_* settings). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** An S3-compatible server (MinIO…); AWS's own when unset. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The bucket in the path (`endpoint/bucket/key`), as MinIO wants; in the host name otherwise. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** Generations running at once in this process; the number of cores by default. */
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** How long a running generation's heartbeat may stop before another process takes it back. */
  GENERATION_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** Pieces of image work (uploads, composites, before/after views, thumbnails) run at once; the number of cores by default. */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** What each account may keep: pictures (count, megabytes) and saved workflows (count, megabytes). */
  UPLOAD_QUOTA_COUNT: z.coerce.number().int().min(1).default(STORAGE_QUOTAS.uploads.count),
  UPLOAD_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(STORAGE_QUOTAS.uploads.bytes / MEGABYTE),
  WORKFLOW_QUOTA_COUNT: z.coerce.number().int().min(1).default(STORAGE_QUOTAS.workflows.count),
  WORKFLOW_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(STORAGE_QUOTAS.workflows.bytes / MEGABYTE),
  /** Enables Prometheus metrics at /api/metrics for a scraper sending `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  /** Replicate's API, or a gateway in front of it (and a local stand-in in tests). */
  REPLICATE_API_URL: z.url().default(REPLICATE_API_URL),
  /** The model of each step of a cloud generation; the registry's defaults when unset (docs/engines.md). */
  REPLICATE_IMAGE_MODEL: z.string().min(1).default(DEFAULT_CLOUD_MODELS.edit),
  REPLICATE_BACKGROUND_MODEL: z.string().min(1).default(DEFAULT_CLOUD_MODELS.background),
  REPLICATE_VIEWPOINT_MODEL: z.string().min(1).default(DEFAULT_CLOUD_MODELS.viewpoint),
  REPLICATE_OUTPAINT_MODEL: z.string().min(1).default(DEFAULT_CLOUD_MODELS.outpaint),
  REPLICATE_UPSCALE_MODEL: z.string().min(1).default(DEFAULT_CLOUD_MODELS.upscale),
  REPLICATE_VIDEO_MODEL: z.string().min(1).default(DEFAULT_CLOUD_MODELS.video),
  /** Predictions this process creates per minute at most; Replicate allows 600, far fewer to accounts with little credit. */
  REPLICATE_CREATES_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(DEFAULT_CREATES_PER_MINUTE),
  /** The account's webhook signing secret (Replicate gives it as `whsec_` and base64). */
  REPLICATE_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^whsec_[A-Za-z0-9+/]+={0,2}$/,
      'REPLICATE_WEBHOOK_SECRET must be the whsec_… secret Replicate gives for the account',
    )
    .optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API server, such as the end-to-end suite's fake one; Stripe's own when unset. */
  STRIPE_API_URL: z.url().optional(),
  /** Outgoing mail (password reset links): smtp://user:pass@host:587 or smtps://…:465. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp://… or smtps://… URL' }).optional(),
  /** The sender of those mails. */
  MAIL_FROM: z.string().min(3).default('Atelier <no-reply@localhost>'),
  /** Who runs this instance, shown on the legal pages (mentions légales, CGU, confidentialité, contact). */
  OPERATOR_NAME: z.string().trim().min(1).optional(),
  OPERATOR_ADDRESS: z.string().trim().min(1).optional(),
  OPERATOR_EMAIL: z.email('OPERATOR_EMAIL must be an e-mail address').optional(),
  /** The host of the service (name and address), which the mentions légales must name. */
  HOSTING_PROVIDER: z.string().trim().min(1).optional(),
  /** The administrators: comma-separated e-mail addresses, compared without case at each request. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('ADMIN_EMAILS must be comma-separated e-mail addresses'))),
  /** Where the local video engine looks for a system ffmpeg before its bundled one. */
  PATH: z.string().default(''),
});

export type Env = z.infer<typeof envSchema>;

/** Every setting's name, for what deploys the server (manifests, compose) to be checked against. */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export interface ServerConfig {
  env: Env;
  production: boolean;
  dataDir: string;
  databaseUrl: string;
  sessionSecret: string;
}

export class ConfigError extends Error {}

/** In development a secret is made once and kept beside the data, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The per-account quotas the configuration sets. */
export function quotasOf(env: Env) {
  return {
    uploads: { count: env.UPLOAD_QUOTA_COUNT, bytes: env.UPLOAD_QUOTA_MB * MEGABYTE },
    workflows: { count: env.WORKFLOW_QUOTA_COUNT, bytes: env.WORKFLOW_QUOTA_MB * MEGABYTE },
  };
}

/** The model of each step of a cloud generation, as the settings name them. */
export function cloudModels(env: Env): Record<StepRole, string> {
  return {
    edit: env.REPLICATE_IMAGE_MODEL,
    background: env.REPLICATE_BACKGROUND_MODEL,
    viewpoint: env.REPLICATE_VIEWPOINT_MODEL,
    outpaint: env.REPLICATE_OUTPAINT_MODEL,
    upscale: env.REPLICATE_UPSCALE_MODEL,
    video: env.REPLICATE_VIDEO_MODEL,
  };
}

/** The settings naming the models of a picture's longest chain, and of a clip. */
const IMAGE_MODEL_SETTINGS = {
  edit: 'REPLICATE_IMAGE_MODEL',
  background: 'REPLICATE_BACKGROUND_MODEL',
  viewpoint: 'REPLICATE_VIEWPOINT_MODEL',
  outpaint: 'REPLICATE_OUTPAINT_MODEL',
  upscale: 'REPLICATE_UPSCALE_MODEL',
} as const;

/**
 * The generations these models make that no member could pay for: a generation is sold for
 * `creditsFor` its list price, which always keeps the margin, so a model is not covered when its
 * dearest generation (`dearestUsd`: the longest chain on the largest pictures, or a clip) would
 * cost more credits than the smallest pack or plan sells. One sentence each, for the operator.
 */
export function uncoveredGenerations(models: ModelChoice, offerCredits = smallestOfferCredits()): string[] {
  const dearest = dearestUsd(models);
  const named = (settings: Partial<Record<StepRole, string>>) =>
    Object.entries(settings)
      .map(([role, setting]) => `${setting}=${modelName(models[role as StepRole].id)}`)
      .join(', ');
  return [
    { what: 'a picture made by the longest chain', usd: dearest.image, settings: named(IMAGE_MODEL_SETTINGS) },
    { what: 'a clip', usd: dearest.video, settings: named({ video: 'REPLICATE_VIDEO_MODEL' }) },
  ].flatMap(({ what, usd, settings }) => {
    const credits = creditsFor(usd);
    return credits > offerCredits
      ? [
          `${settings}: ${what} lists at up to $${usd.toFixed(2)}, sold for ${credits} credits, more than the ${offerCredits} the smallest pack or plan sells: no member could buy one. Choose cheaper models, or sell larger offers (packages/catalog/src/offers.ts)`,
        ]
      : [];
  });
}

const OPERATOR_SETTINGS = ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL'] as const;

/** What a server may run without but an operator should hear of at start-up. */
export function configWarnings(config: ServerConfig): string[] {
  if (!config.production || config.env.SMTP_URL) return [];
  return [
    'SMTP_URL is not set: members who forget their password get no reset mail; the sign-in page gives them OPERATOR_EMAIL to write to instead',
  ];
}

/** Who runs this instance, as the legal pages show it. */
export function operatorOf(env: Env) {
  return {
    name: env.OPERATOR_NAME ?? null,
    address: env.OPERATOR_ADDRESS ?? null,
    email: env.OPERATOR_EMAIL ?? null,
    hostingProvider: env.HOSTING_PROVIDER ?? null,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): ServerConfig {
  // Compose passes unset options as empty strings (`${STRIPE_SECRET_KEY:-}`): empty means unset.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production && !env.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET is required when NODE_ENV=production (32 characters or more)',
    );
  }
  // A public service must say who runs it (mentions légales, CGV): the legal pages name them.
  const missingOperator = OPERATOR_SETTINGS.filter((name) => !env[name]);
  if (production && missingOperator.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missingOperator.join(', ')} required when NODE_ENV=production: the legal pages (mentions légales, CGU / CGV, contact) must name who runs the service, where, and how to reach them`,
    );
  }
  if (env.AI_ENGINE === 'replicate' && !env.REPLICATE_API_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  REPLICATE_API_TOKEN is required when AI_ENGINE=replicate');
  }
  // With a public URL, predictions report by signed webhook; without the secret none could be trusted.
  if (env.AI_ENGINE === 'replicate' && env.PUBLIC_URL && !env.REPLICATE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  REPLICATE_WEBHOOK_SECRET is required when AI_ENGINE=replicate and PUBLIC_URL is set',
    );
  }
  if (env.AI_ENGINE === 'replicate') {
    let models: ModelChoice;
    try {
      models = chooseModels(cloudModels(env));
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message} (REPLICATE_*_MODEL)`);
    }
    const uncovered = uncoveredGenerations(models);
    if (uncovered.length > 0) throw new ConfigError(`Invalid configuration:\n  ${uncovered.join('\n  ')}`);
  }
  // Split roles meet only through the Redis queue: a web's generations would wait for ever without one.
  if (env.ATELIER_ROLE !== 'all' && !env.REDIS_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_URL is required when ATELIER_ROLE=${env.ATELIER_ROLE}: web servers queue generations there and workers take them from there`,
    );
  }
  // Deferred SQLite transactions of two processes fail each other at once ("database is locked").
  if (env.ATELIER_ROLE !== 'all' && databaseKind(env.DATABASE_URL ?? '') === 'sqlite') {
    throw new ConfigError(
      `Invalid configuration:\n  DATABASE_URL must name a MySQL or MariaDB server when ATELIER_ROLE=${env.ATELIER_ROLE}: web servers and workers write the database at once, which a SQLite file cannot take`,
    );
  }
  if (env.STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]);
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')} required when STORAGE=s3`);
  }
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env,
    production,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? join(dataDir, 'atelier.sqlite'),
    sessionSecret: env.SESSION_SECRET ?? developmentSecret(dataDir),
  };
}
