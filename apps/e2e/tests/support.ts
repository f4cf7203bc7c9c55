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

/** Signs up through the real form and waits for the redirect home. */
export async function signUp(page: Page, person: Person): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Pas encore de compte ? Inscrivez-vous' }).click();
  await page.getByLabel('Prénom').fill(person.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Compte créé avec succès')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
}
