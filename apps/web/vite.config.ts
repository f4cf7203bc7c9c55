import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.ATELIER_API ?? 'http://127.0.0.1:3000';

/**
 * Writes `.br` and `.gz` beside every text asset of the build that they make smaller, once, so the server sends them
 * compressed without spending CPU on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|map)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'atelier-precompress',
    apply: 'build',
    closeBundle() {
      // Small files too: the landing page loads a score of chunks under 1 kB.
      for (const file of walk('dist').filter((path) => compressible.test(path))) {
        const data = readFileSync(file);
        const brotli = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gzip = gzipSync(data, { level: 9 });
        if (brotli.length < data.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < data.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    // The router in a chunk of its own, React in another: left to itself Rolldown puts them together,
    // and the landing page (which loads without the router) would download the router with React.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': api, '/trpc': api } },
});
