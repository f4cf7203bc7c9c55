import { expect, RENDER_TIMEOUT, test } from './test';
import { chooseOption, dialog, openStudio, stageImage, studioCredits, uploadToStudio } from './studio-support';
import { newPerson, samplePhoto, signUpThroughApi } from './support';

test('on a slow connection, RUN shows how much of the photo has gone, then the picture', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Yanis'));
  await openStudio(page);
  const photo = await samplePhoto(page, 12, { width: 2400, height: 1800 });
  await uploadToStudio(page, { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: photo });
  await chooseOption(page, 'Style', 'Aquarelle');

  // About six seconds to send the photo: long enough to see the bar move.
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: Math.round(photo.length / 6),
  });
  await page.getByTestId('studio-run').click();

  const label = page.getByTestId('generation-progress');
  const bar = page.getByRole('progressbar', { name: "Progression de l'envoi" });
  // Part of the photo has gone, not all of it: the bar and the label say the same share.
  await expect(label).toHaveText(/^Envoi de la photo · ([1-9]|[1-9]\d) %$/);
  const sent = Number((await label.textContent())!.match(/(\d+) %/)![1]);
  await expect(bar).toBeVisible();
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(sent);

  await expect(label).not.toHaveText(/^Envoi de la photo/, { timeout: 30_000 });
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('button', { name: 'Résultat 1' })).toBeVisible({ timeout: RENDER_TIMEOUT });
  await expect(stageImage(page)).toHaveAttribute('src', /^\/api\/media\/results\//);
});

test('RUN offline says the connection is lost and charges nothing; back online it transforms', async ({
  page,
  context,
}) => {
  await signUpThroughApi(page, newPerson('Nora'));
  await openStudio(page);
  const credits = await studioCredits(page);
  // A small photo: the throttle below makes any upload last long enough to be cut.
  const photo = await samplePhoto(page, 13);
  await uploadToStudio(page, { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: photo });
  await chooseOption(page, 'Style', 'Aquarelle');
  const lost = dialog(page, 'Connexion perdue');

  // Offline before RUN: said at once, nothing sent.
  await context.setOffline(true);
  await page.getByTestId('studio-run').click();
  await expect(lost).toContainText("Vous n'êtes plus connecté à internet");
  await lost.getByRole('button', { name: 'OK' }).click();

  // The connection lost while the photo is on its way: the upload stops there, and says so as a
  // lost connection, not as a failure of the service.
  await context.setOffline(false);
  const network = await context.newCDPSession(page);
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: Math.round(photo.length / 30),
  });
  await page.getByTestId('studio-run').click();
  await expect(page.getByTestId('generation-progress')).toHaveText(/^Envoi de la photo/);
  await context.setOffline(true);
  await expect(lost).toContainText("Vous n'êtes plus connecté à internet");
  await lost.getByRole('button', { name: 'OK' }).click();

  await context.setOffline(false);
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect(await studioCredits(page)).toBe(credits);
  await page.getByTestId('studio-run').click();
  await expect(page.getByRole('button', { name: 'Résultat 1' })).toBeVisible({ timeout: RENDER_TIMEOUT });
  await expect(stageImage(page)).toHaveAttribute('src', /^\/api\/media\/results\//);
  await expect.poll(() => studioCredits(page)).toBe(credits - 50);
});
