import { expect, test, type Page } from '@playwright/test';
import { createCreation, newPerson, samplePhoto, signUp, uniqueLabel } from './support';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function selectAll(page: Page) {
  await page.getByRole('button', { name: 'Sélectionner' }).click();
  await page.getByRole('button', { name: 'Tout sélectionner' }).click();
  await expect(page.getByText('3 sélectionnée(s)')).toBeVisible();
}

test('a batch delete asks first, can be taken back for a few seconds, and then goes through', async ({ page }) => {
  await signUp(page, newPerson('Inès'));
  const label = uniqueLabel('Aquarelle');
  for (const seed of [1, 2, 3]) await createCreation(page.request, await samplePhoto(page, seed), label);
  await page.goto('/gallery');
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(3);

  // The first tap only asks; "Annuler" in the question keeps everything.
  await selectAll(page);
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(page.getByText('Supprimer 3 image(s) ?', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(cards).toHaveCount(0);
  await toast(page, 'Images supprimées').getByRole('button', { name: 'Annuler' }).click();
  await expect(toast(page, 'Suppression annulée')).toBeVisible();
  await expect(cards).toHaveCount(3);
  await page.reload();
  await expect(cards).toHaveCount(3);

  // Not taken back: the deletion reaches the server once the toast has gone.
  await selectAll(page);
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  const deleted = page.waitForResponse((response) => response.url().includes('gallery.deleteMany'));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(cards).toHaveCount(0);
  expect((await deleted).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Aucune image')).toBeVisible();
});

test('a batch deletion still open to "Annuler" is sent when the page is left', async ({ page }) => {
  await signUp(page, newPerson('Léon'));
  const label = uniqueLabel('Croquis');
  for (const seed of [4, 5, 6]) await createCreation(page.request, await samplePhoto(page, seed), label);
  await page.goto('/gallery');
  await expect(page.getByTestId('image-card')).toHaveCount(3);
  await selectAll(page);
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(toast(page, 'Images supprimées').getByRole('button', { name: 'Annuler' })).toBeVisible();
  await page.reload();
  // The page is gone before the server answers the request it left: ask the server.
  const { id } = (await (await page.request.get('/api/user')).json()) as { id: number };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/gallery/${id}`)).json()) as { gallery: unknown[] }).gallery.length,
    )
    .toBe(0);
});
