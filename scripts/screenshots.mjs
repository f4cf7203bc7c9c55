#!/usr/bin/env node
// Screenshots of the running app at desktop and phone sizes, for looking at what was built.
//   node scripts/screenshots.mjs [baseUrl] [path ...]
// Signs up a fresh user first so private pages show real content. PNGs go to .test-results/screens.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/auth', '/account', '/account?tab=credits', '/nope'];
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const out = '.test-results/screens';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const [name, viewport] of Object.entries(sizes)) {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', deviceScaleFactor: 1, colorScheme: process.env.SCHEME ?? 'light' });
  const page = await context.newPage();
  const email = `shots-${Date.now()}-${name}@example.fr`;
  await page.request.post(`${baseUrl}/api/register`, { data: { email, password: 'motdepasse', firstName: 'Camille', lastName: 'Durand' } });
  for (const path of pages) {
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    const file = `${out}/${name}${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
