#!/usr/bin/env node
// `npm run bench`: runs every benchmark in scripts/bench/ one after the other and prints figures;
// `npm run bench -- soak --minutes 3` runs those whose names start so, with the options after the names.
// Benchmarks compare ratios measured in the same run; nothing here passes or fails on time.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Run only when named: the soak takes ten minutes. */
const ON_DEMAND = ['soak.bench.ts'];
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const only = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const benches = readdirSync(join(root, 'scripts/bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => (only.length === 0 ? !ON_DEMAND.includes(f) : only.some((name) => f.startsWith(name))))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n━━ ${file}`);
  const { status } = spawnSync('npx', ['tsx', join('scripts/bench', file), ...options], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
