import { expect, test } from '@playwright/test';
import { nodeOf, openEmptyEditor, pickOption, startWithPhoto } from './workflow-support';

test('workflow renders land in the gallery, named by their options, with a filter chip for each option', async ({ page }) => {
  test.setTimeout(120_000);
  await openEmptyEditor(page);
  await startWithPhoto(page, 3);
  await pickOption(page, 'style', 'Aquarelle');
  await page.getByRole('radiogroup', { name: 'Nombre de rendus' }).getByText('2', { exact: true }).click();
  await page.getByRole('button', { name: 'Exécuter le Workflow' }).click();
  await expect(nodeOf(page, 'result').getByTestId('result-dots').getByRole('button')).toHaveCount(2, { timeout: 30_000 });

  await page.goto('/gallery');
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Aquarelle');
  await expect(page.getByRole('group', { name: 'Filtrer par option' }).getByText('Aquarelle', { exact: true })).toBeVisible();
});
