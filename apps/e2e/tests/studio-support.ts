import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** Opens the studio and waits for the preload screen to give way to the interface. */
export async function openStudio(page: Page, path = '/create'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 20_000 });
}

/** The picture in the main frame. */
export const stageImage = (page: Page): Locator => page.getByRole('img', { name: 'Image à transformer' });

/** The balance shown in the studio's credits badge. */
export async function studioCredits(page: Page): Promise<number> {
  const text = (await page.getByTestId('studio-credits').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

export async function uploadToStudio(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await page.getByTestId('studio-upload-input').setInputFiles(file);
}

/** Opens a category (its grid button is named after it) and taps one of its options. */
export async function openCategory(page: Page, category: string): Promise<void> {
  await page
    .getByRole('group', { name: 'Catégories' })
    .getByRole('button', { name: new RegExp(`^${category}`) })
    .click();
}

export async function chooseOption(page: Page, category: string, option: string): Promise<void> {
  await openCategory(page, category);
  await page.getByRole('button', { name: option, exact: true }).click();
}

/** A chip of the chosen options. */
export const selectionChip = (page: Page, name: string): Locator =>
  page.getByTestId('selection-chip').filter({ hasText: name });

export const toast = (page: Page, text: string): Locator =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** The dialog titled `title` (Mantine modals and drawers both carry role="dialog"). */
export const dialog = (page: Page, title: string | RegExp): Locator => page.getByRole('dialog', { name: title });

/** Image or video generation (the labels of the segmented switch). */
export async function chooseGenerationMode(page: Page, mode: 'Image' | 'Vidéo'): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Type de génération' }).locator('label', { hasText: mode }).click();
  await expect(page.getByRole('radio', { name: mode })).toBeChecked();
}
