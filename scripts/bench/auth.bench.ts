// Sessions and sign-in on SQLite: the cost of a password check (scrypt, 64 MiB) and how fast an
// authenticated read answers, over loopback HTTP against the real server.
import { randomBytes, scrypt } from 'node:crypto';
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

// Media requests (a rendered picture read from disk, through libuv's pool) alone, then while 12
// sign-ins with a wrong password hash at once, round after round; then, for comparison in the same
// run, while 12 scrypt calls of the same cost run on libuv's pool, where the server hashed before.
const PICTURE = `${base}/api/art/model-camille.jpg`;
await fetch(PICTURE).then((r) => r.arrayBuffer());
const media = () => load(400, 4, () => fetch(PICTURE).then((r) => r.arrayBuffer()));
/** Runs `round` again and again until `measured` ends; resolves to what `measured` gave and the rounds' count. */
async function beside<T>(measured: Promise<T>, round: () => Promise<unknown>): Promise<[T, number]> {
  let done = false;
  let rounds = 0;
  const busy = (async () => {
    while (!done) {
      await round();
      rounds += 1;
    }
  })();
  const result = await measured.finally(() => (done = true));
  await busy;
  return [result, rounds];
}
const failedSignIns = () =>
  Promise.all(
    Array.from({ length: 12 }, () =>
      fetch(`${base}/api/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'bench@example.fr', password: 'pas-le-bon' }),
      }).then((r) => r.text()),
    ),
  );
const onLibuvPool = () =>
  Promise.all(
    Array.from(
      { length: 12 },
      () =>
        new Promise((resolve, reject) =>
          scrypt(
            'pas-le-bon',
            randomBytes(16),
            32,
            { N: 2 ** 16, r: 8, p: 1, maxmem: 256 * 2 ** 16 * 8 + 2 ** 24 },
            (e, k) => (e ? reject(e) : resolve(k)),
          ),
        ),
    ),
  );
const describeMedia = (label: string, m: Awaited<ReturnType<typeof media>>) =>
  console.log(`${label}: ${m.perSecond.toFixed(0)} req/s, p50 ${ms(m.p50)}, p99 ${ms(m.p99)}`);
describeMedia('media alone', await media());
const [withSignIns, signInRounds] = await beside(media(), failedSignIns);
describeMedia(`media beside 12 failed sign-ins at once (${signInRounds} rounds, hashed on their threads)`, withSignIns);
const [withLibuv, libuvRounds] = await beside(media(), onLibuvPool);
describeMedia(`media beside 12 scrypt calls on libuv's pool (${libuvRounds} rounds, as before)`, withLibuv);

await app.close();
await orm.close(true);
rmSync(dir, { recursive: true, force: true });
