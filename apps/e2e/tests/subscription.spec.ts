import { expect, test } from './test';
import { routeStripe } from '../support/stripe-page';
import { newPerson, signUp } from './support';

test('a member subscribes from the account page, sees the plan and its credits, then cancels', async ({ page }) => {
  await routeStripe(page);
  await signUp(page, newPerson('Inès'));
  await page.goto('/account?tab=credits');
  await expect(page.getByTestId('subscription')).toHaveCount(0);
  await page.getByTestId('plan-avance').getByRole('link', { name: "S'abonner" }).click();

  await expect(page).toHaveURL(/\/checkout\?plan=avance$/);
  await expect(page.getByRole('heading', { name: 'Abonnement Avancé' })).toBeVisible();
  await expect(page.getByTestId('checkout-credits')).toHaveText(/5\s000/);
  await expect(page.getByTestId('checkout-amount')).toHaveText(/20,00\s€/);
  const pay = page.getByRole('button', { name: /Payer 20,00\s€ et s'abonner/ });
  await expect(pay).toBeEnabled();
  await page.getByLabel('Numéro de carte').fill('4242424242424242');
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Abonnement activé !' })).toBeVisible();
  await expect(page.getByText('5 000 crédits ont été ajoutés à votre compte.').first()).toBeVisible();

  await page.goto('/account?tab=credits');
  const subscription = page.getByTestId('subscription');
  await expect(subscription.getByRole('heading', { name: 'Formule Avancé' })).toBeVisible();
  await expect(subscription.getByText('Actif', { exact: true })).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText(/5\s500 crédits/);
  await expect(page.getByTestId('next-renewal')).toContainText(
    /Prochain renouvellement le \d{1,2} \S+ \d{4} : 20,00\s€, 5\s000 crédits/,
  );
  await expect(page.getByTestId('invoices').getByRole('row')).toHaveCount(1);
  await expect(page.getByTestId('invoices')).toContainText('Voir la facture');
  await expect(page.getByTestId('plan-avance').getByRole('button', { name: 'Formule actuelle' })).toBeDisabled();
  await expect(page.getByTestId('plan-premium').getByRole('button', { name: 'Changer de formule' })).toBeVisible();
  await expect(page.getByTestId('credit-history')).toContainText('Crédits de votre abonnement');

  await subscription.getByRole('button', { name: "Annuler l'abonnement" }).click();
  const dialog = page.getByRole('dialog', { name: "Annuler l'abonnement ?" });
  await expect(dialog).toContainText('Vos crédits restent sur votre compte');
  await dialog.getByRole('button', { name: "Annuler l'abonnement" }).click();
  await expect(page.getByTestId('subscription-end')).toContainText(/Votre abonnement prendra fin le \d{1,2} \S+ \d{4}/);
  await expect(subscription.getByText('Annulation prévue')).toBeVisible();
  await expect(page.getByTestId('next-renewal')).toHaveCount(0);
  await expect(page.getByTestId('credits-balance')).toHaveText(/5\s500 crédits/);
  await subscription.getByRole('button', { name: "Reprendre l'abonnement" }).click();
  await expect(page.getByTestId('next-renewal')).toBeVisible();
});
