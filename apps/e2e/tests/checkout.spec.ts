import { expect, PHONE, test, type Page } from './test';
import { routeStripe } from '../support/stripe-page';
import { ports } from '../support/stripe-settings';
import { newPerson, registerThroughApi, signUpThroughApi } from './support';

const PAYMENTS_CLOSED = "Le paiement n'est pas encore ouvert sur ce service.";

async function buyPopularPack(page: Page, card: string): Promise<void> {
  await page.goto('/account?tab=credits');
  await page.getByTestId('pack-2500').getByRole('link', { name: 'Acheter' }).click();
  await expect(page).toHaveURL(/\/checkout\?credits=2500&amount=10\.00$/);
  await expect(page.getByRole('heading', { name: 'Achat de crédits' })).toBeVisible();
  await expect(page.getByTestId('checkout-credits')).toHaveText(/2\s500/);
  await expect(page.getByTestId('checkout-amount')).toHaveText('10.00 €');
  const pay = page.getByRole('button', { name: 'Payer 10.00 €' });
  await expect(pay).toBeEnabled();
  await page.getByLabel('Numéro de carte').fill(card);
  await pay.click();
}

test(
  'without payment keys the store says it is closed before any click: landing, account, checkout',
  { tag: PHONE },
  async ({ page }) => {
    const origin = `http://127.0.0.1:${ports.appWithoutPayments}`;
    await page.goto(`${origin}/landing#pricing`);
    const plans = page.locator('#pricing');
    await expect(plans.getByTestId('payments-closed')).toHaveText(PAYMENTS_CLOSED);
    await expect(plans.getByRole('button', { name: 'Pas encore ouvert' })).toHaveCount(3);
    for (const button of await plans.getByRole('button', { name: 'Pas encore ouvert' }).all()) {
      await expect(button).toBeDisabled();
    }
    await expect(plans.getByRole('link', { name: 'Commencer Gratuitement' })).toBeVisible();

    await page.goto(`${origin}/checkout`);
    await expect(page.getByText('Connectez-vous pour acheter des crédits ou vous abonner.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Connexion' }).last()).toHaveAttribute('href', '/auth');
    const registered = await page.request.post(`${origin}/api/register`, { data: newPerson('Hugo') });
    expect(registered.status(), await registered.text()).toBe(200);
    await page.reload();
    await expect(page.getByText('Service de paiement non disponible.')).toBeVisible();
    await expect(page.getByText(PAYMENTS_CLOSED)).toBeVisible();
    await page.getByRole('link', { name: 'Retour au compte' }).click();
    await expect(page).toHaveURL(/\/account$/);

    await page.goto(`${origin}/account?tab=credits`);
    await expect(page.getByTestId('payments-closed')).toHaveText(PAYMENTS_CLOSED);
    // Three plans and three packs, none of which leads to a payment.
    await expect(page.getByRole('button', { name: 'Pas encore ouvert' })).toHaveCount(6);
    await expect(page.getByRole('link', { name: /Acheter|S'abonner/ })).toHaveCount(0);
  },
);

test('buying a pack by card adds its credits to the balance, once the terms are accepted', async ({ page }) => {
  await routeStripe(page);
  // Signed up by the API without the terms: the checkout asks for them before anything is paid.
  await registerThroughApi(page.request, newPerson('Paul'), { acceptTerms: false });
  await page.goto('/account?tab=credits');
  await page.getByTestId('pack-2500').getByRole('link', { name: 'Acheter' }).click();
  const terms = page.getByTestId('checkout-terms');
  await expect(terms.getByRole('button', { name: 'Continuer vers le paiement' })).toBeDisabled();
  await terms.getByRole('checkbox', { name: /J'accepte les CGU \/ CGV/ }).check();
  await terms.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  // The payment opens once the acceptance is recorded: leaving before would cancel its request.
  await expect(page.getByRole('heading', { name: 'Achat de crédits' })).toBeVisible();
  await buyPopularPack(page, '4242424242424242');
  await expect(page.getByRole('heading', { name: 'Paiement réussi !' })).toBeVisible();
  await expect(page.getByText('2 500 crédits ont été ajoutés à votre compte.').first()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/account', { timeout: 10_000 });
  await expect(page.getByTestId('profile-credits')).toHaveText(/3\s000/);
  await page.goto('/account?tab=credits');
  await expect(page.getByTestId('credit-history')).toContainText('Achat de crédits');
});

test('a declined card shows the failure and adds nothing', async ({ page }) => {
  await routeStripe(page);
  await signUpThroughApi(page, newPerson('Zoé'));
  await buyPopularPack(page, '4000000000000002');
  await expect(page.getByText('Paiement échoué')).toBeVisible();
  await expect(page.getByText('Votre carte a été refusée.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payer 10.00 €' })).toBeEnabled();
  await page.goto('/account');
  await expect(page.getByTestId('profile-credits')).toHaveText('500');
});
