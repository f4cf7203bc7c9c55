import { expect, RENDER_TIMEOUT, test, type Locator, type Page } from './test';
import { createCreation, newPerson, publishCreation, samplePhoto, signUpThroughApi, uniqueLabel } from './support';

/**
 * How long a deletion can be taken back (UNDO_DELETE_MS in the web app). The journeys that let it
 * run out do so on the page's clock, installed before the gallery opens, rather than wait for it.
 */
const UNDO_MS = 6_000;

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function selectAll(page: Page) {
  await page.getByRole('button', { name: 'Sélectionner' }).click();
  await page.getByRole('button', { name: 'Tout sélectionner' }).click();
  await expect(page.getByText('3 sélectionnée(s)')).toBeVisible();
}

/** Confirms the deletion asked, then takes it back from its toast: the cards come back, after a reload too. */
async function confirmThenUndo(
  page: Page,
  cards: Locator,
  toastTitle: string,
  counts: { before: number; after: number },
) {
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(cards).toHaveCount(counts.after);
  await toast(page, toastTitle).getByRole('button', { name: 'Annuler' }).click();
  await expect(toast(page, 'Suppression annulée')).toBeVisible();
  await expect(cards).toHaveCount(counts.before);
  await page.reload();
  await expect(cards).toHaveCount(counts.before);
}

test('a batch delete asks first, can be taken back for a few seconds, and then goes through', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Inès'));
  const label = uniqueLabel('Aquarelle');
  for (const seed of [1, 2, 3]) await createCreation(page.request, await samplePhoto(page, seed), label);
  await page.clock.install();
  await page.goto('/gallery');
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(3);

  // The first tap only asks; "Annuler" in the question keeps everything.
  await selectAll(page);
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(page.getByText('Supprimer 3 image(s) ?', { exact: false })).toBeVisible();
  await confirmThenUndo(page, cards, 'Images supprimées', { before: 3, after: 0 });

  // Not taken back: the deletion reaches the server once the toast has gone.
  await selectAll(page);
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  const deleted = page.waitForResponse((response) => response.url().includes('gallery.deleteMany'));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(cards).toHaveCount(0);
  await page.clock.fastForward(UNDO_MS);
  expect((await deleted).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Aucune image')).toBeVisible();
});

test('a batch deletion still open to "Annuler" is sent when the page is left', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Léon'));
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

test('deleting one image can be taken back like a batch, and otherwise goes through', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Rose'));
  const label = uniqueLabel('Pastel');
  for (const seed of [7, 8]) await createCreation(page.request, await samplePhoto(page, seed), label);
  await page.clock.install();
  await page.goto('/gallery');
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(2);

  await cards.first().getByRole('button', { name: "Supprimer l'image" }).click();
  await expect(page.getByText('Supprimer cette image ? Vous pourrez annuler pendant quelques secondes.')).toBeVisible();
  await confirmThenUndo(page, cards, 'Image supprimée', { before: 2, after: 1 });

  await cards.first().getByRole('button', { name: "Supprimer l'image" }).click();
  const deleted = page.waitForResponse((response) => response.url().includes('gallery.deleteMany'));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(cards).toHaveCount(1);
  await page.clock.fastForward(UNDO_MS);
  expect((await deleted).status()).toBe(200);
  await page.reload();
  await expect(cards).toHaveCount(1);
});

test('deleting a published image says it leaves the public feed, and it does', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Lina'));
  const published = uniqueLabel('Publiée');
  const kept = uniqueLabel('Privée');
  const post = await publishCreation(page.request, await samplePhoto(page, 9), published);
  expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(200);
  await createCreation(page.request, await samplePhoto(page, 10), kept);
  await page.clock.install();
  await page.goto('/gallery');
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(2);

  // A private image's question says nothing of the feed.
  await cards.filter({ hasText: kept }).getByRole('button', { name: "Supprimer l'image" }).click();
  await expect(page.getByText('Supprimer cette image ? Vous pourrez annuler pendant quelques secondes.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();

  // A batch with a published image among others says how many leave the feed.
  await page.getByRole('button', { name: 'Sélectionner' }).click();
  await page.getByRole('button', { name: 'Tout sélectionner' }).click();
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(
    page.getByText(
      'Supprimer 2 image(s) ? Une est publiée : elle disparaîtra aussi du feed public. Vous pourrez annuler pendant quelques secondes.',
    ),
  ).toBeVisible();
  // Named: the single image's dialog may still be closing beside it.
  await page.getByRole('dialog', { name: 'Supprimer', exact: true }).getByRole('button', { name: 'Annuler' }).click();
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Annuler' }).click();

  await cards.filter({ hasText: published }).getByRole('button', { name: "Supprimer l'image" }).click();
  await expect(
    page.getByText(
      'Supprimer cette image ? Elle est publiée : elle disparaîtra aussi du feed public. Vous pourrez annuler pendant quelques secondes.',
    ),
  ).toBeVisible();
  const deleted = page.waitForResponse((response) => response.url().includes('gallery.deleteMany'));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(cards).toHaveCount(1);
  await page.clock.fastForward(UNDO_MS);
  expect((await deleted).status()).toBe(200);
  expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);
});

test('deleting a video can be taken back like an image, and otherwise goes through', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Jade'));
  const upload = await page.request.post('/api/upload', {
    multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(page, 14) } },
  });
  const { imagePath } = (await upload.json()) as { imagePath: string };
  const accepted = await page.request.post('/api/generate-video', {
    data: { imageUrl: imagePath, prompt: 'Travelling lent' },
    headers: { prefer: 'respond-async' },
  });
  expect(accepted.status(), await accepted.text()).toBe(202);
  const { jobId } = (await accepted.json()) as { jobId: number };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${jobId}`)).json()) as { status: string }).status, {
      timeout: RENDER_TIMEOUT,
    })
    .toBe('succeeded');

  await page.clock.install();
  await page.goto('/gallery?tab=videos');
  const cards = page.getByTestId('video-card');
  await expect(cards).toHaveCount(1);
  // Its poster is the small version of the picture, not the whole one.
  await expect(cards.locator('img')).toHaveAttribute('src', /\?w=320$/);
  await cards.getByRole('button', { name: 'Supprimer la vidéo' }).click();
  await expect(page.getByText('Supprimer cette vidéo ? Vous pourrez annuler pendant quelques secondes.')).toBeVisible();
  await confirmThenUndo(page, cards, 'Vidéo supprimée', { before: 1, after: 0 });

  await cards.getByRole('button', { name: 'Supprimer la vidéo' }).click();
  const deleted = page.waitForResponse((response) => response.url().includes('videos.delete'));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Aucune vidéo')).toBeVisible();
  await page.clock.fastForward(UNDO_MS);
  expect((await deleted).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Aucune vidéo')).toBeVisible();
});
