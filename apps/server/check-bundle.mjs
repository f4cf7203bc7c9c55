// Fails when a file the server bundle imports from node_modules is missing, as in a runtime tree
// assembled without a package the bundle needs (dist/packages.json is written by build.mjs).
import { existsSync, readFileSync } from 'node:fs';

const dist = new URL('dist/', import.meta.url);
const files = JSON.parse(readFileSync(new URL('packages.json', dist), 'utf8'));
const missing = files.filter((file) => !existsSync(new URL(file, dist)));
if (missing.length > 0) {
  console.error(`The server bundle imports files that are not installed:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`The server bundle finds all ${files.length} package files it imports.`);
