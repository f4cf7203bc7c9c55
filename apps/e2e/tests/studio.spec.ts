import { writeFile } from 'node:fs/promises';
import { expect, PHONE, RENDER_TIMEOUT, test } from './test';
import { ports } from '../support/stripe-settings';
import { createCreation, newPerson, realPhoto, registerThroughApi, samplePhoto, signUpThroughApi } from './support';
import {
  chooseGenerationMode,
  chooseOption,
  dialog,
  isPhone,
  openCategory,
  openStudio,
  selectionChip,
  stageImage,
  studioCredits,
  toast,
  uploadToStudio,
} from './studio-support';

test(
  'a photo is uploaded, styled, lit and coloured, transformed for 50 credits, compared and found in the gallery',
  { tag: PHONE },
  async ({ page }) => {
    await signUpThroughApi(page, newPerson('Élise'));
    await openStudio(page);
    const startCredits = await studioCredits(page);
    expect(startCredits).toBeGreaterThanOrEqual(50);
    await expect(page.getByTestId('studio-run')).toBeDisabled();

    await uploadToStudio(page, { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(page, 4) });
    await expect(stageImage(page)).toHaveAttribute('src', /^blob:/);
    // Every category is in sight after an import, the engine's notice down to one line until asked.
    const lastCategory = page.getByRole('group', { name: 'Catégories' }).getByRole('button', { name: /^HD/ });
    await expect(lastCategory).toBeInViewport();
    const note = page.getByTestId('engine-note');
    await expect(note).toContainText('Moteur local, sans IA générative');
    await expect(note).not.toContainText('Personnage, action, lieu et tenue');
    await note.getByRole('button', { name: 'En savoir plus' }).click();
    await expect(note).toContainText('Personnage, action, lieu et tenue');
    await note.getByRole('button', { name: 'Réduire' }).click();

    await chooseOption(page, 'Style', 'Aquarelle');
    await chooseOption(page, 'Lumière', 'Heure dorée');
    await expect(selectionChip(page, 'Aquarelle')).toBeVisible();
    await expect(selectionChip(page, 'Heure dorée')).toBeVisible();
    await page.getByRole('button', { name: 'Couleur globale' }).click();
    await page
      .getByRole('group', { name: 'Palette de couleurs' })
      .getByRole('button', { name: 'Rouge', exact: true })
      .click();
    await expect(page.getByTestId('selection-chips')).toContainText('Rouge');

    await page.getByTestId('studio-run').click();
    await expect(page.getByRole('button', { name: 'Résultat 1' })).toBeVisible({ timeout: RENDER_TIMEOUT });
    await expect(stageImage(page)).toHaveAttribute('src', /^\/api\/media\/results\//);
    const resultUrl = (await stageImage(page).getAttribute('src'))!;
    await expect.poll(() => studioCredits(page)).toBe(startCredits - 50);
    await expect(page.getByTestId('selection-chip')).toHaveCount(0);
    // The result's views and actions sit under the picture, never over the subject; the options stay in sight.
    const picture = await stageImage(page).boundingBox();
    const compare = await page.getByRole('button', { name: 'Avant / après' }).boundingBox();
    expect(compare!.y).toBeGreaterThanOrEqual(picture!.y + picture!.height);
    await expect(lastCategory).toBeInViewport();

    // Full-screen before/after: the range moves the divider and goes back to the middle on close.
    await page.getByRole('button', { name: 'Avant / après' }).click();
    const range = page.getByRole('slider', { name: 'Position du comparateur' });
    await expect(range).toHaveValue('50');
    await range.fill('20');
    await expect(range).toHaveValue('20');
    await expect(page.getByRole('img', { name: 'Image transformée' })).toBeVisible();
    await page.getByRole('button', { name: 'Fermer' }).click();
    await page.getByRole('button', { name: 'Avant / après' }).click();
    await expect(range).toHaveValue('50');
    await page.getByRole('button', { name: 'Fermer' }).click();

    // Back to the source, then the result picked from the gallery sheet comes back into the frame.
    await page
      .getByRole('button', { name: /^Image source/ })
      .first()
      .click();
    await expect(stageImage(page)).not.toHaveAttribute('src', resultUrl);
    await page.getByRole('button', { name: 'Galerie' }).click();
    await expect(page.getByRole('tab', { name: 'Images (1)' })).toBeVisible();
    await page.getByRole('dialog').locator(`img[src^="${resultUrl}"]`).click();
    await expect(stageImage(page)).toHaveAttribute('src', resultUrl);
  },
);

// The phone keeps them in its gallery sheet (gallery-previews.spec.ts).
test("the desktop strip offers the gallery's pictures", async ({ page }) => {
  await signUpThroughApi(page, newPerson('Maëlle'));
  const made = [
    await createCreation(page.request, await samplePhoto(page, 2), 'Aquarelle'),
    await createCreation(page.request, await samplePhoto(page, 3), 'Pop art'),
  ];
  await openStudio(page);
  const galleryThumbs = page.getByTestId('studio-strip').getByRole('button', { name: /^Galerie/ });
  await expect(galleryThumbs).toHaveCount(2);
  await galleryThumbs.last().click();
  await expect(stageImage(page)).toHaveAttribute('src', made[0]!.transformedImagePath);
});

test(
  'a special action opens its dialog: into a sub-category, back up the breadcrumb, and pick',
  { tag: PHONE },
  async ({ page }, testInfo) => {
    await signUpThroughApi(page, newPerson('Bastien'));
    await openStudio(page);
    await page.getByRole('group', { name: 'Catégories' }).getByRole('button', { name: /^Quoi/ }).click();
    // The local engine renders no action: the category says so, and shows the cloud engine's on demand.
    await page.getByRole('button', { name: 'Voir les options du moteur cloud' }).click();
    await page.getByRole('button', { name: /^Transport/ }).click();

    const groupDialog = page.getByTestId('action-group-dialog');
    await expect(groupDialog.getByText('Terrestre')).toBeVisible();
    await groupDialog.getByRole('button', { name: /^Aérien/ }).click();
    await expect(groupDialog.getByRole('button', { name: 'Montgolfière', exact: true })).toBeVisible();
    await expect(groupDialog.getByLabel("Fil d'Ariane")).toContainText('Aérien');

    await groupDialog.getByRole('button', { name: 'Retour' }).click();
    await expect(groupDialog.getByRole('button', { name: /^Terrestre/ })).toBeVisible();
    await expect(groupDialog.getByRole('button', { name: 'Montgolfière', exact: true })).toHaveCount(0);

    if (isPhone(testInfo)) {
      // On a phone the group took the place of the category sheet: backing up from it goes back there.
      await groupDialog.getByRole('button', { name: 'Retour' }).click();
      await expect(dialog(page, 'Quoi')).toBeVisible();
      await page.getByRole('button', { name: /^Transport/ }).click();
    }
    await groupDialog.getByRole('button', { name: /^Nautique/ }).click();
    await groupDialog.getByRole('button', { name: 'Voilier', exact: true }).click();
    await expect(groupDialog).toHaveCount(0);
    await expect(selectionChip(page, 'Voilier')).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Catégories' }).getByRole('button', { name: 'Quoi : Voilier' }),
    ).toBeVisible();
  },
);

