import { expect, test, type Page } from './test';
import { routeStripe } from '../support/stripe-page';
import { fillSignUp, newPerson, signUpThroughApi } from './support';

/** Stripe's test card whose bank asks for 3-D Secure on every payment, saved-card ones included. */
const AUTHENTICATION_CARD = '4000002760003184';

/** Types the card into the (fake) Payment Element and presses the pay button. */
async function payByCard(page: Page, payLabel: RegExp, card = '4242424242424242') {
  const pay = page.getByRole('button', { name: payLabel });
  await expect(pay).toBeEnabled();
  await page.getByLabel('Numéro de carte').fill(card);
  await pay.click();
}

test('a member subscribes from the account page, sees the plan and its credits, then cancels', async ({ page }) => {
  await routeStripe(page);
  await signUpThroughApi(page, newPerson('Inès'));
  await page.goto('/account?tab=credits');
  await expect(page.getByTestId('subscription')).toHaveCount(0);
  await page.getByTestId('plan-avance').getByRole('link', { name: "S'abonner" }).click();

  await expect(page).toHaveURL(/\/checkout\?plan=avance$/);
  await expect(page.getByRole('heading', { name: 'Abonnement Avancé' })).toBeVisible();
  await expect(page.getByTestId('checkout-credits')).toHaveText(/6\s600/);
  await expect(page.getByTestId('checkout-saving')).toHaveText(/\+10\s%/);
  await expect(page.getByTestId('checkout-amount')).toHaveText(/20,00\s€/);
  await payByCard(page, /Payer 20,00\s€ et s'abonner/);
  await expect(page.getByRole('heading', { name: 'Abonnement activé !' })).toBeVisible();
  await expect(page.getByText('6 600 crédits ont été ajoutés à votre compte.').first()).toBeVisible();

  await page.goto('/account?tab=credits');
  const subscription = page.getByTestId('subscription');
  await expect(subscription.getByRole('heading', { name: 'Formule Avancé' })).toBeVisible();
  await expect(subscription.getByText('Actif', { exact: true })).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText(/7\s100 crédits/);
  await expect(page.getByTestId('next-renewal')).toContainText(
    /Prochain renouvellement le \d{1,2} \S+ \d{4} : 20,00\s€, 6\s600 crédits/,
  );
  await expect(page.getByTestId('invoices').getByRole('row')).toHaveCount(1);
  await expect(page.getByTestId('invoices')).toContainText('Voir la facture');
  await expect(page.getByTestId('plan-avance').getByRole('button', { name: 'Formule actuelle' })).toBeDisabled();
  await expect(page.getByTestId('plan-premium').getByRole('button', { name: 'Changer de formule' })).toBeVisible();
  await expect(page.getByTestId('credit-history')).toContainText('Crédits de votre abonnement');

  // A cheaper plan waits for the renewal: Avancé, paid for, stays until then.
  await page.getByTestId('plan-essentiel').getByRole('button', { name: 'Changer de formule' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Changer au renouvellement' }).click();
  await expect(page.getByTestId('next-renewal')).toContainText(
    /Prochain renouvellement le \d{1,2} \S+ \d{4} : formule Essentiel, 10,00\s€, 2\s750 crédits\. D'ici là, vous gardez la formule Avancé/,
  );
  await expect(subscription.getByRole('heading', { name: 'Formule Avancé' })).toBeVisible();
  await expect(
    page.getByTestId('plan-essentiel').getByRole('button', { name: 'Prévue au renouvellement' }),
  ).toBeDisabled();
  await page.getByTestId('plan-avance').getByRole('button', { name: 'Garder cette formule' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Garder' }).click();
  await expect(page.getByTestId('plan-avance').getByRole('button', { name: 'Formule actuelle' })).toBeDisabled();
  await expect(page.getByTestId('next-renewal')).toContainText(/: 20,00\s€, 6\s600 crédits/);
  await expect(page.getByTestId('credits-balance')).toHaveText(/7\s100 crédits/);

  await subscription.getByRole('button', { name: "Annuler l'abonnement" }).click();
  const dialog = page.getByRole('dialog', { name: "Annuler l'abonnement ?" });
  await expect(dialog).toContainText('Vos crédits restent sur votre compte');
  await dialog.getByRole('button', { name: "Annuler l'abonnement" }).click();
  await expect(page.getByTestId('subscription-end')).toContainText(/Votre abonnement prendra fin le \d{1,2} \S+ \d{4}/);
  await expect(subscription.getByText('Annulation prévue')).toBeVisible();
  await expect(page.getByTestId('next-renewal')).toHaveCount(0);
  await expect(page.getByTestId('credits-balance')).toHaveText(/7\s100 crédits/);
  await subscription.getByRole('button', { name: "Reprendre l'abonnement" }).click();
  await expect(page.getByTestId('next-renewal')).toBeVisible();
});

test('a visitor picks a plan on the landing, signs up, then pays that plan', async ({ page }) => {
  await routeStripe(page);
  await page.goto('/landing');
  const premium = page.getByTestId('pricing-plan').filter({ has: page.getByRole('heading', { name: 'Premium' }) });
  await premium.getByRole('link', { name: 'Choisir ce Plan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte');
  await fillSignUp(page, newPerson('Maël'));

  await expect(page).toHaveURL(/\/checkout\?plan=premium$/);
  await expect(page.getByRole('heading', { name: 'Abonnement Premium' })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText(/35,00\s€/);
  await payByCard(page, /Payer 35,00\s€ et s'abonner/);
  await expect(page.getByText('12 000 crédits ont été ajoutés à votre compte.').first()).toBeVisible();
  await page.goto('/account?tab=credits');
  await expect(page.getByTestId('subscription').getByRole('heading', { name: 'Formule Premium' })).toBeVisible();
});

test('an upgrade the bank wants confirmed is paid on the checkout at its prorated amount', async ({ page }) => {
  await routeStripe(page);
  await signUpThroughApi(page, newPerson('Sacha'));
  await page.goto('/checkout?plan=essentiel');
  await payByCard(page, /Payer 10,00\s€ et s'abonner/, AUTHENTICATION_CARD);
  await expect(page.getByRole('heading', { name: 'Abonnement activé !' })).toBeVisible();

  await page.goto('/account?tab=credits');
  await page.getByTestId('plan-avance').getByRole('button', { name: 'Changer de formule' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Payer et changer' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=avance$/);
  await expect(page.getByRole('heading', { name: 'Passer à la formule Avancé' })).toBeVisible();
  // The rest of this month's difference (20 € − 10 €), not a whole month of Avancé.
  await expect(page.getByTestId('checkout-amount')).toHaveText(/^(9,9\d|10,00)\s€$/);
  await payByCard(page, /Payer (9,9\d|10,00)\s€ et changer de formule/, AUTHENTICATION_CARD);
  await expect(page.getByRole('heading', { name: 'Formule changée !' })).toBeVisible();
  await expect(page.getByText(/^3\s8[0-5]\d crédits ont été ajoutés à votre compte\.$/).first()).toBeVisible();

  await page.goto('/account?tab=credits');
  await expect(page.getByTestId('subscription').getByRole('heading', { name: 'Formule Avancé' })).toBeVisible();
  await expect(page.getByTestId('invoices').getByRole('row')).toHaveCount(2);
});
