import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
  return {
    email: uniqueEmail(
      firstName
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    ),
    password: 'motdepasse',
    firstName,
    lastName: 'Martin',
  };
}

/** Fills and sends the sign-up form. */
export async function submitSignUp(page: Page, person: Person): Promise<void> {
  if (new URL(page.url()).pathname !== '/auth') await page.goto('/auth');
  await page.getByRole('button', { name: 'Pas encore de compte ? Inscrivez-vous' }).click();
  await fillSignUp(page, person);
}

/** Fills and sends the sign-up form already on the page. */
export async function fillSignUp(page: Page, person: Person): Promise<void> {
  await page.getByLabel('Prénom').fill(person.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(person.password);
  await page.getByRole('checkbox', { name: /J'accepte les CGU \/ CGV/ }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
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

/** A photo-like JPEG (gradient and shapes, 320 × 240 unless told) drawn by the browser, different for each seed. */
export async function samplePhoto(page: Page, seed = 1, size = { width: 320, height: 240 }): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ hue, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      // Drawn at 320 × 240 and scaled, so every size shows the same picture.
      context.scale(width / 320, height / 240);
      const sky = context.createLinearGradient(0, 0, 320, 240);
      sky.addColorStop(0, `hsl(${(hue * 47) % 360} 70% 60%)`);
      sky.addColorStop(1, `hsl(${(hue * 91) % 360} 60% 30%)`);
      context.fillStyle = sky;
      context.fillRect(0, 0, 320, 240);
      context.fillStyle = '#f4d2b5';
      context.beginPath();
      context.arc(112, 108, 60, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#2b4c7e';
      context.fillRect(176, 72, 96, 120);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      if (!blob) throw new Error('no JPEG from the canvas');
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    { hue: seed, ...size },
  );
  return Buffer.from(bytes);
}

/** A real photograph of the project's shared set (public domain or CC0): `coffee.jpg` shows nobody, `astronaut.jpg` a person. */
export function realPhoto(name: string): Promise<Buffer> {
  return readFile(new URL(`../../../../shared/photos/${name}`, import.meta.url));
}

export interface Transformation {
  /** The uploaded original. */
  originalImagePath: string;
  transformedImagePath: string;
}

/** Uploads a photo and transforms it in watercolour (50 credits), with the session of `api`. */
export async function transformPhoto(api: APIRequestContext, photo: Buffer): Promise<Transformation> {
  const upload = await api.post('/api/upload', {
    multipart: {
      image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo },
      selection: JSON.stringify({ style: { id: 'watercolor' } }),
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { id } = (await upload.json()) as { id: number };
  const transformed = await api.post(`/api/transform/${id}`);
  expect(transformed.status(), await transformed.text()).toBe(200);
  return (await transformed.json()) as Transformation;
}

export interface Creation extends Transformation {
  id: number;
  transformationOption: string;
}

/** A transformation saved to the gallery; `option` is its label there and its description in the feed. */
export async function createCreation(api: APIRequestContext, photo: Buffer, option: string): Promise<Creation> {
  const result = await transformPhoto(api, photo);
  const saved = await api.post('/api/gallery/save', {
    data: { ...result, transformationType: 'style', transformationOption: option, transformationPrompt: option },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()) as { item: Creation }).item;
}

/** A creation made public, as its author's `api` session: the result alone unless `withOriginal`. */
export async function publishCreation(
  api: APIRequestContext,
  photo: Buffer,
  option: string,
  { withOriginal = false } = {},
): Promise<Creation> {
  const creation = await createCreation(api, photo, option);
  const published = await api.post(`/api/posts/${creation.id}/public`, { data: { withOriginal } });
  expect(published.status(), await published.text()).toBe(200);
  return creation;
}

/** Signs `person` up through the API (of the server at `origin`): `api` then carries their session cookie. */
export async function registerThroughApi(
  api: APIRequestContext,
  person: Person,
  { origin = '', acceptTerms = true } = {},
): Promise<void> {
  const response = await api.post(`${origin}/api/register`, { data: { ...person, acceptTerms } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs `person` up through the API, so the page's browser context carries their session cookie: the
 * way in for every journey but those of the sign-up and sign-in screens, which use the form.
 */
export async function signUpThroughApi(page: Page, person: Person): Promise<void> {
  await registerThroughApi(page.request, person);
}

/** A label nobody else's test uses, to find one's own cards in shared lists. */
export function uniqueLabel(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${process.pid}${counter}`;
}
