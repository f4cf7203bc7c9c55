import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

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
  TRUST_PROXY: z.stringbool().default(false),
  /** How many of the first accounts get the launch offer's 500 credits. */
  LAUNCH_OFFER_ACCOUNTS: z.coerce.number().int().min(0).default(100),
  /** The Découverte offer: credits granted each calendar month to free accounts; 0 turns it off. */
  DISCOVERY_OFFER_CREDITS: z.coerce.number().int().min(0).default(100),
  /** Sign-in and sign-up attempts allowed per minute, per address and per e-mail. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AI_ENGINE: z.enum(['local', 'replicate']).default('local'),
  /** Shared state across instances (the generation queue and its events); all in this process without it. */
  /** What this deployment's Redis keys and channels start with, so two deployments can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'REDIS_PREFIX may hold letters, digits, "-", "_" and "." only (64 at most)').default('atelier'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis://host:port or rediss://host:port URL' }).optional(),
  /** Generations running at once in this process; the number of cores by default. */
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** How long a running generation's heartbeat may stop before another process takes it back. */
  GENERATION_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  REPLICATE_IMAGE_MODEL: z.string().min(1).default('black-forest-labs/flux-kontext-pro'),
  REPLICATE_VIDEO_MODEL: z.string().min(1).default('minimax/hailuo-02'),
  /** The account's webhook signing secret (Replicate gives it as `whsec_` and base64). */
  REPLICATE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'REPLICATE_WEBHOOK_SECRET must be the whsec_… secret Replicate gives for the account')
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
  /** Where the local video engine looks for a system ffmpeg before its bundled one. */
  PATH: z.string().default(''),
});

export type Env = z.infer<typeof envSchema>;

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
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET is required when NODE_ENV=production (32 characters or more)');
  }
  if (env.AI_ENGINE === 'replicate' && !env.REPLICATE_API_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  REPLICATE_API_TOKEN is required when AI_ENGINE=replicate');
  }
  // With a public URL, predictions report by signed webhook; without the secret none could be trusted.
  if (env.AI_ENGINE === 'replicate' && env.PUBLIC_URL && !env.REPLICATE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  REPLICATE_WEBHOOK_SECRET is required when AI_ENGINE=replicate and PUBLIC_URL is set');
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
