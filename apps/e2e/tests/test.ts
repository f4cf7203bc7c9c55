import { test as base } from '@playwright/test';

export { expect, type Locator, type Page } from '@playwright/test';

/**
 * Journeys run at 1280×800. One that tests layout or touch, where a phone does differently, is
 * tagged `PHONE` and runs at 390×844 on a touch screen too; one that only a phone can take (its user
 * agent, its touch layout) is tagged `PHONE_ONLY` and runs there alone.
 */
export const PHONE = '@phone';
/** The one administrator of the servers under test (ADMIN_EMAILS). */
export const MODERATOR_EMAIL = 'moderation-e2e@atelier.example';
export const PHONE_ONLY = '@phone-only';

/**
 * How long a journey waits for a render. The server runs two at once and the other worker's journey
 * may hold both (a workflow's pair, a 12 MP photo), so a quick render can wait its turn behind them.
 */
export const RENDER_TIMEOUT = 60_000;

/** Enough of the page's text to tell a failure screen from a page that never drew. */
const PAGE_TEXT_CHARS = 600;

/**
 * Playwright's test, which also prints what the browser said when a test fails: console errors,
 * uncaught exceptions and the page's text. A run on CI keeps only its printed output, and these
 * tell an app error from a slow machine.
 */
export const test = base.extend<{ browserReport: void }>({
  browserReport: [
    async ({ page }, use, testInfo) => {
      const said: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') said.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => said.push(`uncaught: ${error.message}`));
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const text = await page
        .locator('body')
        .innerText({ timeout: 1000 })
        .catch(() => '(page closed)');
      console.log(
        [
          `browser at ${page.url()}:`,
          ...said,
          `page text: ${text.replace(/\s+/g, ' ').slice(0, PAGE_TEXT_CHARS)}`,
        ].join('\n  '),
      );
    },
    { auto: true },
  ],
});
