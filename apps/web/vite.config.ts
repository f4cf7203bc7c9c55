import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import type * as LandingHtml from './src/app/landing-html';
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

/** The landing's markup, from landing-html.tsx loaded through a bare Vite server so its TSX and CSS imports resolve. */
async function renderLandingMarkup(): Promise<string> {
  const server = await createServer({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = (await server.ssrLoadModule('/src/app/landing-html.tsx')) as typeof LandingHtml;
    return module.renderLandingHtml();
  } finally {
    await server.close();
  }
}

/**
 * `landing.html`: the app's page with the landing already drawn in it, so the page paints before
 * its JavaScript has run, and React then takes the markup over (mount-landing.tsx). The markup is
 * rendered here from the page's own components (landing-html.tsx, loaded through Vite so its TSX
 * and CSS imports resolve). The landing's styles are linked, not merely preloaded, since the markup
 * needs them at its first paint; the hero picture (its largest paint) is preloaded with the <img>'s
 * own srcset and sizes, so the same file is fetched once. The server sends this page for /landing
 * (app.ts). Preloading the landing's scripts was tried: they took the bandwidth the first paint
 * needs (Lighthouse's first paint went from 1.2 s to 2.4 s) and the largest paint gained little.
 */
function landingPage(): Plugin {
  const hero = sampleImage(afterPicture(HERO_EXAMPLE));
  return {
    name: 'atelier-landing-page',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
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
      const links = [
        // What the page already links is left as it is.
        ...[...styles]
          .filter((file) => !page.includes(`/${file}`))
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
        `<link rel="preload" as="image" href="${hero.src}" imagesrcset="${hero.srcSet}" imagesizes="${HERO_SIZES}" fetchpriority="high" />`,
      ];
      const markup = await renderLandingMarkup();
      const loading = /<div id="root">\s*<div id="app-loading"[\s\S]*?<\/div>/;
      if (!loading.test(page)) this.error('index.html: no loading screen in #root to put the landing in');
      const html = page
        .replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}  </head>`)
        // Shown at once: the fade-in of #root (boot.css) is for a page its script draws.
        .replace(loading, () => `<div id="root" class="app-visible">${markup}`);
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
