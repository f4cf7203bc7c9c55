// Sessions and sign-in on SQLite: the cost of a password check (scrypt, 64 MiB) and how fast an
// authenticated read answers, over loopback HTTP against the real server.
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@atelier/db';
import { buildApp } from '../../apps/server/src/app';
import { load, localMedia, ms, timeEach } from './support';

const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
const orm = await openDatabase(join(dir, 'bench.sqlite'));
const app = await buildApp({
  orm,
  sessionSecret: 'bench-secret-bench-secret-bench-secret',
  secureCookies: false,
  webDist: null,
  authAttemptsPerMinute: 1_000_000,
  media: localMedia(dir),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const json = { 'content-type': 'application/json' };
const body = JSON.stringify({ email: 'bench@example.fr', password: 'motdepasse', firstName: 'Ben', lastName: 'Ch' });
const registered = await fetch(`${base}/api/register`, { method: 'POST', headers: json, body });
const cookie = registered.headers.get('set-cookie')?.split(';')[0] ?? '';

const login = await timeEach(10, () =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'bench@example.fr', password: 'motdepasse' }),
  }).then((r) => r.text()),
);
console.log(`login (scrypt N=2^16, r=8): p50 ${ms(login.p50)}, p95 ${ms(login.p95)}`);

const me = await load(3000, 16, () => fetch(`${base}/api/user`, { headers: { cookie } }).then((r) => r.text()));
console.log(
  `GET /api/user with a session: ${me.perSecond.toFixed(0)} req/s, p50 ${ms(me.p50)}, p95 ${ms(me.p95)} (16 concurrent)`,
);

const trpcMe = await load(3000, 16, () => fetch(`${base}/trpc/auth.me`, { headers: { cookie } }).then((r) => r.text()));
console.log(
  `GET /trpc/auth.me with a session: ${trpcMe.perSecond.toFixed(0)} req/s, p50 ${ms(trpcMe.p50)}, p95 ${ms(trpcMe.p95)}`,
);

await app.close();
await orm.close(true);
rmSync(dir, { recursive: true, force: true });