test('a file over 10 MB and a text file are refused with their messages', async ({ page }, testInfo) => {
  await signUpThroughApi(page, newPerson('Noé'));
  await openStudio(page);
  const before = await stageImage(page).getAttribute('src');

  // Chosen from the disk, as a person does: the browser reads the file there (a buffer would cross
  // the DevTools protocol, several seconds for 12 MB).
  const huge = testInfo.outputPath('enorme.jpg');
  await writeFile(huge, Buffer.alloc(12 * 1024 * 1024, 1));
  await page.getByTestId('studio-upload-input').setInputFiles(huge);
  await expect(toast(page, 'Fichier trop volumineux. Taille maximale : 10MB')).toBeVisible();
  await uploadToStudio(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
  await expect(toast(page, 'Format non supporté. Veuillez sélectionner une image.')).toBeVisible();
  await expect(stageImage(page)).toHaveAttribute('src', before!);
});

test(
  'RUN with fewer than 50 credits shows the credits dialog with the balance',
  { tag: PHONE },
  async ({ page }, testInfo) => {
    // A member of the server without a launch offer: no credits.
    const origin = `http://127.0.0.1:${ports.appWithoutPayments}`;
    await registerThroughApi(page.request, newPerson('Capucine'), { origin });
    await openStudio(page, `${origin}/create`);
    await expect.poll(() => studioCredits(page)).toBe(0);
    await chooseOption(page, 'Style', 'Aquarelle');
    // RUN says its price, as the server quotes it: an image's on the local engine.
    await expect(page.getByTestId('studio-run')).toHaveText('RUN · 50 crédits');
    await page.getByTestId('studio-run').click();
    const credits = dialog(page, 'Crédits insuffisants');
    await expect(credits).toBeVisible();
    await expect(credits).toContainText("Cette transformation coûte 50 crédits. Vous n'avez que 0 crédits.");
    // The phone screen checks the balance itself before sending anything, and says so.
    if (isPhone(testInfo))
      await expect(credits).toContainText('Vous avez besoin de 50 crédits pour cette transformation.');
    await expect(credits.locator('a[href="/checkout"]')).toBeVisible();
  },
);

test('with the local engine, an option only the cloud renders says so on its tile, and RUN explains it without charging', async ({
  page,
}) => {
  await signUpThroughApi(page, newPerson('Octave'));
  await openStudio(page);
  const startCredits = await studioCredits(page);
  await uploadToStudio(page, { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(page, 5) });
  // The tiles are read before the pick: on a phone, picking closes the sheet.
  await openCategory(page, 'Angle');
  // What the local engine renders comes first; the cloud engine's options are one switch away.
  await expect(page.getByRole('button', { name: 'Profil', exact: true })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Disponibles ici' }).click();
  await expect(page.getByRole('button', { name: 'Profil', exact: true })).toContainText('Moteur cloud uniquement');
  await expect(page.getByRole('button', { name: 'Gros plan', exact: true })).not.toContainText('Moteur cloud');
  await page.getByRole('button', { name: 'Profil', exact: true }).click();
  await page.getByTestId('studio-run').click();
  const explanation = dialog(page, 'Moteur cloud uniquement');
  await expect(explanation).toContainText("L'option « Profil » est disponible avec le moteur cloud uniquement");
  await expect(explanation).toContainText("Aucun crédit n'a été débité.");
  await expect.poll(() => studioCredits(page)).toBe(startCredits);
});

test("a member's options are previewed on their photo, and on the next one they bring", async ({ page }) => {
  await signUpThroughApi(page, newPerson('Irène'));
  await openStudio(page);
  // While the small copy is on its way (held here), the tiles wait for it rather than show the stock portrait.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/option-samples', async (route) => {
    await held;
    await route.continue();
  });
  await uploadToStudio(page, { name: 'cafe.jpg', mimeType: 'image/jpeg', buffer: await realPhoto('coffee.jpg') });
  await openCategory(page, 'Lumière');
  const golden = page.getByRole('button', { name: 'Heure dorée', exact: true });
  await expect(golden).toBeVisible();
  await expect(golden.locator('img')).toHaveCount(0);
  release();
  // Then they show the member's cup under each light, drawn by the server from the copy.
  // Drawn on demand: the first tile waits for the server's models, as a render does.
  const onSample = /^\/api\/option-samples\/([0-9a-f]{40})\//;
  await expect(golden.locator('img')).toHaveAttribute('src', onSample, { timeout: RENDER_TIMEOUT });
  await expect(golden.locator('img')).toHaveAttribute('src', /\/lighting-golden-hour\.jpg$/);
  const cupSample = onSample.exec((await golden.locator('img').getAttribute('src'))!)![1];
  await expect
    .poll(() => golden.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth), {
      timeout: RENDER_TIMEOUT,
    })
    .toBe(256);

  // Another photo: the same light is previewed on her.
  await uploadToStudio(page, {
    name: 'astronaute.jpg',
    mimeType: 'image/jpeg',
    buffer: await realPhoto('astronaut.jpg'),
  });
  await openCategory(page, 'Lumière');
  await expect
    .poll(async () => onSample.exec((await golden.locator('img').getAttribute('src')) ?? '')?.[1], {
      timeout: RENDER_TIMEOUT,
    })
    .not.toBe(cupSample);
});

