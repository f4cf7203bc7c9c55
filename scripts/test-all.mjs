#!/usr/bin/env node
// `npm test`: type-checks, lints, checks the installed dependencies, then every suite — unit and integration (vitest; SQLite always,
// MySQL when MYSQL_URL is set, the job queue on Redis when REDIS_URL is set) and the browser suite (Playwright in Debian's Chromium) —
// prints each step's wall time beside its budget, and ends with one line `N passed, N failed` summed over all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const totals = { passed: 0, failed: 0, skipped: 0 };
const skippedReasons = [];

// Each step's wall time on an idle two-core machine may not exceed its budget, in minutes (README,
// "Test it"): together with the install they keep `.ci/run` within 20 minutes. A step over its
// budget is a defect to fix in the step, never a budget to raise.
const budgets = { checks: 3.5, vitest: 7, build: 0.75, browser: 7.75 };
/** Minutes spent by each step that ran. */
const spent = {};

/** Runs `work` and adds its wall time to `step`'s. */
function timed(step, work) {
  const start = performance.now();
  try {
    return work();
  } finally {
    spent[step] = (spent[step] ?? 0) + (performance.now() - start) / 60_000;
  }
}

function printTimes() {
  const format = (minutes) => {
    const seconds = Math.round(minutes * 60);
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  };
  console.log('\n━━ Time by step (minutes:seconds, wall clock)');
  console.log(`${'step'.padEnd(10)}${'time'.padStart(8)}${'budget'.padStart(9)}`);
  for (const [step, budget] of Object.entries(budgets)) {
    if (!(step in spent)) continue;
    const over = spent[step] > budget ? '  over budget' : '';
    console.log(`${step.padEnd(10)}${format(spent[step]).padStart(8)}${format(budget).padStart(9)}${over}`);
  }
  const total = Object.values(spent).reduce((sum, minutes) => sum + minutes, 0);
  console.log(`${'total'.padEnd(10)}${format(total).padStart(8)}`);
}

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Each skipped Playwright test with the reason its `test.skip` gave, so no skip goes unexplained. */
function skippedJourneys(report) {
  const found = [];
  const walk = (suite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests) {
        if (run.status !== 'skipped') continue;
        const reason = [...(run.annotations ?? []), ...run.results.flatMap((r) => r.annotations ?? [])].find(
          (a) => a.type === 'skip',
        )?.description;
        found.push(`end-to-end "${spec.title}" [${run.projectName}]: ${reason ?? 'no reason given'}`);
      }
    }
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Types, format, lint, import circles, dead code and dependencies. */
function checks() {
  // 1. Types: a suite that does not compile tests nothing.
  const typesChecked = timed(
    'checks',
    () =>
      run('Type-check (every package)', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']) === 0 &&
      run('Type-check (benchmarks)', 'npx', ['tsc', '-p', 'scripts']) === 0,
  );
  if (typesChecked) totals.passed += 1;
  else totals.failed += 1;

  // 2. One format, the architecture's rules (import direction, env.ts, promises, hooks), no import
  // circle, no dead file, export or dependency, one copy of each dependency, the price table as the
  // registry makes it, and no broken link between the pages.
  for (const [title, command, args] of [
    ['Format (Prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
    ['Lint (ESLint)', 'npx', ['eslint', '.']],
    // `npm run circles`: dpdm without -T, so type-only imports count too. They vanish from the built
    // code, but a circle of types still ties its modules together: none can be read, moved or
    // tested without the others, and the first runtime import added along it half-initialises one.
    ['Import circles (dpdm, type-only imports included)', 'npm', ['run', '--silent', 'circles']],
    ['Dead code (Knip)', 'npx', ['knip', '--no-progress']],
    ['Dependencies (one copy of each, npm ls clean)', 'node', ['scripts/check-dependencies.mjs']],
    ['Price table (docs/engines.md, from the model registry)', 'npx', ['tsx', 'scripts/price-table.ts', '--check']],
    ['Links between the pages (README.md, ARCHITECTURE.md, docs/)', 'node', ['scripts/check-doc-links.mjs']],
  ]) {
    if (timed('checks', () => run(title, command, args)) === 0) totals.passed += 1;
    else totals.failed += 1;
  }
}

/** Unit and integration tests. */
function vitestSuites() {
  // 3. Unit and integration tests.
  if (!process.env.MYSQL_URL)
    skippedReasons.push('integration tests on MySQL: MYSQL_URL is not set (.ci/run sets it; see README)');
  if (!process.env.MYSQL_URL || !process.env.REDIS_URL)
    skippedReasons.push(
      'two instances behind a round-robin proxy (apps/server/test/two-instances.test.ts): MYSQL_URL and REDIS_URL must both be set (.ci/run sets them; see README)',
    );
  if (!process.env.REDIS_URL)
    skippedReasons.push(
      'generation jobs on Redis (BullMQ), list versions shared by two instances and thumbnails asked of a worker: REDIS_URL is not set (.ci/run sets it; see README)',
    );
  const vitestJson = join(results, 'vitest.json');
  const vitestStatus = timed('vitest', () =>
    run('Unit and integration tests (vitest)', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${vitestJson}`,
    ]),
  );
  const vitest = readJson(vitestJson);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed +=
      vitest.numFailedTests +
      (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0 ? vitest.numFailedTestSuites : 0);
    totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  }
  // A run that failed without a failing test to show for it (a crash, an unhandled error) is a failure.
  if (vitestStatus !== 0 && !(vitest && vitest.numFailedTests + vitest.numFailedTestSuites > 0)) totals.failed += 1;
}

/** The build, then the browser journeys against it. */
function browserJourneys() {
  // 4. Browser journeys against the built app.
  if (!existsSync(chromiumPath)) {
    skippedReasons.push(
      `end-to-end suite: no Chromium at ${chromiumPath} (apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH)`,
    );
  } else if (
    timed('build', () =>
      run('Build (web app and server)', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']),
    ) !== 0
  ) {
    totals.failed += 1;
    skippedReasons.push('end-to-end suite: the build failed');
  } else {
    const e2eStatus = timed('browser', () =>
      run(
        'End-to-end journeys (Playwright, Chromium)',
        'npx',
        ['playwright', 'test', '-c', 'apps/e2e/playwright.config.ts'],
        {
          CHROMIUM_PATH: chromiumPath,
        },
      ),
    );
    const e2e = readJson(join(results, 'e2e.json'));
    // Errors outside any test (a server that never started, a file that does not load) fail the suite too.
    const outsideTests = e2e?.errors?.length ?? 0;
    if (e2e?.stats) {
      totals.passed += e2e.stats.expected + e2e.stats.flaky;
      totals.failed += e2e.stats.unexpected + outsideTests;
      totals.skipped += e2e.stats.skipped;
      skippedReasons.push(...skippedJourneys(e2e));
    }
    if (e2eStatus !== 0 && !(e2e?.stats?.unexpected || outsideTests)) totals.failed += 1;
  }
}

// `npm test` runs every step; `npm test -- vitest browser` runs those named (a CI job each).
const steps = { checks, vitest: vitestSuites, browser: browserJourneys };
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in steps));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(', ')}: the steps are ${Object.keys(steps).join(', ')}.`);
  process.exit(2);
}
for (const [name, step] of Object.entries(steps)) if (chosen.length === 0 || chosen.includes(name)) step();

printTimes();
console.log('\n━━ Summary');
for (const reason of skippedReasons) console.log(`skipped: ${reason}`);
if (totals.skipped) console.log(`skipped tests: ${totals.skipped} (see the reports above)`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
