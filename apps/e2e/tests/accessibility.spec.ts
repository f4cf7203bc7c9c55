import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import { newPerson, signUp } from './support';

/** Every route of the app, as a visitor or a member opens it. */
const ROUTES = [
  '/',
  '/landing',
  '/auth',
  '/reset-password?token=inconnu',
  '/create',
  '/gallery',
  '/image-library',
  '/account',
  '/account?tab=credits',
  '/checkout',
  '/workflow',
  '/stitch',
  '/p/2147483000',
  '/mentions-legales',
  '/cgu',
  '/confidentialite',
  '/contact',
  '/page-inconnue',
];

/** The violations a user of assistive technology cannot get past, one line each for the report. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.length} × ${violation.nodes[0]?.target.join(' ')}`,
    );
}

async function auditEveryRoute(page: Page, scheme: 'light' | 'dark'): Promise<Record<string, string[]>> {
  await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), scheme);
  const found: Record<string, string[]> = {};
  for (const route of ROUTES) {
    await page.goto(route);
    // The studio's preload screen and the page's lazy parts are gone once the network is quiet.
    await page.waitForLoadState('networkidle');
    const violations = await seriousViolations(page);
    // Axe calls these moderate; the issue asks for them on every page: one <main>, one h1.
    const outline = await page.evaluate(() => ({
      main: document.querySelectorAll('main, [role="main"]').length,
      h1: document.querySelectorAll('h1').length,
    }));
    if (outline.main !== 1 || outline.h1 !== 1) violations.push(`outline: ${outline.main} <main>, ${outline.h1} <h1>`);
    if (violations.length > 0) found[`${route} (${scheme})`] = violations;
  }
  return found;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`no critical or serious accessibility violation on any route for a visitor, ${scheme} theme`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    expect(await auditEveryRoute(page, scheme)).toEqual({});
  });

  test(`no critical or serious accessibility violation on any route for a member, ${scheme} theme`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signUp(page, newPerson('Aurore'));
    expect(await auditEveryRoute(page, scheme)).toEqual({});
  });
}

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });

  test('every page can be zoomed', async ({ page }) => {
    for (const route of ['/', '/gallery', '/create']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).withRules(['meta-viewport']).analyze();
      expect(violations.map((violation) => `${route}: ${violation.id}`)).toEqual([]);
      await expect(page.locator('meta[name="viewport"]')).not.toHaveAttribute(
        'content',
        /user-scalable=no|maximum-scale/,
      );
    }
  });
});
