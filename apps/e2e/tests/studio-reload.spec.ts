import { expect, test, type Page } from './test';
import { newPerson, samplePhoto, signUpThroughApi } from './support';
import { openStudio, selectionChip, stageImage, studioCredits } from './studio-support';

// One long enlargement at a time: two at once on two cores take minutes.
test.describe.configure({ mode: 'serial' });

/**
 * A generation long enough to outlast a reload (ESRGAN doubles a 0.3 MP photo for several seconds
 * of CPU), asked for as the studio's RUN asks (upload, then transform with the visit's key), then
 * the studio opened: it finds the job running and shows its stage and percentage. The engine keeps
 * a photo's enlargement for its next renders: each test enlarges a photo of its own, or the second
 * would end before the studio could show it running.
 */
async function startLongGeneration(page: Page, seed: number): Promise<void> {
  const photo = await samplePhoto(page, seed, { width: 640, height: 480 });
  const upload = await page.request.post('/api/upload', {
    multipart: {
      image: { name: 'grande.jpg', mimeType: 'image/jpeg', buffer: photo },
      selection: JSON.stringify({ upscale: { id: 'upscale-2x' } }),
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { id } = (await upload.json()) as { id: number };
  // With the visit's key, as the studio sends it: its result joins the gallery with its payment.
  const accepted = await page.request.post(`/api/transform/${id}`, {
    headers: { prefer: 'respond-async' },
    data: { sessionKey: String(Date.now()) },
  });
  expect(accepted.status(), await accepted.text()).toBe(202);
  await openStudio(page);
  await expect(page.getByTestId('generation-progress')).toHaveText(/ · \d+ %$/, { timeout: 30_000 });
}

/** The signed-in user's gallery, as its owner reads it. */
async function galleryItems(page: Page): Promise<{ transformedImagePath: string }[]> {
  const { id } = (await (await page.request.get('/api/user')).json()) as { id: number };
  const first = (await (await page.request.get(`/api/gallery/${id}`)).json()) as {
    gallery: { transformedImagePath: string }[];
  };
  return first.gallery;
}

test('a generation outlives a reload: its progress comes back, then its result, in the frame and the gallery, paid once', async ({
  page,
}) => {
  await signUpThroughApi(page, newPerson('Rachel'));
  await startLongGeneration(page, 11);
  await expect.poll(() => studioCredits(page)).toBe(450);
  await page.reload();
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 20_000 });
  // The studio finds its running job again: its stage and percentage, and a way to stop it.
  await expect(page.getByTestId('generation-progress')).toHaveText(/ · \d+ %$/, { timeout: 20_000 });
  await expect(page.getByTestId('generation-cancel')).toBeVisible();
  await expect(stageImage(page)).toHaveAttribute('src', /^\/api\/media\/results\//, { timeout: 60_000 });
  await expect.poll(() => studioCredits(page)).toBe(450);
  const items = await galleryItems(page);
  expect(items).toHaveLength(1);
  expect(await stageImage(page).getAttribute('src')).toBe(items[0]!.transformedImagePath);
  // The job kept its options: "Mêmes réglages" gives them back as after a RUN of this visit.
  await page.getByRole('button', { name: 'Mêmes réglages' }).click();
  await expect(selectionChip(page, 'Agrandir ×2')).toBeVisible();
});

test('a running generation can be canceled from the studio, and costs nothing', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Anouk'));
  await startLongGeneration(page, 12);
  await page.getByTestId('generation-cancel').click();
  await expect(page.getByTestId('generation-progress')).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => studioCredits(page)).toBe(500);
  expect(await galleryItems(page)).toEqual([]);
  await expect(stageImage(page)).not.toHaveAttribute('src', /^\/api\/media\/results\//);
});
