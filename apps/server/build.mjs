// Bundles the server and the workspace packages it uses into dist/main.js; npm packages stay
// external and are loaded from node_modules at run time.
import { build } from 'esbuild';

const workspacePackage = /^@atelier\//;

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          workspacePackage.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
