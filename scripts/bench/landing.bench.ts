// The landing page as a phone sees it: the JavaScript it needs before it can show anything, gzipped
// and brotli-compressed (budget 100 kB brotli, guarded by the e2e landing-size test), then Lighthouse
// at its mobile defaults against the production server. One Lighthouse run swings by 10 points or more
// on a busy machine, so it runs RUNS times and reports the median run (Lighthouse's own
// computeMedianRun), against the target of 90; a run whose trace failed is run again.
// Reads the built app: run `npm run build` (or `npx turbo run build`) first; nothing is built here.
// LIGHTHOUSE_REPORT=/path/report.json keeps the median run's full report for a closer look;
// LIGHTHOUSE_CPU_SLOWDOWN=10 (default 4) shows the page as a machine 2.5 times slower would measure it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { freePort, startServerProcess } from '../../apps/server/test/support/server-process';
import { assetNames as listAssets, brotliSize, gzippedSize, hasBuild, kB, landingChunks, serverEntry } from './chunks';

const BUDGET_KB = 100;
const TARGET_SCORE = 90;
const RUNS = 3;
const ATTEMPTS_PER_RUN = 3;
const cpuSlowdown = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) || undefined;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

if (!hasBuild()) {
  console.log(
    'landing: no build found (apps/web/dist, apps/server/dist). Run `npm run build` first, then `npm run bench landing`.',
  );
  process.exit(1);
}

const assetNames = listAssets();
const initial = landingChunks();
const initialSizes = [...initial]
  .map((name) => ({ name, gzip: gzippedSize(name), brotli: brotliSize(name) }))
  .sort((a, b) => b.brotli - a.brotli);
const sum = (chunks: { gzip: number; brotli: number }[], size: 'gzip' | 'brotli') =>
  chunks.reduce((total, chunk) => total + chunk[size], 0);

console.log(
  `landing initial JavaScript: ${kB(sum(initialSizes, 'brotli'))} brotli (budget ${BUDGET_KB} kB), ${kB(sum(initialSizes, 'gzip'))} gzipped, over ${initialSizes.length} files`,
);
for (const chunk of initialSizes)
  console.log(`  ${kB(chunk.brotli).padStart(9)} br ${kB(chunk.gzip).padStart(9)} gz  ${chunk.name}`);
const heavyRoutes = initialSizes.filter((chunk) =>
  /studio|workflow|xyflow|stripe|checkout|react-router|DataLayout/i.test(chunk.name),
);
console.log(
  `router, data layer, studio, workflow editor or Stripe among them: ${heavyRoutes.length ? heavyRoutes.map((c) => c.name).join(', ') : 'none'}`,
);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-landing-'));
const server = await startServerProcess(
  {
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-landing-secret-bench-landing-secret',
    OPERATOR_NAME: 'Banc de mesure',
    OPERATOR_ADDRESS: '127.0.0.1',
    OPERATOR_EMAIL: 'bench@atelier.example',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Its start-up line says when it listens.
    LOG_LEVEL: 'info',
  },
  serverEntry,
);

let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  // Lighthouse's defaults are the phone settings: Moto G power screen, 4G-like throttling, 4× CPU slowdown.
  const runOnce = async (chromePort: number) => {
    for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
      const result = await lighthouse(`${base}/landing`, {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ...(cpuSlowdown && { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
      });
      if (result && !result.lhr.runtimeError) return result;
      console.log(`  a Lighthouse run failed (${result?.lhr.runtimeError?.code ?? 'no result'}), running it again`);
    }
    throw new Error(`Lighthouse failed ${ATTEMPTS_PER_RUN} times in a row`);
  };
  const runs: Awaited<ReturnType<typeof runOnce>>[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await runOnce(chrome.port));
  const medianLhr = computeMedianRun(runs.map((run) => run.lhr));
  const result = runs.find((run) => run.lhr === medianLhr);
  if (!result) throw new Error('the median run is not among the runs');
  if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, result.report as string);
  const performance = (run: (typeof runs)[number]) => Math.round((run.lhr.categories.performance?.score ?? 0) * 100);
  console.log(
    `Lighthouse performance over ${RUNS} runs: ${runs.map(performance).join(', ')}; median run ${performance(result)} (target ${TARGET_SCORE})`,
  );
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  console.log(
    `Median run, Lighthouse ${result.lhr.lighthouseVersion} (mobile): performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
      `best practices ${score('best-practices')}, SEO ${score('seo')}`,
  );
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    console.log(`  ${audits[id]?.title}: ${audits[id]?.displayValue}`);
  }
  // What the browser really fetched, to check the static count above.
  const requests =
    (audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ??
    [];
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => new URL(request.url).pathname);
  const fetched = scripts.filter((path) => path.startsWith('/assets/')).map((path) => path.slice('/assets/'.length));
  const fetchedTotal = fetched
    .filter((name) => assetNames.includes(name))
    .reduce((total, name) => total + brotliSize(name), 0);
  const unexpected = fetched.filter((name) => !initial.has(name));
  console.log(
    `  scripts the page fetched: ${fetched.length} files, ${kB(fetchedTotal)} brotli${unexpected.length ? ` (beyond the static count: ${unexpected.join(', ')})` : ''}`,
  );
  const failing = Object.values(audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  if (failing.length) console.log(`  audits below 0.9: ${failing.join(', ')}`);
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
