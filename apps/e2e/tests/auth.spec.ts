import { expect, test } from './test';
import {
  createCreation,
  newPerson,
  recordToasts,
  samplePhoto,
  signUpThroughApi,
  submitSignUp,
  toastsSeen,
  transformPhoto,
} from './support';

test('sign up, see the initial, log out and log back in', async ({ page }) => {
  const person = newPerson('Élodie');
  await page.goto('/auth');
  await recordToasts(page);
  await submitSignUp(page, person);
  // A new member lands in the studio, welcomed with what the free credits buy.
  await page.waitForURL((url) => url.pathname === '/transform');
  expect(await toastsSeen(page)).toContain(`Compte créé avec succèsBienvenue ${person.firstName}!`);
  const welcome = page.getByTestId('welcome');
  await expect(welcome).toContainText('Vos 500 crédits offerts paient 10 images');
  await welcome.getByRole('button', { name: 'Commencer' }).click();
  await expect(welcome).toBeHidden();
  await expect(page).toHaveURL(/\/transform$/);
  const account = page.getByTestId('account-button');
  await expect(account).toHaveText('É');

  await account.click();
  await page.getByRole('menuitem', { name: 'Mon compte' }).click();
  await expect(page.getByRole('heading', { name: 'Mon Compte' })).toBeVisible();
  await expect(page.getByTestId('profile-credits')).toHaveText('500');
  await expect(page.getByTestId('profile-name')).toHaveText(`${person.firstName} ${person.lastName}`);
  await expect(page.getByTestId('profile-email')).toHaveText(person.email);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  // The studio forgets the visit and asks to sign in again, on both layouts, and cleans its address
  // (it passes through /create?logout=true too briefly to be waited for on a busy machine).
  await expect(page.getByTestId('studio-login-modal')).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
  // Back leads past the account page, to the studio of a visitor: nothing of the account is shown again.
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/transform');
  await expect(page.getByRole('link', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByTestId('account-button')).toHaveCount(0);

  await page.goto('/auth');
  await recordToasts(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await toastsSeen(page)).toContain(`Connexion réussieBienvenue ${person.firstName}!`);
  await expect(page.getByTestId('account-button')).toHaveText('É');
});

test('a wrong password shows the error toast', async ({ page }) => {
  const person = newPerson('Hugo');
  await signUpThroughApi(page, person);
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Erreur de connexion')).toBeVisible();
  await expect(page.getByText('Email ou mot de passe incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // The right password next: the welcome replaces the error, which no longer holds. The welcome is
  // recorded as it shows (a busy phone may close it before a look finds it).
  await recordToasts(page);
  await page.getByLabel('Mot de passe', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => toastsSeen(page)).toContain(`Connexion réussieBienvenue ${person.firstName}!`);
  await expect(page.getByText('Erreur de connexion')).toHaveCount(0);
});

test('validation messages appear under the fields on submit, then follow every change', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Pas encore de compte ? Inscrivez-vous' }).click();
  await page.getByLabel('Prénom').fill('A');
  await page.getByLabel('Email').fill('pas-un-email');
  await page.getByLabel('Mot de passe', { exact: true }).fill('123');
  await expect(page.getByText('Adresse email invalide')).toHaveCount(0);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Le prénom doit contenir au moins 2 caractères')).toBeVisible();
  await expect(page.getByText('Le nom doit contenir au moins 2 caractères')).toBeVisible();
  await expect(page.getByText('Adresse email invalide')).toBeVisible();
  await expect(page.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeVisible();
  await expect(
    page.getByText('Acceptez les CGU / CGV et la politique de confidentialité pour créer votre compte.'),
  ).toBeVisible();
  await page.getByLabel('Email').fill('juste@example.fr');
  await expect(page.getByText('Adresse email invalide')).toHaveCount(0);
});

test('the password toggle is shared by both forms', async ({ page }) => {
  await page.goto('/auth');
  const password = page.getByLabel('Mot de passe', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Pas encore de compte ? Inscrivez-vous' }).click();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveAttribute('type', 'text');
});

test('the theme choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

// One layout for every screen: the phone's is audited with the other pages (accessibility.spec.ts).
test('an unknown path shows the 404 page, in French with the spec’s words, and a way back', async ({ page }) => {
  await page.goto('/cette-page-n-existe-pas');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the account page opens the credits tab from the address; its history shows every entry, ten a page', async ({
  page,
}) => {
  await signUpThroughApi(page, newPerson('Paul'));
  const photo = await samplePhoto(page, 9);
  // The launch offer and ten transformations, the last kept in the gallery: eleven entries.
  for (let run = 0; run < 9; run += 1) await transformPhoto(page.request, photo);
  const kept = await createCreation(page.request, photo, 'Mon aquarelle');
  await page.goto('/account?tab=credits');
  await expect(page.getByRole('tab', { name: 'Crédits' })).toHaveAttribute('aria-selected', 'true');
  const history = page.getByTestId('credit-history');
  await expect(history.getByRole('row')).toHaveCount(10);
  // Each debit names the option bought; the one still in the gallery links to its picture.
  await expect(history.getByRole('row').first()).toContainText('Aquarelle');
  await expect(history.getByRole('link', { name: 'Voir le résultat' })).toHaveAttribute(
    'href',
    kept.transformedImagePath,
  );
  await expect(history).not.toContainText('Offre de lancement');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(history.getByRole('row')).toHaveCount(1);
  await expect(history).toContainText('Offre de lancement');
});

test('the profile is edited with the current password', async ({ page }) => {
  const person = newPerson('Inès');
  await signUpThroughApi(page, person);
  await page.goto('/account');
  await page.getByTestId('edit-profile').click();
  const username = `ines-${Date.now().toString(36)}`;
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Nouveau mot de passe').fill('nouveau-secret');
  await page.getByLabel('Confirmer le mot de passe').fill('autre-chose');
  await page.getByLabel('Mot de passe actuel').fill(person.password);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await page.getByLabel('Confirmer le mot de passe').fill('nouveau-secret');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil mis à jour')).toBeVisible();
  await expect(page.getByTestId('profile-username')).toHaveText(username);

  // Signed out, the news about the profile goes with it.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByTestId('studio-login-modal')).toBeVisible();
  await expect(page.getByText('Profil mis à jour')).toHaveCount(0);
});
