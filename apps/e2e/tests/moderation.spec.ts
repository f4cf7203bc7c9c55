import { expect, MODERATOR_EMAIL, test, type Page } from './test';
import { newPerson, publishCreation, registerThroughApi, samplePhoto, signUpThroughApi, uniqueLabel } from './support';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('a visitor reports a post, an administrator hides it from the console, its author reads why', async ({
  page,
  browser,
}, testInfo) => {
  await signUpThroughApi(page, newPerson('Inès'));
  const creation = await publishCreation(page.request, await samplePhoto(page, 6), uniqueLabel('Aquarelle signalée'));
  const statement = 'Image violente, contraire aux conditions d’utilisation (article 4).';

  const visitorContext = await browser.newContext({ ...testInfo.project.use, storageState: undefined });
  const moderatorContext = await browser.newContext({ ...testInfo.project.use, storageState: undefined });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/p/${creation.id}`);
    await visitor.getByRole('button', { name: 'Signaler' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Signaler cette publication' });
    await dialog.getByRole('radio', { name: 'Violence' }).check();
    await dialog.getByRole('button', { name: 'Signaler' }).click();
    await expect(toast(visitor, 'Signalement envoyé')).toBeVisible();

    const moderator = await moderatorContext.newPage();
    await registerThroughApi(moderator.request, { ...newPerson('Ada'), email: MODERATOR_EMAIL });
    await moderator.goto('/');
    await moderator.getByRole('button', { name: 'Menu du compte' }).click();
    await moderator.getByRole('menuitem', { name: 'Administration' }).click();
    const card = moderator.locator('.mantine-Card-root').filter({ hasText: `Publication n° ${creation.id} ·` });
    await expect(card.getByText('Violence × 1')).toBeVisible();
    await card.getByLabel(/Motivation de la décision/).fill(statement);
    await card.getByRole('button', { name: 'Masquer' }).click();
    await expect(toast(moderator, 'Publication masquée')).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByText('Publication introuvable')).toBeVisible();

    await page.goto('/gallery');
    await page.getByRole('button', { name: 'Masquée par la modération' }).click();
    await expect(page.getByRole('dialog').getByText(statement)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Demander un réexamen' })).toBeVisible();
  } finally {
    await visitorContext.close();
    await moderatorContext.close();
  }
});
