import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { operator } from './support/operator';
import { ports, stripeSettings } from './support/stripe-settings';
import { MODERATOR_EMAIL, PHONE, PHONE_ONLY } from './tests/test';

// Real production-style servers (the built app of `npm start`) on fresh data folders: one with
// card payments pointed at a fake Stripe API, one without payment keys.
const baseURL = `http://127.0.0.1:${ports.app}`;
const dataDir = (name: string) => {
  const key = `E2E_DATA_DIR_${name}`;
  process.env[key] ??= mkdtempSync(join(tmpdir(), `atelier-e2e-${name}-`)); // workers load this file again
  return process.env[key];
};

// Debian's headless shell, the build of Chromium that Playwright itself runs headless tests in: it
// has no browser window to drive, and a journey costs a quarter less time (a first page load in a
// new context, a third of the CPU) than in the full browser.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

const appEnv = (port: number, dir: string) => ({
  PORT: String(port),
  // With REDIS_URL set (as .ci/run does), each server keeps its queue apart from the other's.
  REDIS_PREFIX: `atelier-e2e-${basename(dir)}`,
  HOST: '127.0.0.1',
  DATA_DIR: dir,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  // Every account of the suite starts with the launch offer's 500 credits, however many it makes.
  LAUNCH_OFFER_ACCOUNTS: '1000000',
  // …and no Découverte credits on top (its integration suite covers it), so balances read 500.
  DISCOVERY_OFFER_CREDITS: '0',
  // The moderation journey's administrator.
  ADMIN_EMAILS: MODERATOR_EMAIL,
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Journeys render on the local engine while the other worker renders too: on two cores a
  // render can take a third of a minute, so a journey gets two.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../.test-results/e2e.json' }]],
  outputDir: '../../.test-results/e2e-artifacts',
  // No trace: recording one costs a third of the suite's time, and CI keeps only the printed output
  // (a failure prints what the browser said, tests/test.ts). `--trace on` records them locally.
  use: { baseURL, trace: 'off', screenshot: 'only-on-failure', launchOptions: chromium, locale: 'fr-FR' },
  projects: [
    {
      name: 'desktop',
      grepInvert: new RegExp(PHONE_ONLY),
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'phone',
      grep: new RegExp(PHONE), // PHONE_ONLY begins with it
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
  ],
  webServer: [
    {
      command: 'npx tsx support/fake-stripe-server.ts',
      port: ports.stripe,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    { command: 'npx tsx support/mail-server.ts', port: ports.mailbox, reuseExistingServer: false, timeout: 30_000 },
    {
      command: 'node ../server/dist/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...appEnv(ports.app, dataDir('main')),
        STRIPE_SECRET_KEY: stripeSettings.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripeSettings.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripeSettings.webhookSecret,
        STRIPE_API_URL: stripeSettings.apiUrl,
        // Password reset mails go to the suite's mail server; the other server has no SMTP.
        SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
        MAIL_FROM: 'Atelier <no-reply@atelier.test>',
        OPERATOR_NAME: operator.name,
        OPERATOR_ADDRESS: operator.address,
        OPERATOR_EMAIL: operator.email,
        HOSTING_PROVIDER: operator.hostingProvider,
      },
    },
    {
      command: 'node ../server/dist/main.js',
      url: `http://127.0.0.1:${ports.appWithoutPayments}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // No launch offer either: its members start with no credits, for the journeys of an empty balance.
      env: { ...appEnv(ports.appWithoutPayments, dataDir('nopay')), LAUNCH_OFFER_ACCOUNTS: '0' },
    },
  ],
});
