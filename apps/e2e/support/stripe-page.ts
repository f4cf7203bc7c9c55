import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { stripeSettings } from './stripe-settings';

const fakeStripeJs = readFileSync(new URL('./fake-stripe.js', import.meta.url), 'utf8');

/** js.stripe.com and api.stripe.com cannot be reached here: serve the fakes in their place. */
export async function routeStripe(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: fakeStripeJs }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const response = await fetch(`${stripeSettings.apiUrl}${url.pathname}`, {
      method: request.method(),
      headers: {
        authorization: request.headers().authorization ?? '',
        'content-type': request.headers()['content-type'] ?? '',
      },
      body: request.postData() ?? undefined,
    });
    await route.fulfill({
      status: response.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await response.text(),
    });
  });
}
