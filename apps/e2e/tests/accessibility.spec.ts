import axe from 'axe-core';
import { expect, type Page, PHONE, test } from './test';
import { newPerson, signUpThroughApi } from './support';

/**
 * Every route of the app, as the one it is for opens it: the pages anyone reads as a visitor, and
 * a member's as a member. The member pages that ask a visitor to sign in share one prompt, seen on
 * the studio and the gallery.
 */
const VISITOR_ROUTES = [
  '/',
  '/landing',
  '/auth',
  '/reset-password?token=inconnu',
  '/create',
  '/gallery',
  '/p/2147483000',
  '/mentions-legales',
  '/cgu',
  '/confidentialite',
  '/contact',
  '/page-inconnue',
];
const MEMBER_ROUTES = [
  '/',
  '/create',
  '/gallery',
  '/image-library',
  '/account',
  '/account?tab=credits',
  '/checkout',
  '/workflow',
  '/stitch',
];

/**
 * What a page shows while it still loads: the boot screen, the studio's preload screen, loaders,
 * skeletons, and the studio's option tiles still waiting for their preview.
 */
const LOADING = [
  '#app-loading',
  '[data-testid="preload-screen"]',
  '.mantine-Loader-root',
  '.mantine-Skeleton-root[data-visible]',
  '.studio-option-thumb:not(:has(img, .studio-option-fallback))',
].join(', ');

/**
 * Waits for the page to be drawn whole: its heading there and no sign of loading left. Waiting for
 * a quiet network instead costs half a second more a page and says nothing of what is on screen.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator(LOADING)).toHaveCount(0);
}

/** Axe's rules that depend on the colours of the page. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Axe's violations of `rules` (every rule unless told) on the open page. */
async function axeViolations(page: Page, rules?: string[]): Promise<axe.Result[]> {
  // Axe goes into each document once: AxeBuilder puts its 600 kB there twice an analysis, which
  // costs more than the analysis. Like its legacy mode, axe checks the frames of our origin only
  // (Stripe's are Stripe's), without the blank page the default mode opens to merge them.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (values) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const options: axe.RunOptions = { resultTypes: ['violations'] };
    if (values) options.runOnly = { type: 'rule', values };
    return (await inPage.run(document, options)).violations;
  }, rules);
}

/** The violations a user of assistive technology cannot get past, one line each for the report. */
async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  return (await axeViolations(page, rules))
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.length} × ${violation.nodes[0]?.target.join(' ')}`,
    );
}

/**
 * Switches the open page to the dark theme as another tab of the site would: Mantine follows the
 * `storage` event of its `theme` key. Transitions are cut so that axe reads the colours at rest.
 */
async function turnDark(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate(() => {
    localStorage.setItem('theme', 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark', storageArea: localStorage }));
  });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
}

/**
 * Every route in the light theme for every rule, then, once `dark` is asked, the same page in the
 * dark theme for the rules on colour (a theme changes nothing else), with no second load.
 */
async function audit(page: Page, routes: string[], { dark }: { dark: boolean }): Promise<Record<string, string[]>> {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(route);
    await settled(page);
    const violations = await seriousViolations(page);
    // Axe calls these moderate; the issue asks for them on every page: one <main>, one h1.
    const outline = await page.evaluate(() => ({
      main: document.querySelectorAll('main, [role="main"]').length,
      h1: document.querySelectorAll('h1').length,
    }));
    if (outline.main !== 1 || outline.h1 !== 1) violations.push(`outline: ${outline.main} <main>, ${outline.h1} <h1>`);
    if (violations.length > 0) found[`${route} (light)`] = violations;
    if (!dark) continue;
    await turnDark(page);
    const inDark = await seriousViolations(page, COLOUR_RULES);
    if (inDark.length > 0) found[`${route} (dark)`] = inDark;
  }
  return found;
}

// Both themes at 1280×800; the phone's layouts of the public pages (its menus and drawers) in the
// light one.
test(
  "no critical or serious accessibility violation on a visitor's routes, in both themes",
  { tag: PHONE },
  async ({ page, isMobile }) => {
    expect(await audit(page, VISITOR_ROUTES, { dark: !isMobile })).toEqual({});
  },
);

test("no critical or serious accessibility violation on a member's routes, in both themes", async ({ page }) => {
  await signUpThroughApi(page, newPerson('Aurore'));
  expect(await audit(page, MEMBER_ROUTES, { dark: true })).toEqual({});
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });

  // The server sends two documents: the landing's own, and index.html for every other route.
  test('every page can be zoomed', async ({ page }) => {
    for (const route of ['/landing', '/create']) {
      await page.goto(route);
      await settled(page);
      const violations = await axeViolations(page, ['meta-viewport']);
      expect(violations.map((violation) => `${route}: ${violation.id}`)).toEqual([]);
      await expect(page.locator('meta[name="viewport"]')).not.toHaveAttribute(
        'content',
        /user-scalable=no|maximum-scale/,
      );
    }
  });
});
