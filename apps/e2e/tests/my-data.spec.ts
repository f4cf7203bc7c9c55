import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import { unzipSync } from 'fflate';
import { createCreation, newPerson, samplePhoto, signUpThroughApi } from './support';

test('my data: the export downloads a ZIP of the account, then deleting the account signs out for good', async ({
  page,
  playwright,
  baseURL,
}) => {
  const person = newPerson('Léa');
  await signUpThroughApi(page, person);
  const creation = await createCreation(page.request, await samplePhoto(page, 7), 'Aquarelle');

  await page.goto('/account?tab=settings');
  const myData = page.getByTestId('my-data');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    myData.getByRole('link', { name: 'Exporter mes données' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atelier-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
  const data = JSON.parse(Buffer.from(entries['donnees.json']!).toString('utf8')) as {
    profile: { email: string };
    gallery: { id: number }[];
  };
  expect(data.profile.email).toBe(person.email);
  expect(data.gallery.map((item) => item.id)).toEqual([creation.id]);
  expect(entries[creation.transformedImagePath.replace('/api/media/', 'media/')]?.length).toBeGreaterThan(0);

  await myData.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  await dialog.getByLabel('Mot de passe').fill('pas-le-bon');
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(dialog.getByText('Mot de passe incorrect : votre compte n’a pas été supprimé.')).toBeVisible();
  await dialog.getByLabel('Mot de passe').fill(person.password);
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();

  // Back on the landing page, signed out, told what happened.
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Compte supprimé')).toBeVisible();
  await expect(page.getByTestId('account-button')).toHaveCount(0);
  expect((await page.request.get('/api/user')).status()).toBe(401);
  expect((await page.request.get(creation.transformedImagePath)).status()).toBe(404);
  const visitor = await playwright.request.newContext({ baseURL });
  expect(
    (await visitor.post('/api/login', { data: { email: person.email, password: person.password } })).status(),
  ).toBe(401);
  await visitor.dispose();
});
