import { expect, test, type Page } from './test';
import { ports } from '../support/stripe-settings';
import { newPerson, registerThroughApi } from './support';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('a forgotten password is reset by the link mailed through SMTP, once', async ({ page, request }, testInfo) => {
  const person = newPerson('Léa');
  await registerThroughApi(request, person);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Si un compte existe pour cette adresse')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`forgot-sent-${testInfo.project.name}.png`) });

  const mailbox = `http://127.0.0.1:${ports.mailbox}/mails?to=${encodeURIComponent(person.email)}`;
  let mails: { subject: string; text: string }[] = [];
  await expect.poll(async () => (mails = (await (await request.get(mailbox)).json()) as typeof mails).length).toBe(1);
  const link = /http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mails[0]!.text)?.[0];
  expect(link, mails[0]!.text).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await page.getByLabel('Nouveau mot de passe').fill('nouveau-secret');
  await page.getByLabel('Confirmez le mot de passe').fill('autre-chose');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`reset-page-${testInfo.project.name}.png`) });
  await page.getByLabel('Confirmez le mot de passe').fill('nouveau-secret');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(toast(page, 'Mot de passe modifié')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  expect(
    (await request.post('/api/login', { data: { email: person.email, password: person.password } })).status(),
  ).toBe(401);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('nouveau-secret');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('account-button')).toBeVisible();

  // The link served once.
  await page.goto(link!);
  await page.getByLabel('Nouveau mot de passe').fill('encore-autre');
  await page.getByLabel('Confirmez le mot de passe').fill('encore-autre');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'a déjà servi' })).toBeVisible();
});
