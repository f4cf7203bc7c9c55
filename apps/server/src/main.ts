import { fileURLToPath } from 'node:url';
import { createStripeClient } from '@atelier/api';
import { openDatabase } from '@atelier/db';
import { configureImagePool } from '@atelier/media';
import { buildApp } from './app';
import { ConfigError, configWarnings, loadConfig, operatorOf, quotasOf } from './env';
import { mediaFromConfig } from './media';
import { buildWorker } from './worker';

/** The engine's worker threads load ES modules that Node 20 fails on with an internal assertion, mid-generation. */
const LEAST_NODE_MAJOR = 24;

async function main(): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) < LEAST_NODE_MAJOR) {
    throw new ConfigError(
      `Node ${LEAST_NODE_MAJOR} or newer is required (this is ${process.version}): run \`. scripts/use-node.sh\` first`,
    );
  }
  const config = loadConfig();
  if (config.env.IMAGE_CONCURRENCY) configureImagePool(config.env.IMAGE_CONCURRENCY);
  const orm = await openDatabase(config.databaseUrl);
  const media = mediaFromConfig(config);
  const generation = {
    concurrency: config.env.GENERATION_CONCURRENCY,
    leaseMs: config.env.GENERATION_LEASE_SECONDS * 1000,
  };
  const redis = config.env.REDIS_URL ? { url: config.env.REDIS_URL, prefix: config.env.REDIS_PREFIX } : undefined;
  const shutdownGraceMs = config.env.SHUTDOWN_GRACE_SECONDS * 1000;
  const logger = { level: config.env.LOG_LEVEL };
  const role = config.env.ATELIER_ROLE;
  const app =
    role === 'worker'
      ? await buildWorker({
          orm,
          media,
          redis: redis!,
          generation,
          shutdownGraceMs,
          metricsToken: config.env.METRICS_TOKEN,
          logger,
        })
      : await buildApp({
          orm,
          sessionSecret: config.sessionSecret,
          secureCookies: config.production,
          publicUrl: config.env.PUBLIC_URL,
          trustProxy: config.env.TRUST_PROXY,
          authAttemptsPerMinute: config.env.AUTH_RATE_LIMIT_PER_MINUTE,
          rateLimits: {
            imageWorkPerMinute: config.env.IMAGE_WORK_RATE_LIMIT_PER_MINUTE,
            apiTokenRequestsPerMinute: config.env.API_TOKEN_RATE_LIMIT_PER_MINUTE,
          },
          api: {
            launchOffer: { accounts: config.env.LAUNCH_OFFER_ACCOUNTS, credits: 500 },
            quotas: quotasOf(config.env),
            discoveryOfferCredits: config.env.DISCOVERY_OFFER_CREDITS,
            operator: operatorOf(config.env),
            adminEmails: config.env.ADMIN_EMAILS,
          },
          payments: {
            stripe: config.env.STRIPE_SECRET_KEY
              ? createStripeClient(config.env.STRIPE_SECRET_KEY, config.env.STRIPE_API_URL)
              : null,
            publishableKey: config.env.STRIPE_PUBLISHABLE_KEY ?? null,
            webhookSecret: config.env.STRIPE_WEBHOOK_SECRET ?? null,
          },
          media,
          mail: config.env.SMTP_URL
            ? {
                smtpUrl: config.env.SMTP_URL,
                from: config.env.MAIL_FROM,
                // Links in mails need an absolute address: the public one, else this server's own.
                appUrl:
                  config.env.PUBLIC_URL ??
                  `http://${config.env.HOST === '0.0.0.0' ? 'localhost' : config.env.HOST}:${config.env.PORT}`,
              }
            : undefined,
          generation,
          runsGenerations: role === 'all',
          shutdownGraceMs,
          redis,
          webDist: fileURLToPath(new URL('../../web/dist', import.meta.url)),
          logger,
          metricsToken: config.env.METRICS_TOKEN,
        });
  const stop = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await orm.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: role === 'worker' ? config.env.WORKER_PORT : config.env.PORT, host: config.env.HOST });
  app.log.info({ role }, `ATELIER_ROLE=${role}`);
  for (const warning of configWarnings(config)) app.log.warn(warning);
  // In the background: the server answers meanwhile, and a failure only leaves files behind.
  media.renders.forgetOlderVersions().then(
    (removed) => removed > 0 && app.log.info({ removed }, 'renders of older engine versions deleted'),
    (error: unknown) => app.log.warn({ err: error }, 'renders of older engine versions could not be deleted'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
