import { expect, PHONE, RENDER_TIMEOUT, test } from './test';
import { newPerson, samplePhoto, signUpThroughApi, submitSignUp } from './support';
import { chooseOption, isPhone, openStudio, selectionChip, stageImage, toast, uploadToStudio } from './studio-support';

test(
  "a visitor's picture and choices survive signing up, and they come back to the studio",
  { tag: PHONE },
  async ({ page }, testInfo) => {
    await openStudio(page);
    const login = page.getByTestId('studio-login-modal');
    if (!isPhone(testInfo)) await page.getByRole('button', { name: 'Continuer sans compte' }).click();
    await uploadToStudio(page, { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(page, 7) });
    await expect(stageImage(page)).toHaveAttribute('src', /^blob:/);
    const picked = await stageImage(page).evaluate(
      (image: HTMLImageElement) => `${image.naturalWidth}x${image.naturalHeight}`,
    );
    await chooseOption(page, 'Style', 'Aquarelle');
    await page.getByTestId('studio-run').click();
    await login.getByRole('button', { name: 'Se connecter ou créer un compte' }).click();

    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/create');
    await submitSignUp(page, newPerson('Maëlle'));
    await page.waitForURL((url) => url.pathname === '/create');
    await expect(stageImage(page)).toHaveAttribute('src', /^blob:/);
    expect(
      await stageImage(page).evaluate((image: HTMLImageElement) => `${image.naturalWidth}x${image.naturalHeight}`),
    ).toBe(picked);
    await expect(selectionChip(page, 'Aquarelle')).toBeVisible();

    // Signed in now, RUN goes through with the kept picture and choices.
    await page.getByTestId('studio-run').click();
    await expect(stageImage(page)).toHaveAttribute('src', /^\/api\/media\/results\//, { timeout: RENDER_TIMEOUT });
  },
);

test('after a result: back to the original, the same options again, and before/after after a reload', async ({
  page,
}) => {
  await signUpThroughApi(page, newPerson('Anouk'));
  await openStudio(page);
  await uploadToStudio(page, { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(page, 8) });
  await chooseOption(page, 'Style', 'Aquarelle');
  await page.getByTestId('studio-run').click();
  await expect(stageImage(page)).toHaveAttribute('src', /^\/api\/media\/results\//, { timeout: RENDER_TIMEOUT });
  await expect(page.getByTestId('selection-chip')).toHaveCount(0);

  await page.getByRole('button', { name: 'Mêmes réglages' }).click();
  await expect(selectionChip(page, 'Aquarelle')).toBeVisible();
  await page.getByRole('button', { name: "Repartir de l'original" }).click();
  await expect(stageImage(page)).toHaveAttribute('src', /^\/api\/media\/(?!results\/)/);
  await expect(page.getByTestId('result-actions')).toHaveCount(0);
  await expect(selectionChip(page, 'Aquarelle')).toBeVisible();

  // The studio reopens on the last result, and the server still knows what it was made from.
  await page.reload();
  await expect(stageImage(page)).toHaveAttribute('src', /^\/api\/media\/results\//, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Avant / après' }).click();
  await expect(page.getByRole('slider', { name: 'Position du comparateur' })).toHaveValue('50');
  await expect(page.getByRole('img', { name: 'Image transformée' })).toBeVisible();
});

test('a corrupt file is refused at import with its message, and the choices stay', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Yanis'));
  await openStudio(page);
  const before = await stageImage(page).getAttribute('src');
  await chooseOption(page, 'Style', 'Aquarelle');
  await uploadToStudio(page, {
    name: 'abimee.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('ceci ressemble à une photo mais ne l’est pas'),
  });
  await expect(toast(page, 'Erreur lors de la lecture du fichier. Veuillez réessayer.')).toBeVisible();
  await expect(stageImage(page)).toHaveAttribute('src', before!);
  await expect(selectionChip(page, 'Aquarelle')).toBeVisible();
});
