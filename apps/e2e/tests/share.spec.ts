import { expect, test, type Page } from './test';
import { newPerson, publishCreation, samplePhoto, signUpThroughApi, uniqueLabel } from './support';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('a shared post opens in a fresh browser with its preview tags, and closes once its author unpublishes it', async ({
  page,
  browser,
}, testInfo) => {
  // The share sheet of a phone, recorded: what the user would send.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => sessionStorage.setItem('e2e-shared', JSON.stringify(data)),
    });
  });
  await signUpThroughApi(page, newPerson('Inès'));
  const label = uniqueLabel('Aquarelle partagée');
  const creation = await publishCreation(page.request, await samplePhoto(page, 4), label);

  await page.goto('/');
  const card = page.getByTestId('post-card').filter({ hasText: label });
  await card.getByRole('button', { name: 'Partager' }).click();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('e2e-shared'))).not.toBeNull();
  const shared = JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-shared')))!) as {
    title: string;
    url: string;
  };
  expect(shared).toEqual({ title: label, url: new URL(`/p/${creation.id}`, page.url()).href });

  // What a link preview reads: the server's HTML, no script run.
  const html = await (await page.request.get(shared.url)).text();
  expect(html).toContain(`<meta property="og:title" content="${label} — Atelier" />`);
  expect(html).toContain(
    `<meta property="og:image" content="${new URL(creation.transformedImagePath, page.url()).href}" />`,
  );
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');

  const visitorContext = await browser.newContext({ ...testInfo.project.use, storageState: undefined });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(shared.url);
    await expect(visitor.getByRole('heading', { level: 1, name: label })).toBeVisible();
    const picture = visitor.getByRole('img', { name: `Création : ${label}` });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(visitor.getByRole('link', { name: 'Créer la vôtre' })).toBeVisible();
    await visitor.screenshot({ path: testInfo.outputPath(`public-post-${testInfo.project.name}.png`), fullPage: true });
    await visitor.getByTestId('like-button').click();
    await expect(toast(visitor, 'Connectez-vous pour liker les posts')).toBeVisible();

    await page.getByText('Mes Créations', { exact: true }).click();
    const own = page.getByTestId('post-card').filter({ hasText: label });
    await own.getByRole('button', { name: 'Retirer' }).click();
    await expect(toast(page, 'Publication retirée')).toBeVisible();
    await expect(own.getByRole('button', { name: 'Rendre public' })).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByText('Publication introuvable')).toBeVisible();
    expect((await visitor.request.get(creation.transformedImagePath)).status()).toBe(404);
    await visitor.screenshot({ path: testInfo.outputPath(`public-post-gone-${testInfo.project.name}.png`) });
  } finally {
    await visitorContext.close();
  }
});
