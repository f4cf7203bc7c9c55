import { expect, test, type Page } from '@playwright/test';
import { newPerson, signUp } from './support';

/** Opens the account menu of the page's bar and follows one of its places. */
async function goTo(page: Page, place: string): Promise<void> {
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: place, exact: true }).click();
}

test('from the home page, the account menu reaches every place by clicks alone', async ({ page }) => {
  const person = newPerson('Inès');
  await signUp(page, person);

  await page.getByTestId('account-button').click();
  await expect(page.getByRole('menu')).toContainText(person.email);
  await page.getByRole('menuitem', { name: 'Galerie', exact: true }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Galerie' })).toBeVisible();

  await goTo(page, "Bibliothèque d'images");
  await expect(page).toHaveURL(/\/image-library$/);
  await expect(page.getByRole('heading', { level: 1, name: "Bibliothèque d'images" })).toBeVisible();

  await goTo(page, 'Éditeur de workflows');
  await expect(page).toHaveURL(/\/workflow$/);
  await expect(page.getByText('Télécharger une photo')).toBeVisible();

  await goTo(page, 'Studio');
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 20_000 });

  await goTo(page, 'Feed public');
  await expect(page.getByRole('heading', { level: 2, name: 'Communauté' })).toBeInViewport();
  await expect(page.getByRole('radio', { name: 'Feed Public' })).toBeChecked();

  await goTo(page, 'Mon compte');
  await expect(page.getByRole('heading', { name: 'Mon Compte' })).toBeVisible();
  // The menu marks where one is.
  await page.getByTestId('account-button').click();
  await expect(page.getByRole('menuitem', { name: 'Mon compte' })).toHaveAttribute('aria-current', 'page');
});
