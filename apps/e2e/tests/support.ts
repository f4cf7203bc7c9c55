import { expect, type Page } from '@playwright/test';

let counter = 0;

export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.fr`;
}

export interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newPerson(firstName = 'Juliette'): Person {
  return { email: uniqueEmail(firstName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()), password: 'motdepasse', firstName, lastName: 'Martin' };
}

/** Fills and sends the sign-up form. */
export async function submitSignUp(page: Page, person: Person): Promise<void> {
  if (new URL(page.url()).pathname !== '/auth') await page.goto('/auth');
  await page.getByRole('button', { name: 'Pas encore de compte ? Inscrivez-vous' }).click();
  await page.getByLabel('Prénom').fill(person.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

/** Signs up through the real form and waits for the redirect home. */
export async function signUp(page: Page, person: Person): Promise<void> {
  await submitSignUp(page, person);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByTestId('account-button')).toBeVisible();
}

/**
 * Records every toast the current page shows into sessionStorage, which survives the
 * full-page redirect that follows sign-in, so a toast shown just before it can be checked after.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.mantine-Notification-root')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
      sessionStorage.setItem('e2e-toasts', JSON.stringify(seen));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export async function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-toasts') ?? '[]') as string[]);
}
