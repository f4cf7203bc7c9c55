// The built web app's chunk graph: which files a route fetches before it can run, and their
// gzipped and brotli sizes. Reads apps/web/dist; nothing is built here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const root = join(import.meta.dirname, '../..');
export const dist = join(root, 'apps/web/dist');
export const serverEntry = join(root, 'apps/server/dist/main.js');

export const hasBuild = () => existsSync(join(dist, 'index.html')) && existsSync(serverEntry);
export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export const assetNames = () => readdirSync(join(dist, 'assets'));
const readAsset = (name: string) => readFileSync(join(dist, 'assets', name), 'utf8');
export const gzippedSize = (name: string) => gzipSync(readFileSync(join(dist, 'assets', name)), { level: 9 }).length;
/** As the build precompresses it (vite.config.ts), at brotli's highest quality. */
export const brotliSize = (name: string) =>
  brotliCompressSync(readFileSync(join(dist, 'assets', name)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    .length;
export const totalGzipped = (names: Iterable<string>) =>
  [...names].reduce((total, name) => total + gzippedSize(name), 0);

// Vite's chunks import each other by relative name: `from"./x.js"` and `import"./x.js"` are static
// imports (fetched before the chunk runs), `import("./x.js")` a dynamic one; any quote style.
const staticImports = (code: string) =>
  [...code.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => m[1]!);
const dynamicImports = (code: string) =>
  [...code.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);

/** The chunks and every chunk they import statically, transitively. */
export function withStaticImports(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    staticImports(readAsset(name)).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/** The chunk Vite named after a lazily imported page module, e.g. `StudioPage`. */
export function chunkNamed(page: string): string {
  const name = assetNames().find((asset) => new RegExp(`^${page}-[\\w-]+\\.js$`).test(asset));
  if (!name) throw new Error(`the ${page} chunk is not in apps/web/dist/assets`);
  return name;
}

const entryChunk = () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  return entry;
};

/** What every route but /landing loads first: the entry and the app shell it imports dynamically at start. */
export function shellChunks(): Set<string> {
  const entry = entryChunk();
  return withStaticImports([
    entry,
    ...dynamicImports(readAsset(entry)).filter((name) => !name.startsWith('mount-landing-')),
  ]);
}

/** What /landing loads first: the entry and the landing page mounted alone, without the app shell. */
export function landingChunks(): Set<string> {
  return withStaticImports([entryChunk(), chunkNamed('mount-landing')]);
}
