#!/usr/bin/env node
// Checks the installed tree: every dependency that several workspaces declare resolves to one
// copy for all of them (two copies of zod, tRPC or MikroORM break `instanceof` and shared state),
// and `npm ls` finds nothing missing, invalid or extraneous.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

function workspaces() {
  return readJson(join(root, 'package.json')).workspaces.flatMap((pattern) => {
    const parent = join(root, pattern.replace(/\/\*$/, ''));
    return readdirSync(parent)
      .map((name) => join(parent, name))
      .filter((dir) => existsSync(join(dir, 'package.json')));
  });
}

/** The folder Node finds for `name` from `dir`: the nearest node_modules/name walking up. */
function packageFolder(dir, name) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (at === root || dirname(at) === at) return null;
  }
}

const problems = [];
const copies = new Map(); // name -> Map(folder -> [workspaces])
for (const dir of [root, ...workspaces()]) {
  const manifest = readJson(join(dir, 'package.json'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies });
  for (const name of names.filter((n) => !n.startsWith('@atelier/'))) {
    const folder = packageFolder(dir, name);
    if (!folder) {
      problems.push(`${manifest.name} declares ${name}, which is not installed`);
      continue;
    }
    const byFolder = copies.get(name) ?? new Map();
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), manifest.name]);
    copies.set(name, byFolder);
  }
}
for (const [name, byFolder] of copies) {
  if (byFolder.size < 2) continue;
  const where = [...byFolder].map(([folder, users]) => `${relative(root, folder)} (${users.join(', ')})`);
  problems.push(`${name} resolves to ${byFolder.size} copies: ${where.join('; ')}`);
}

const ls = spawnSync('npm', ['ls', '--all', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const tree = JSON.parse(ls.stdout || '{}');
for (const problem of tree.problems ?? []) problems.push(`npm ls: ${problem}`);
if (ls.status !== 0 && !tree.problems?.length) problems.push(`npm ls failed: ${ls.stderr.trim()}`);

if (problems.length > 0) {
  console.error(`Dependency check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Dependencies: ${copies.size} declared packages, one copy each; npm ls is clean.`);
