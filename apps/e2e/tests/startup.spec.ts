import { expect, test } from './test';

test('a page that never finishes loading shows "Timeout de chargement" with a way to reload', async ({ page }) => {
  // The app's entry script never arrives: only the boot script's 5-second watch is left.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/auth');
  await expect(page.getByText('Chargement…')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Timeout de chargement' })).toBeVisible({ timeout: 10_000 });
  await page.unroute(/\/assets\/index-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Recharger' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('React failing to load shows "Erreur de chargement React"', async ({ page }) => {
  await page.route(/\/assets\/mount-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Erreur de chargement React' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recharger' })).toBeVisible();
});

test('the app fades in once started', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.locator('#root')).toHaveClass(/app-visible/);
  await expect(page.locator('#root')).toHaveCSS('opacity', '1');
});
