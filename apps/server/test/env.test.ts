import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseModels, LocalDiskStorage, S3Storage } from '@atelier/media';
import { cloudModels, ConfigError, configWarnings, loadConfig, uncoveredGenerations } from '../src/env';
import { mediaFromConfig } from '../src/media';

const dataDir = () => mkdtempSync(join(tmpdir(), 'atelier-env-'));

describe('configuration', () => {
  it('starts with nothing set: SQLite in DATA_DIR, a generated session secret kept for next time', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.databaseUrl).toBe(join(dir, 'atelier.sqlite'));
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first.sessionSecret);
    expect(first.env.PORT).toBe(3000);
  });

  it('refuses production without a session secret, and bad values by name', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://x/y' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), AI_ENGINE: 'replicate' })).toThrow(/REPLICATE_API_TOKEN/);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://u:p@db:3306/atelier' }).databaseUrl).toBe(
      'mysql://u:p@db:3306/atelier',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_URL: 'http://cache:6379' })).toThrow(
      /REDIS_URL must be a redis:\/\/host:port/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_URL: 'cache:6379' })).toThrow(/REDIS_URL/);
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: 'redis://cache:6379' }).env.REDIS_URL).toBe(
      'redis://cache:6379',
    );
  });

  it('refuses production without the operator the legal pages name, and warns of a missing mail server', () => {
    const production = { DATA_DIR: dataDir(), NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) };
    expect(() => loadConfig({ ...production, OPERATOR_NAME: 'Atelier SAS' })).toThrow(
      /OPERATOR_ADDRESS, OPERATOR_EMAIL required when NODE_ENV=production/,
    );
    const operator = {
      OPERATOR_NAME: 'Atelier SAS',
      OPERATOR_ADDRESS: '1 rue de la Paix, 75002 Paris',
      OPERATOR_EMAIL: 'contact@atelier.example',
    };
    expect(configWarnings(loadConfig({ ...production, ...operator }))).toEqual([
      expect.stringMatching(/^SMTP_URL is not set/),
    ]);
    expect(configWarnings(loadConfig({ ...production, ...operator, SMTP_URL: 'smtp://mail:587' }))).toEqual([]);
    // Development runs without either.
    expect(configWarnings(loadConfig({ DATA_DIR: dataDir() }))).toEqual([]);
  });

  it('runs every role by default; a web server or a worker needs the Redis queue that joins them', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).env.ATELIER_ROLE).toBe('all');
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ATELIER_ROLE: role })).toThrow(
        `REDIS_URL is required when ATELIER_ROLE=${role}`,
      );
      const split = { DATA_DIR: dataDir(), ATELIER_ROLE: role, REDIS_URL: 'redis://cache:6379' };
      // Two processes write the database at once: a server's, never a SQLite file's.
      expect(() => loadConfig(split)).toThrow(
        `DATABASE_URL must name a MySQL or MariaDB server when ATELIER_ROLE=${role}`,
      );
      const config = loadConfig({ ...split, DATABASE_URL: 'mysql://atelier@db:3306/atelier' });
      expect([config.env.ATELIER_ROLE, config.env.WORKER_PORT]).toEqual([role, 3001]);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), ATELIER_ROLE: 'renderer' })).toThrow(
      /ATELIER_ROLE must be one of all, web, worker/,
    );
  });

  it("gives a web server the workers' engines by name only: it renders nothing", async () => {
    const web = mediaFromConfig(
      loadConfig({
        DATA_DIR: dataDir(),
        ATELIER_ROLE: 'web',
        REDIS_URL: 'redis://cache:6379',
        DATABASE_URL: 'mysql://atelier@db:3306/atelier',
      }),
    );
    expect([web.images.name, web.videos.name]).toEqual(['local', 'local']);
    await expect(web.images.transform({ image: Buffer.alloc(0), prompt: '', selection: {} })).rejects.toThrow(
      /renders nothing/,
    );
  });

  it("takes TRUST_PROXY as Fastify does: true or false, a hop count, or the proxies' addresses and CIDRs", () => {
    const trustProxy = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).env.TRUST_PROXY;
    expect(trustProxy()).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('FALSE')).toBe(false);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 172.18.0.0/16,::1,loopback')).toEqual([
      '10.0.0.1',
      '172.18.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY must be .*"10.0.0.0\/33"/);
    expect(() => trustProxy('proxy.example')).toThrow(/TRUST_PROXY must be/);
  });

  it('puts media in an S3-compatible bucket with STORAGE=s3, which needs the bucket and the keys', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE: 's3' })).toThrow(
      /S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY required when STORAGE=s3/,
    );
    const s3 = {
      DATA_DIR: dataDir(),
      STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(mediaFromConfig(loadConfig(s3)).storage).toBeInstanceOf(S3Storage);
    expect(mediaFromConfig(loadConfig({ DATA_DIR: dataDir() })).storage).toBeInstanceOf(LocalDiskStorage);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT/);
  });

  it('takes an empty variable as unset, as docker/compose.yaml passes the options nobody set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      REPLICATE_API_TOKEN: '',
      REPLICATE_WEBHOOK_SECRET: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    });
    expect([config.env.REPLICATE_API_TOKEN, config.env.REPLICATE_WEBHOOK_SECRET, config.env.STRIPE_SECRET_KEY]).toEqual(
      [undefined, undefined, undefined],
    );
  });

  it('names the cloud models of each step, and refuses one the registry cannot build inputs for', () => {
    const replicate = { DATA_DIR: dataDir(), AI_ENGINE: 'replicate', REPLICATE_API_TOKEN: 'r8_token' };
    expect(cloudModels(loadConfig(replicate).env)).toEqual({
      edit: 'black-forest-labs/flux-kontext-pro',
      background: 'bria/generate-background',
      viewpoint: 'qwen/qwen-edit-multiangle',
      outpaint: 'bria/expand-image',
      upscale: 'topazlabs/image-upscale',
      video: 'minimax/hailuo-2.3',
    });
    expect(cloudModels(loadConfig({ ...replicate, REPLICATE_IMAGE_MODEL: 'google/nano-banana-pro' }).env).edit).toBe(
      'google/nano-banana-pro',
    );
    expect(() => loadConfig({ ...replicate, REPLICATE_UPSCALE_MODEL: 'acme/upscaler' })).toThrow(
      /Unknown upscale model "acme\/upscaler"/,
    );
    expect(() => loadConfig({ ...replicate, REPLICATE_API_URL: 'not a url' })).toThrow(/REPLICATE_API_URL/);
  });

  it('refuses cloud models whose dearest generation no pack or plan sells enough credits for', () => {
    const replicate = { DATA_DIR: dataDir(), AI_ENGINE: 'replicate', REPLICATE_API_TOKEN: 'r8_token' };
    // Veo 3.1's clip ($1.20) sells for 700 credits: the smallest offer, 1 000 credits, buys one.
    expect(cloudModels(loadConfig({ ...replicate, REPLICATE_VIDEO_MODEL: 'google/veo-3.1' }).env).video).toBe(
      'google/veo-3.1',
    );
    // Against offers of 500 credits at most, the same clip could never be bought; the default chain ($0.27, 160 credits) could.
    const veo = chooseModels({ video: 'google/veo-3.1' });
    expect(uncoveredGenerations(veo, 500)).toEqual([
      'REPLICATE_VIDEO_MODEL=google/veo-3.1: a clip lists at up to $1.20, sold for 700 credits, more than the 500 the smallest pack or plan sells: no member could buy one. Choose cheaper models, or sell larger offers (packages/catalog/src/offers.ts)',
    ]);
    expect(uncoveredGenerations(veo, 100)[0]).toMatch(
      /^REPLICATE_IMAGE_MODEL=black-forest-labs\/flux-kontext-pro, REPLICATE_BACKGROUND_MODEL=bria\/generate-background, .*REPLICATE_UPSCALE_MODEL=topazlabs\/image-upscale: a picture made by the longest chain lists at up to \$0\.27, sold for 160 credits/,
    );
  });

  it('has Replicate report by signed webhook to PUBLIC_URL, and poll without one', () => {
    const replicate = { AI_ENGINE: 'replicate', REPLICATE_API_TOKEN: 'r8_token' };
    const secret = `whsec_${Buffer.from('a signing key of the account').toString('base64')}`;
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...replicate, PUBLIC_URL: 'https://atelier.example' })).toThrow(
      /REPLICATE_WEBHOOK_SECRET is required/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...replicate, REPLICATE_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(
      /REPLICATE_WEBHOOK_SECRET must be/,
    );

    const withWebhooks = mediaFromConfig(
      loadConfig({
        DATA_DIR: dataDir(),
        ...replicate,
        PUBLIC_URL: 'https://atelier.example/',
        REPLICATE_WEBHOOK_SECRET: secret,
      }),
    );
    expect(withWebhooks.replicateWebhooks?.url).toBe('https://atelier.example/api/replicate/webhook');
    expect(mediaFromConfig(loadConfig({ DATA_DIR: dataDir(), ...replicate })).replicateWebhooks).toBeUndefined();
  });

  it("has docker/compose.yaml pass every variable docs/configuration.md documents to the app, but the image's own", () => {
    const repository = join(import.meta.dirname, '../../..');
    const table = readFileSync(join(repository, 'docs/configuration.md'), 'utf8');
    const documented = [...table.matchAll(/^\| (.+?) \|/gm)].flatMap(([, names]) =>
      [...names!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name]) => name!),
    );
    const compose = readFileSync(join(repository, 'docker/compose.yaml'), 'utf8');
    const appEnvironment = compose.slice(compose.indexOf('x-app-environment:'), compose.indexOf('\nx-app-image:'));
    const passed = new Set([...appEnvironment.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(([, name]) => name));
    expect(documented.length).toBeGreaterThan(30);
    expect(documented.filter((name) => !passed.has(name) && !['PORT', 'HOST', 'DATA_DIR'].includes(name))).toEqual([]);
  });
});
