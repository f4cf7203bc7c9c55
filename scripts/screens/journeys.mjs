// The screens' states walked through by `npm run screenshots -- <journey>`: each journey gets a
// signed-in page and a `shot(state)` to call at every state worth looking at.
import { readFile } from 'node:fs/promises';

/** A real photograph of ../shared/photos: the engine finds people and backgrounds, which drawings lack. */
async function photo(name) {
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: await readFile(new URL(`../../../shared/photos/${name}`, import.meta.url)),
  };
}

async function studio({ page, baseUrl, shot }) {
  const category = (name) =>
    page
      .getByRole('group', { name: 'Catégories' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
  await page.goto(`${baseUrl}/create`);
  await page.getByTestId('studio').waitFor({ timeout: 20_000 });
  await shot('start');
  await page.getByTestId('studio-upload-input').setInputFiles(await photo('astronaut.jpg'));
  await category('Style');
  await shot('style-options');
  await page.getByRole('button', { name: 'Aquarelle', exact: true }).click();
  await category('Angle');
  await page.getByRole('button', { name: 'Gros plan', exact: true }).click();
  await category('Lumière');
  await page.getByRole('button', { name: 'Heure dorée', exact: true }).click();
  await page.getByRole('button', { name: 'Couleur globale' }).click();
  await shot('palette');
  await page
    .getByRole('group', { name: 'Palette de couleurs' })
    .getByRole('button', { name: 'Rouge', exact: true })
    .click();
  await page.keyboard.press('Escape');
  await shot('chosen');
  await page.getByTestId('studio-run').click();
  // The result's own controls come with it (the account's earlier runs, at the other size, are in the strip).
  await page.getByRole('button', { name: 'Avant / après' }).waitFor({ timeout: 120_000 });
  await shot('result');
  await page.getByRole('button', { name: 'Avant / après' }).click();
  await shot('compare');
  await page.getByRole('button', { name: 'Fermer' }).click();
  await page.getByRole('button', { name: 'Galerie' }).click();
  await shot('gallery');
  await page.keyboard.press('Escape');
  await category('Quoi');
  // The local engine renders no action: the category says so, and shows the cloud engine's on demand.
  await shot('cloud-category');
  await page.getByRole('button', { name: 'Voir les options du moteur cloud' }).click();
  await page.getByRole('button', { name: /^Transport/ }).click();
  await page
    .getByTestId('action-group-dialog')
    .getByRole('button', { name: /^Aérien/ })
    .click();
  await shot('action-group');
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: 'Auto' }).check();
  await shot('automatic');
}

async function workflow({ page, baseUrl, shot }) {
  const node = (type) => page.locator(`[data-testid="workflow-node"][data-type="${type}"]`).first();
  const showAll = () => page.getByRole('button', { name: 'Centrer la vue (F)' }).click();
  await page.goto(`${baseUrl}/workflow`);
  await page.getByText('Télécharger une photo').waitFor();
  await shot('empty');
  await page
    .getByTestId('workflow-upload')
    .locator('input[type="file"]')
    .setInputFiles(await photo('astronaut.jpg'));
  await node('clothing').waitFor();
  await shot('layout');
  await showAll();
  await node('style').locator('.workflow-node-header').click();
  await node('style')
    .getByRole('button', { name: /Choisir une option|Changer d'option/ })
    .last()
    .click();
  await shot('option-picker');
  await page.getByRole('dialog').getByRole('button', { name: 'Aquarelle', exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Nombre de rendus' }).getByText('2', { exact: true }).click();
  await page.getByRole('button', { name: 'Exécuter le Workflow' }).click();
  await node('result').getByTestId('result-dots').getByRole('button').nth(1).waitFor({ timeout: 30_000 });
  await shot('result');
  await node('result').getByRole('button', { name: 'Comparer avant / après' }).click();
  await shot('viewer');
  await page.keyboard.press('Escape');
  await node('result').locator('.workflow-node-header').click();
  await showAll();
  await shot('collapsed');
  await page.locator('[data-testid="edge-insert"]').first().click();
  await shot('add-node');
}

export const journeys = {
  studio: { run: studio },
  workflow: { run: workflow, viewports: { desktop: { width: 1440, height: 900 } } },
};
