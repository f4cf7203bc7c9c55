import { expect, test } from './test';
import { newPerson, signUpThroughApi } from './support';

const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test('account settings: see the sessions, create a token shown once, revoke it, log out everywhere', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const person = newPerson('Inès');
  await signUpThroughApi(page, person);
  // A second device: a phone signed in with the same account.
  const phone = await browser.newContext({ userAgent: SAFARI_ON_IPHONE, baseURL });
  expect(
    (await phone.request.post('/api/login', { data: { email: person.email, password: person.password } })).status(),
  ).toBe(200);

  await page.goto('/account?tab=settings');
  const sessions = page.getByTestId('sessions');
  await expect(sessions.getByTestId('session-row')).toHaveCount(2);
  await expect(sessions.getByTestId('session-row').filter({ hasText: 'Cet appareil' })).toHaveCount(1);
  await expect(sessions.getByText('Safari sur iOS')).toBeVisible();

  const tokens = page.getByTestId('api-tokens');
  await expect(tokens.getByText("Aucun jeton pour l'instant.")).toBeVisible();
  await tokens.getByLabel('Nom du jeton').fill('Mon script');
  await tokens.getByRole('button', { name: 'Créer un jeton' }).click();
  const shown = tokens.getByTestId('created-token');
  await expect(shown).toHaveText(/^atl_/);
  const token = (await shown.textContent())!;
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  expect((await script.get('/api/user')).status()).toBe(200);

  const row = tokens.getByTestId('token-row');
  await expect(row).toContainText('Mon script');
  await expect(row).toContainText(token.slice(0, 12));
  // Shown once: gone once hidden, and never listed again.
  await tokens.getByRole('button', { name: 'Masquer le jeton' }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('token-row')).toContainText('Mon script');
  await expect(page.getByText(token)).toHaveCount(0);

  await page.getByRole('button', { name: 'Révoquer Mon script' }).click();
  await expect(page.getByTestId('token-row')).toHaveCount(0);
  expect((await script.get('/api/user')).status()).toBe(401);

  await page.getByRole('button', { name: 'Se déconnecter de tous les appareils' }).click();
  // Back to the studio, signed out (its first visit prepares its images for a while: not waited for).
  await expect(page).toHaveURL(/\/create/);
  expect((await phone.request.get('/api/user')).status()).toBe(401);
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await script.dispose();
  await phone.close();
});

test('account settings: revoke every API token at once, after a confirmation', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  await signUpThroughApi(page, newPerson('Noé'));
  await page.goto('/account?tab=settings');
  const tokens = page.getByTestId('api-tokens');
  const made: string[] = [];
  for (const name of ['Sauvegarde', 'Export']) {
    await tokens.getByLabel('Nom du jeton').fill(name);
    await tokens.getByRole('button', { name: 'Créer un jeton' }).click();
    await expect(tokens.getByTestId('token-row').filter({ hasText: name })).toBeVisible();
    made.push((await tokens.getByTestId('created-token').textContent())!);
    await tokens.getByRole('button', { name: 'Masquer le jeton' }).click();
  }
  const scripts = await Promise.all(
    made.map((token) =>
      playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } }),
    ),
  );
  for (const script of scripts) expect((await script.get('/api/user')).status()).toBe(200);

  await tokens.getByRole('button', { name: 'Révoquer tous les jetons' }).click();
  const question = page.getByText(
    "Révoquer les 2 jetons ? Les scripts qui s'en servent n'auront plus accès à votre compte.",
  );
  await expect(question).toBeVisible();
  await tokens.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('revoke-all-tokens.png') });
  // Cancelled: nothing happens.
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(question).toBeHidden();
  await expect(tokens.getByTestId('token-row')).toHaveCount(2);

  await tokens.getByRole('button', { name: 'Révoquer tous les jetons' }).click();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Les 2 jetons ont été révoqués')).toBeVisible();
  await expect(tokens.getByTestId('token-row')).toHaveCount(0);
  await expect(tokens.getByText("Aucun jeton pour l'instant.")).toBeVisible();
  await expect(tokens.getByRole('button', { name: 'Révoquer tous les jetons' })).toHaveCount(0);
  for (const script of scripts) {
    expect((await script.get('/api/user')).status()).toBe(401);
    await script.dispose();
  }
  // The page's own session stays.
  expect((await page.request.get('/api/user')).status()).toBe(200);
});
