import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './test';

/** The budget for the landing page's first JavaScript, brotli-compressed as the server sends it. */
const BUDGET_BYTES = 100 * 1024;
const assets = join(import.meta.dirname, '../../web/dist/assets');

test('the landing page loads under 100 kB of brotli JavaScript before any interaction', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto('/landing');
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const built = [...scripts].filter((path) => path.startsWith('/assets/')).map((path) => path.slice('/assets/'.length));
  expect(built.length).toBeGreaterThan(0);
  // The build writes the .br file the server sends beside each script it makes smaller (vite.config.ts); the others go as they are.
  const sentSize = (name: string) =>
    statSync(existsSync(join(assets, `${name}.br`)) ? join(assets, `${name}.br`) : join(assets, name)).size;
  const sizes = built.map((name) => ({ name, bytes: sentSize(name) }));
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  expect(total, sizes.map(({ name, bytes }) => `${name} ${bytes}`).join('\n')).toBeLessThan(BUDGET_BYTES);
  // The other pages' code waits until a link is followed.
  expect(built.filter((name) => /^(react-router|DataLayout|StudioPage|WorkflowPage)-/.test(name))).toEqual([]);
});

test('the landing page preloads its hero picture, the one the page then shows', async ({ page }) => {
  await page.goto('/landing');
  const preload = page.locator('head link[rel="preload"][as="image"]');
  const hero = page.getByTestId('compare-slider').first().locator('img').first();
  await expect(hero).toHaveJSProperty('complete', true);
  expect(await preload.getAttribute('imagesrcset')).toBe(await hero.getAttribute('srcset'));
  expect(await preload.getAttribute('imagesizes')).toBe(await hero.getAttribute('sizes'));
  // Fetched by the preload, before React drew the page: the browser found it in the HTML.
  const initiator = await hero.evaluate(
    (image: HTMLImageElement) =>
      (performance.getEntriesByName(image.currentSrc)[0] as PerformanceResourceTiming | undefined)?.initiatorType,
  );
  expect(initiator).toBe('link');

  // Only the landing carries it: the other pages do not download the landing's picture.
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Se connecter' }).first()).toBeVisible();
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);
});
