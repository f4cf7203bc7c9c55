import { expect, PHONE, RENDER_TIMEOUT, test } from './test';
import { newPerson, samplePhoto, signUpThroughApi, submitSignUp } from './support';
import {
  chooseOption,
  isPhone,
  openStudio,
  selectionChip,
  stageImage,
  studioCredits,
  toast,
  uploadToStudio,
} from './studio-support';

test(
  'a visitor looks around with 0 credits, RUN asks to sign in, and their picture and choices survive signing up',
  { tag: PHONE },
  async ({ page }, testInfo) => {
    await openStudio(page);
    const login = page.getByTestId('studio-login-modal');
    // The desktop studio greets a visitor with the sign-in modal; the phone screen waits for RUN.
    if (!isPhone(testInfo)) await page.getByRole('button', { name: 'Continuer sans compte' }).click();
    await expect(login).toHaveCount(0);
    expect(await studioCredits(page)).toBe(0);
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

test('a result edited again is named, not sent again: one call, its before is the first result, the balance from the answer', async ({
  page,
}) => {
  await signUpThroughApi(page, newPerson('Lucie'));
  await openStudio(page);
  const startCredits = await studioCredits(page);
  await uploadToStudio(page, { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(page, 9) });
  await chooseOption(page, 'Style', 'Aquarelle');
  await page.getByTestId('studio-run').click();
  await expect(stageImage(page)).toHaveAttribute('src', /^\/api\/media\/results\//, { timeout: RENDER_TIMEOUT });
  const first = (await stageImage(page).getAttribute('src'))!;

  // What the browser asks for while the result is edited again: the API's paths and tRPC procedures.
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc/')) asked.push(...pathname.slice('/trpc/'.length).split(','));
    else if (pathname.startsWith('/api/') && request.method() !== 'GET') asked.push(pathname);
  });
  await chooseOption(page, 'Style', 'Pop art');
  await page.getByTestId('studio-run').click();
  await expect(page.getByRole('button', { name: 'Résultat 2' })).toBeVisible({ timeout: RENDER_TIMEOUT });
  const second = (await stageImage(page).getAttribute('src'))!;
  expect(second).toMatch(/^\/api\/media\/results\//);
  expect(second).not.toBe(first);
  expect(asked.filter((name) => name === 'transform.runImage')).toHaveLength(1);
  expect(asked).not.toContain('/api/upload');
  expect(asked).not.toContain('media.setLastUsedImage');
  await expect.poll(() => studioCredits(page)).toBe(startCredits - 100);

  // Made from the first result itself, and the picture the studio reopens on.
  await page.getByRole('button', { name: 'Avant / après' }).click();
  await expect(page.getByRole('img', { name: "Image d'origine" })).toHaveAttribute('src', first);
  await page.getByRole('button', { name: 'Fermer' }).click();
  await page.reload();
  await expect(stageImage(page)).toHaveAttribute('src', second, { timeout: 20_000 });
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
