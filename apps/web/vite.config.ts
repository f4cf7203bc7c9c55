import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { afterPicture, HERO_EXAMPLE, HERO_SIZES, sampleImage } from './src/pages/landing/samples';

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

/**
 * `landing.html`: the app's page with the landing's hero picture (its largest paint) and its styles
 * preloaded. The landing loads through a dynamic import (main.tsx), so without the hints the
 * browser finds them only once its scripts have run. The picture's preload has the <img>'s own
 * srcset and sizes, so the same file is fetched once. The server sends this page for /landing
 * (app.ts). Preloading the landing's scripts too was tried: they took the bandwidth the first paint
 * needs (Lighthouse's first paint went from 1.2 s to 2.4 s) and the largest paint gained little.
 */
function landingPage(): Plugin {
  const hero = sampleImage(afterPicture(HERO_EXAMPLE));
  return {
    name: 'atelier-landing-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const entry = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/src/app/mount-landing.tsx'),
      );
      if (index?.type !== 'asset' || entry?.type !== 'chunk') return;
      const page = String(index.source);
      const styles = new Set<string>();
      const seen = new Set<string>();
      const collectStyles = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || seen.has(fileName)) return;
        seen.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        chunk.imports.forEach(collectStyles);
      };
      collectStyles(entry.fileName);
      const hints = [
        // What the page already links needs no hint.
        ...[...styles]
          .filter((file) => !page.includes(`/${file}`))
          .map((file) => `<link rel="preload" as="style" href="/${file}" />`),
        `<link rel="preload" as="image" href="${hero.src}" imagesrcset="${hero.srcSet}" imagesizes="${HERO_SIZES}" fetchpriority="high" />`,
      ];
      const html = page.replace('</head>', `${hints.map((hint) => `  ${hint}\n`).join('')}  </head>`);
      this.emitFile({ type: 'asset', fileName: 'landing.html', source: html });
    },
  };
}

export default defineConfig({
  plugins: [react(), landingPage(), precompress()],
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
