// "Exporter mes données" on SQLite and local storage: an account holding 25 files of 8 MB (200 MB)
// downloaded as one ZIP over loopback HTTP. The server's memory should stay near where it started
// (the files are streamed one chunk at a time), whatever the archive's size.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, Upload } from '@atelier/db';
import { buildApp } from '../../apps/server/src/app';
import { BENCH_SESSION_SECRET, localMedia } from './support';

const FILES = 25;
const FILE_BYTES = 8 * 1024 * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
const orm = await openDatabase(join(dir, 'bench.sqlite'));
const media = localMedia(dir);
const { storage } = media;
const app = await buildApp({ orm, sessionSecret: BENCH_SESSION_SECRET, secureCookies: false, webDist: null, media });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const registered = await fetch(`${base}/api/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.fr', password: 'motdepasse', firstName: 'Ben', lastName: 'Ch' }),
});
const cookie = registered.headers.get('set-cookie')?.split(';')[0] ?? '';
const { user } = (await registered.json()) as { user: { id: number } };
const em = orm.em.fork();
for (let i = 0; i < FILES; i += 1) {
  // Random bytes: nothing for the archive to compress, as with pictures and videos.
  const storageKey = await storage.put('uploads', randomBytes(FILE_BYTES), 'jpg');
  em.create(Upload, {
    owner: user.id,
    storageKey,
    size: FILE_BYTES,
    mime: 'image/jpeg',
    width: 4000,
    height: 3000,
    createdAt: new Date(),
  });
}
await em.flush();

const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const started = performance.now();
const response = await fetch(`${base}/api/account/export`, { headers: { cookie } });
let received = 0;
for await (const chunk of response.body!) received += (chunk as Uint8Array).length;
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

console.log(
  `export of ${FILES} files (${mb(FILES * FILE_BYTES)}): ${response.status}, ${mb(received)} of ZIP in ${seconds.toFixed(2)} s (${(received / 1024 / 1024 / seconds).toFixed(0)} MB/s)`,
);
console.log(
  `server process RSS: ${mb(before)} before, ${mb(peak)} at its peak while streaming (+${mb(peak - before)})`,
);

await app.close();
await orm.close(true);
rmSync(dir, { recursive: true, force: true });
