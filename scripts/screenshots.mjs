#!/usr/bin/env node
// Screenshots of the running app at desktop and phone sizes, for looking at what was built.
//   node scripts/screenshots.mjs [baseUrl] [path | journey ...]
// A path is shot as it loads; a journey (`studio`, `workflow`, see scripts/screens/) walks through
// a screen's states and shoots each one. A run signs up one user and every screen uses that account
// (a refused sign-up stops the run: private pages would otherwise show the visitor's screen). PNGs go to .test-results/screens; SCHEME=dark shoots the dark theme.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { journeys } from './screens/journeys.mjs';

const [baseUrl = 'http://127.0.0.1:3000', ...targets] = process.argv.slice(2);
const chosen = targets.length ? targets : ['/auth', '/account', '/account?tab=credits', '/nope'];
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const out = '.test-results/screens';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
/** One account for the whole run: its sign-up must succeed, or the shots would show a visitor. */
const account = {
  email: `shots-${Date.now()}@example.fr`,
  password: 'motdepasse',
  firstName: 'Camille',
  lastName: 'Durand',
};
const signUp = await fetch(`${baseUrl}/api/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(account),
});
if (!signUp.ok) {
  console.error(`The sign-up was refused (${signUp.status}): ${await signUp.text()}`);
  process.exit(1);
}

for (const [name, defaultViewport] of Object.entries(sizes)) {
  for (const target of chosen) {
    const journey = journeys[target];
    const viewport = journey?.viewports?.[name] ?? defaultViewport;
    const phone = name === 'phone';
    const context = await browser.newContext({
      viewport,
      locale: 'fr-FR',
      deviceScaleFactor: 1,
      hasTouch: phone,
      isMobile: phone,
      colorScheme: process.env.SCHEME ?? 'light',
    });
    const page = await context.newPage();
    const login = await page.request.post(`${baseUrl}/api/login`, {
      data: { email: account.email, password: account.password },
    });
    if (!login.ok()) throw new Error(`The sign-in was refused (${login.status()}): ${await login.text()}`);
    const prefix = `${out}/${name}_${target.replace(/[^a-z0-9]+/gi, '_').replace(/^_/, '')}`;
    if (journey) {
      // Each state is shot once what it shows has settled: the pictures on screen loaded, the
      // transitions of the dialogs over (they end in 300 ms).
      const shot = async (state) => {
        await page.waitForFunction(() =>
          [...document.images].every((image) => {
            const box = image.getBoundingClientRect();
            const onScreen = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
            return !onScreen || image.complete;
          }),
        );
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${prefix}-${state}.png` });
        console.log(`${prefix}-${state}.png`);
      };
      await journey.run({ page, baseUrl, shot });
    } else {
      await page.goto(baseUrl + target, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `${prefix}.png`, fullPage: true });
      console.log(`${prefix}.png`);
    }
    await context.close();
  }
}
await browser.close();