test("tiles refused past the member's preview rate show the stock portrait, without a word of error", async ({
  page,
}) => {
  await signUpThroughApi(page, newPerson('Quentin'));
  await openStudio(page);
  // Every tile of the member's photo refused as the server refuses past the preview rate.
  const refused: string[] = [];
  await page.route(/\/api\/option-samples\/[0-9a-f]{40}\/[^/]+\.jpg$/, async (route) => {
    refused.push(route.request().url());
    await route.fulfill({
      status: 429,
      headers: { 'retry-after': '42' },
      json: { message: "Trop d'aperçus demandés en peu de temps. Réessayez dans 42 s." },
    });
  });
  await uploadToStudio(page, { name: 'cafe.jpg', mimeType: 'image/jpeg', buffer: await realPhoto('coffee.jpg') });
  await openCategory(page, 'Lumière');
  const golden = page.getByRole('button', { name: 'Heure dorée', exact: true });
  await expect(golden.locator('img')).toHaveAttribute('src', '/api/thumbnail/lighting-golden-hour.jpg', {
    timeout: RENDER_TIMEOUT,
  });
  await expect
    .poll(() => golden.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  expect(refused.some((url) => url.endsWith('/lighting-golden-hour.jpg'))).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/Trop d'aperçus|erreur/i)).toHaveCount(0);
});

test('video mode shows the generation live, stage and percentage, then the playable video', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Victor'));
  await openStudio(page);
  await chooseGenerationMode(page, 'Vidéo');
  await page.getByTestId('studio-run').click();
  await expect(page.getByTestId('generation-progress')).toHaveText(
    /^(Animation en cours|Lecture de l'image|Enregistrement du résultat) · \d+ %$/,
    { timeout: 20_000 },
  );
  await expect(page.getByRole('progressbar', { name: 'Progression de la génération' })).toBeVisible();

  const video = page.locator('video');
  await expect(video).toBeVisible({ timeout: 45_000 });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByRole('button', { name: 'Vidéo 1' })).toBeVisible();
});

test('automatic mode transforms with no option chosen and names the preset it applied', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Aurore'));
  await openStudio(page);
  const startCredits = await studioCredits(page);
  await page.getByRole('switch', { name: 'Auto', exact: true }).check();
  await expect(page.getByTestId('selection-chip')).toHaveCount(0);
  await expect(page.getByTestId('studio-run')).toBeEnabled();

  await page.getByTestId('studio-run').click();
  await expect(page.getByRole('button', { name: 'Résultat 1' })).toBeVisible({ timeout: RENDER_TIMEOUT });
  await expect(page.getByTestId('preset-note')).toContainText('Préréglage auto : ');
  await expect.poll(() => studioCredits(page)).toBe(startCredits - 50);
});

test('?logout=true forgets the handed-over pictures, asks to sign in and cleans the address', async ({ page }) => {
  await page.goto('/auth');
  await page.evaluate(() =>
    localStorage.setItem('selectedLibraryImages', JSON.stringify(['/api/art/welcome-ville.jpg'])),
  );
  await openStudio(page, '/create?logout=true');
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByTestId('studio-login-modal')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('selectedLibraryImages'))).toBeNull();
});
