import { expect, type Page, test } from './test';
import { operator } from '../support/operator';
import { ports } from '../support/stripe-settings';
import { newPerson, signUpThroughApi } from './support';

/** Opens the account menu of the page's bar and follows one of its places. */
async function goTo(page: Page, place: string): Promise<void> {
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: place, exact: true }).click();
}

test('from the home page, the account menu reaches every place by clicks alone', async ({ page }) => {
  const person = newPerson('Inès');
  await signUpThroughApi(page, person);
  await page.goto('/');

  await page.getByTestId('account-button').click();
  await expect(page.getByRole('menu')).toContainText(person.email);
  await page.getByRole('menuitem', { name: 'Galerie', exact: true }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Galerie' })).toBeVisible();

  await goTo(page, "Bibliothèque d'images");
  await expect(page).toHaveURL(/\/image-library$/);
  await expect(page.getByRole('heading', { level: 1, name: "Bibliothèque d'images" })).toBeVisible();

  await goTo(page, 'Éditeur de workflows');
  await expect(page).toHaveURL(/\/workflow$/);
  await expect(page.getByText('Télécharger une photo')).toBeVisible();

  await goTo(page, 'Studio');
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 20_000 });

  await goTo(page, 'Feed public');
  await expect(page.getByRole('heading', { level: 2, name: 'Communauté' })).toBeInViewport();
  await expect(page.getByRole('radio', { name: 'Feed Public' })).toBeChecked();

  await goTo(page, 'Mon compte');
  await expect(page.getByRole('heading', { name: 'Mon Compte' })).toBeVisible();
  // The menu marks where one is.
  await page.getByTestId('account-button').click();
  await expect(page.getByRole('menuitem', { name: 'Mon compte' })).toHaveAttribute('aria-current', 'page');
});

test("every page's footer leads to the legal pages, which name the operator of the server's settings", async ({
  page,
}) => {
  await page.goto('/landing');
  await page.getByTestId('footer-link').filter({ hasText: 'Confidentialité' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confidentialité' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(operator.name);
  // The rights it names are the account page's own buttons.
  await expect(main).toContainText('Exporter mes données');
  await expect(main).toContainText('Supprimer mon compte');
  await expect(main).toContainText("ne sont envoyées à aucun service d'IA extérieur");

  await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  await expect(main).toContainText(operator.address);
  await expect(main).toContainText(operator.hostingProvider);

  await page.getByRole('contentinfo').getByRole('link', { name: 'CGU / CGV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CGU / CGV' })).toBeVisible();
  await expect(main).toContainText("débités seulement quand l'image est réussie");

  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  await expect(main.getByRole('link', { name: operator.email })).toHaveAttribute('href', `mailto:${operator.email}`);
});

test('a server without operator details says so, and a forgotten password sends nobody to an unnamed administrator', async ({
  page,
}) => {
  const origin = `http://127.0.0.1:${ports.appWithoutPayments}`;
  await page.goto(`${origin}/contact`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText("E-mail : non renseigné par l'exploitant de ce serveur");
  // Sentences that send the reader to write still read whole.
  await page.goto(`${origin}/cgu`);
  await expect(page.getByRole('main')).toContainText(
    "écrivez d'abord à l'exploitant de ce serveur (son adresse e-mail n'est pas encore publiée ici).",
  );
  await expect(page.getByRole('main')).not.toContainText('à non renseigné');

  await page.goto(`${origin}/auth`);
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByText("Ce serveur n'envoie pas d'e-mails")).toBeVisible();
  await expect(page.getByText("Adressez-vous à la personne qui gère ce serveur pour retrouver l'accès.")).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('administrateur');
});
