import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env';

interface Service {
  environment: Record<string, string>;
  deploy?: { replicas: number };
  stop_grace_period?: string;
  healthcheck?: { test: string[] };
}

const compose = parse(readFileSync(join(import.meta.dirname, '../../../docker/compose.yaml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, Service>; configs: { caddyfile: { content: string } } };

/** What compose makes of `${NAME:-default}` and `${NAME:?message}`, innermost first, with `given` set in the shell. */
function interpolated(value: string, given: Record<string, string>): string {
  const variable = /\$\{([A-Z_]+)(:-|:\?)([^${}]*)\}/;
  for (let match = variable.exec(value); match; match = variable.exec(value)) {
    const [whole, name, operator, fallback] = match;
    const resolved = given[name!] ?? (operator === ':-' ? fallback : undefined);
    if (resolved === undefined) throw new Error(`compose refuses to start without ${name}: ${fallback}`);
    value = value.replace(whole, resolved);
  }
  return value;
}

/** A service's settings as its container gets them, with only what the commands of docs/deployment.md export. */
function settingsOf(service: Service) {
  const shell = {
    SESSION_SECRET: 'a-session-secret-that-is-long-enough-for-iron',
    OPERATOR_NAME: 'Atelier Exemple SAS',
    OPERATOR_ADDRESS: "1 rue de l'Exemple, 75000 Paris",
    OPERATOR_EMAIL: 'contact@atelier.example',
  };
  const environment = Object.fromEntries(
    Object.entries(service.environment).map(([name, value]) => [name, interpolated(String(value), shell)]),
  );
  return loadConfig({ ...environment, DATA_DIR: mkdtempSync(join(tmpdir(), 'atelier-compose-')) }).env;
}

describe('docker/compose.yaml', () => {
  it('runs web replicas and worker replicas as separate services, each in its role', () => {
    const { web, worker } = compose.services as { web: Service; worker: Service };
    expect([settingsOf(web).ATELIER_ROLE, settingsOf(worker).ATELIER_ROLE]).toEqual(['web', 'worker']);
    expect(web.deploy!.replicas).toBeGreaterThanOrEqual(2);
    expect(worker.deploy!.replicas).toBeGreaterThanOrEqual(1);
    // Caddy balances over the web replicas, on the port they listen on; the workers get no traffic.
    expect(compose.configs.caddyfile.content).toContain(`dynamic a web ${settingsOf(web).PORT}`);
  });

  it('checks the worker on its health port and gives it time to hand back its jobs when stopped', () => {
    const { worker } = compose.services as { worker: Service };
    const env = settingsOf(worker);
    const check = worker.healthcheck!.test.join(' ');
    expect(check).toContain('/api/health');
    expect(check).toContain(`process.env.WORKER_PORT||${env.WORKER_PORT}`);
    // The hand-back (5 s) and closing Redis (1 s) come after the shutdown grace, before compose's SIGKILL.
    expect(Number.parseInt(worker.stop_grace_period!, 10)).toBeGreaterThan(env.SHUTDOWN_GRACE_SECONDS + 6);
  });
});
