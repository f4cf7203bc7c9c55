import { expect, type Locator, PHONE, test } from './test';
import { isPhone, openStudio } from './studio-support';
import { createCreation, newPerson, samplePhoto, signUpThroughApi, uniqueLabel } from './support';

/** The address the picture was loaded from, once it is loaded, and its width in pixels. */
async function loadedPicture(picture: Locator): Promise<{ url: string; width: number }> {
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeTruthy();
  return picture.evaluate((image: HTMLImageElement) => {
    const url = new URL(image.currentSrc);
    return { url: url.pathname + url.search, width: image.naturalWidth };
  });
}

test(
  'gallery, library and studio tiles load the pictures’ small versions; the viewer shows the whole one',
  { tag: PHONE },
  async ({ page }, testInfo) => {
    await signUpThroughApi(page, newPerson('Maël'));
    const label = uniqueLabel('Aquarelle');
    const creation = await createCreation(
      page.request,
      await samplePhoto(page, 11, { width: 2400, height: 1800 }),
      label,
    );
    const full = creation.transformedImagePath;
    const loaded: string[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/media/')) loaded.push(url.pathname + url.search);
    });

    for (const path of ['/gallery', '/image-library']) {
      await page.goto(path);
      const picture = await loadedPicture(page.getByTestId('image-card').locator('img'));
      // The width the card's size and the screen's density call for, never the 2400 px whole.
      expect(picture.url).toMatch(new RegExp(`^${full}\\?w=(320|640)$`));
      expect(picture.width).toBeLessThanOrEqual(640 * 1.5);
    }
    expect(loaded).not.toContain(full);

    // The studio offers the gallery's pictures in its strip (desktop) or its gallery sheet (phone),
    // not in the phone's strip.
    await openStudio(page);
    const stripGallery = page.getByTestId('studio-strip').getByRole('button', { name: /^Galerie/ });
    if (isPhone(testInfo)) {
      await expect(stripGallery).toHaveCount(0);
      await page.getByRole('button', { name: 'Galerie' }).click();
    }
    const tile = isPhone(testInfo)
      ? page.getByRole('dialog').getByRole('img', { name: label })
      : stripGallery.locator('img');
    expect((await loadedPicture(tile)).url).toMatch(new RegExp(`^${full}\\?w=(320|640)$`));

    await page.goto('/gallery');
    await page.getByTestId('image-card').getByRole('button', { name: 'Voir' }).click();
    const viewed = await loadedPicture(page.getByRole('dialog', { name: label }).getByRole('img', { name: label }));
    expect(viewed.url).toBe(full);
    expect(viewed.width).toBe(2400);
  },
);
