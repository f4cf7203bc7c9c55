// Bundles the server (dist/main.js) and its one-shot migration command (dist/migrate.js) with the
// workspace packages they use. npm packages stay
// external, but each import names the file that the importing workspace resolves (for example
// ../../../packages/db/node_modules/@mikro-orm/core/index.js): the bundle loads exactly the copy
// its source would, wherever npm placed it, and never depends on a package being hoisted.
import { writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const outdir = fileURLToPath(new URL('dist/', import.meta.url));
const workspacePackage = /^@atelier\//;

/** @type {import('esbuild').Plugin} */
const externalAsResolved = {
  name: 'external-npm-packages-as-resolved',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || workspacePackage.test(args.path)) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const found = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (found.errors.length > 0) return { errors: found.errors };
      const fromBundle = relative(outdir, found.path).split(sep).join('/');
      return { path: fromBundle.startsWith('.') ? fromBundle : `./${fromBundle}`, external: true };
    });
  },
};

const result = await build({
  // The model and style threads' scripts sit beside main.js, where @atelier/media looks for them.
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/migrate.ts',
    'model-worker': '../../packages/media/src/models/worker.ts',
    'style-worker': '../../packages/media/src/engines/local/styles/style-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Node's own conditions: esbuild would otherwise add `module`, which Node never reads.
  conditions: ['node'],
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalAsResolved],
  metafile: true,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// The files the bundle loads from node_modules, for check-bundle.mjs to find in a runtime tree.
const packageFiles = new Set(
  Object.values(result.metafile.inputs).flatMap((input) =>
    input.imports.filter((i) => i.external && i.path.startsWith('.')).map((i) => i.path),
  ),
);
writeFileSync(new URL('dist/packages.json', import.meta.url), `${JSON.stringify([...packageFiles].sort(), null, 2)}\n`);
