import { readFile } from 'node:fs/promises';
import { expect, type Page, PHONE, test } from './test';
import { createCreation, newPerson, samplePhoto, signUpThroughApi, transformPhoto, uniqueLabel } from './support';

/** Signs a new member up and saves one creation per label, oldest first. */
async function memberWithCreations(page: Page, labels: readonly string[]) {
  await signUpThroughApi(page, newPerson('Camille'));
  const creations = [];
  for (const [index, label] of labels.entries())
    creations.push(await createCreation(page.request, await samplePhoto(page, index + 1), label));
  return creations;
}

/** The toast that shows `text` (the one it replaces may still be fading out beside it). */
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('filter by option and search, then select three images, download them and delete them together', async ({
  page,
}) => {
  const watercolour = uniqueLabel('Aquarelle');
  const pop = uniqueLabel('Pop art');
  const sketch = uniqueLabel('Croquis');
  await memberWithCreations(page, [watercolour, watercolour, pop, sketch]);

  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Galerie' })).toBeVisible();
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(4);
  const chips = page.getByRole('group', { name: 'Filtrer par option' });
  for (const name of ['Tous', watercolour, pop, sketch])
    await expect(chips.getByText(name, { exact: true })).toBeVisible();
  await chips.getByText(watercolour, { exact: true }).click();
  await expect(cards).toHaveCount(2);
  await chips.getByText('Tous', { exact: true }).click();
  await page.getByPlaceholder('Rechercher par style...').fill(pop.toLowerCase());
  await expect(cards).toHaveCount(1);
  await page.getByPlaceholder('Rechercher par style...').fill('aucun style de ce nom');
  await expect(page.getByText('Aucun résultat')).toBeVisible();
  await page.getByRole('button', { name: 'Effacer les filtres' }).click();
  await expect(cards).toHaveCount(4);

  await page.getByRole('button', { name: 'Sélectionner' }).click();
  const boxes = page.getByRole('checkbox');
  for (const index of [0, 1, 2]) await boxes.nth(index).check();
  await expect(page.getByText('3 sélectionnée(s)')).toBeVisible();

  // One ZIP, its pictures named by their options and day.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger', exact: true }).click();
  await expect(toast(page, '3 fichier(s) téléchargé(s)')).toBeVisible();
  expect((await download).suggestedFilename()).toMatch(/^atelier-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = await readFile(await (await download).path());
  const names = archive.toString('latin1').match(/atelier-[a-z0-9-]+\.jpg/g) ?? [];
  // Each name appears twice in a ZIP: its entry and the central directory.
  expect(new Set(names).size).toBe(3);
  expect([...names].every((name) => /^atelier-[a-z0-9-]+-\d{4}-\d{2}-\d{2}(-\d)?\.jpg$/.test(name))).toBe(true);

  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(toast(page, 'Images supprimées')).toBeVisible();
  await expect(toast(page, '3 image(s) supprimée(s) avec succès')).toBeVisible();
  await expect(cards).toHaveCount(1);
  // The selection mode has ended.
  await expect(page.getByRole('button', { name: 'Tout sélectionner' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.reload();
  await expect(cards).toHaveCount(1);
});

test('an image is viewed full screen, compared before/after, downloaded and deleted', async ({ page }) => {
  const label = uniqueLabel('Aquarelle');
  const [creation] = await memberWithCreations(page, [label]);
  const filename = creation!.transformedImagePath.split('/').pop()!;

  await page.goto('/gallery');
  const card = page.getByTestId('image-card');
  await card.getByRole('button', { name: 'Voir' }).click();
  const viewer = page.getByRole('dialog', { name: label });
  await expect(viewer.getByRole('img', { name: label })).toHaveAttribute('src', creation!.transformedImagePath);

  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Télécharger' }).click();
  expect((await download).suggestedFilename()).toBe(`atelier-${filename}`);
  await expect(toast(page, 'Téléchargement réussi')).toBeVisible();

  await viewer.getByRole('link', { name: 'Avant / après' }).click();
  await expect(page).toHaveURL(new RegExp(`/stitch/${filename}$`));
  const composite = page.getByRole('img', { name: /original à gauche/ });
  await expect.poll(() => composite.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/gallery$/);

  await card.getByRole('button', { name: "Supprimer l'image" }).click();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(toast(page, 'Image supprimée')).toBeVisible();
  await expect(page.getByText('Aucune image')).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a video shows "EN COURS" and its progress until it is made, turns playable without a reload, downloads, is published and shared by its public page, and is deleted', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpThroughApi(page, newPerson('Lucas'));
  const upload = await page.request.post('/api/upload', {
    multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(page, 9) } },
  });
  const { imagePath } = (await upload.json()) as { imagePath: string };
  const placeholder = await page.request.post('/api/videos/create-placeholder', {
    data: { sourceImagePath: imagePath, prompt: 'Travelling lent', placeholderId: 'e2e-video' },
  });
  expect(placeholder.status(), await placeholder.text()).toBe(200);

  await page.goto('/gallery?tab=videos');
  const card = page.getByTestId('video-card');
  await expect(card.getByText('EN COURS')).toBeVisible();
  await expect(card.getByTestId('video-source')).toHaveText('Local');
  await expect(card.getByRole('button', { name: 'Lire', exact: true })).toBeDisabled();

  // Asked to answer at once: the job is queued, and the card follows it live.
  const accepted = await page.request.post('/api/generate-video', {
    data: { imageUrl: imagePath, prompt: 'Travelling lent' },
    headers: { prefer: 'respond-async' },
  });
  expect(accepted.status(), await accepted.text()).toBe(202);
  const { jobId } = (await accepted.json()) as { jobId: number };
  await expect(card.getByTestId('video-progress')).toHaveText(/ · \d+ %$|^En file d'attente/);
  await expect(card.getByText('EN COURS')).toHaveCount(0, { timeout: 45_000 });
  const job = (await (await page.request.get(`/api/jobs/${jobId}`)).json()) as {
    status: string;
    result: { videoUrl: string };
  };
  expect(job.status).toBe('succeeded');
  const { videoUrl } = job.result;

  await card.getByRole('button', { name: 'Lire la vidéo' }).click();
  const player = page.getByTestId('video-player');
  await expect(player).toHaveAttribute('src', videoUrl);
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(player).toHaveCount(0);

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Télécharger la vidéo' }).click();
  expect((await download).suggestedFilename()).toMatch(/^atelier-video-\d+\.mp4$/);
  await expect(toast(page, 'Téléchargement réussi')).toBeVisible();

  await card.getByRole('button', { name: 'Rendre public' }).click();
  await expect(toast(page, 'Votre création a été publiée !')).toBeVisible();
  await card.getByRole('button', { name: 'Partager' }).click();
  await expect(toast(page, 'Lien copié')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${new URL('/p/', page.url()).href}\\d+$`));
  const shared = await page.request.get(link.replace('/p/', '/api/posts/'));
  expect(((await shared.json()) as { videoUrl: string }).videoUrl).toBe(videoUrl);

  await card.getByRole('button', { name: 'Supprimer la vidéo' }).click();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(toast(page, 'Vidéo supprimée')).toBeVisible();
  await expect(page.getByText('Aucune vidéo')).toBeVisible();
});

test('the image library hands two chosen images to the studio, and clears a corrupted selection', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Inès'));
  const results = [];
  for (const seed of [1, 2, 3]) results.push(await transformPhoto(page.request, await samplePhoto(page, seed)));
  // Any page of the site opens its storage; its health answer is the lightest.
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.setItem('selectedLibraryImages', '{pas du json'));

  await page.goto('/image-library');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedLibraryImages'))).toBeNull();
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('Aquarelle');
  await page.getByPlaceholder('Rechercher une image...').fill('introuvable');
  await expect(page.getByText('Aucune image trouvée')).toBeVisible();
  await page.getByPlaceholder('Rechercher une image...').fill('aquarelle');
  await expect(cards).toHaveCount(3);

  // Newest first: the last two transformed.
  await cards.nth(1).getByRole('checkbox').check();
  await cards.nth(0).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Utiliser (2)' }).click();
  await expect(page).toHaveURL(/\/mobile-transform$/);
  // The studio takes both as sources: the first in the frame, both in the strip; the hand-over key is emptied.
  await expect(page.getByRole('img', { name: 'Image à transformer' })).toHaveAttribute(
    'src',
    results[2]!.transformedImagePath,
  );
  const strip = page.getByTestId('studio-strip');
  await expect(strip.locator(`img[src^="${results[2]!.transformedImagePath}"]`)).toBeVisible();
  await expect(strip.locator(`img[src^="${results[1]!.transformedImagePath}"]`)).toBeVisible();
  await expect(strip.locator(`img[src^="${results[0]!.transformedImagePath}"]`)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('selectedLibraryImages'))).toBeNull();
});

test('the composite viewer says when there is no image or it cannot be shown', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Hugo'));
  await page.goto('/stitch/introuvable.jpg');
  await expect(page.getByText('Image non disponible')).toBeVisible();
  await page.goto('/stitch');
  await expect(page.getByText('Aucune image spécifiée')).toBeVisible();
  // Opened directly, 'Retour' leads to the gallery.
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
});

test('a visitor is told to sign in on the gallery and the library, once, in the page', async ({ page }) => {
  await page.goto('/gallery');
  await expect(page.getByRole('link', { name: 'Connexion' }).last()).toBeVisible();
  await page.goto('/image-library');
  await expect(page.getByRole('link', { name: 'Connexion' }).last()).toBeVisible();
  // The page says it: no toast repeats it.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});

test(
  'a heart marks an image as a favourite, kept after a reload, and the Favoris chip shows only those',
  { tag: PHONE },
  async ({ page }, testInfo) => {
    const watercolour = uniqueLabel('Aquarelle');
    const pop = uniqueLabel('Pop art');
    await memberWithCreations(page, [watercolour, pop]);

    await page.goto('/gallery');
    const cards = page.getByTestId('image-card');
    await expect(cards).toHaveCount(2);
    const chips = page.getByRole('group', { name: 'Filtrer par option' });
    // No favourite yet: no chip for them.
    await expect(chips.getByText('Favoris', { exact: true })).toHaveCount(0);
    const popCard = cards.filter({ hasText: pop });
    const heart = popCard.getByRole('button', { name: 'Favori' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    if (testInfo.project.name === 'phone') {
      const box = (await heart.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    // The heart did not open the picture under it.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.reload();
    await expect(cards.filter({ hasText: pop }).getByRole('button', { name: 'Favori' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(cards.filter({ hasText: watercolour }).getByRole('button', { name: 'Favori' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await chips.getByText('Favoris', { exact: true }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(pop);

    // Unmarking the last favourite empties the filter, which falls back to all.
    await cards.first().getByRole('button', { name: 'Favori' }).click();
    await expect(cards).toHaveCount(2);
    await expect(chips.getByText('Favoris', { exact: true })).toHaveCount(0);
  },
);
