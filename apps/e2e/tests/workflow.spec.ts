import { readFile } from 'node:fs/promises';
import { expect, PHONE, RENDER_TIMEOUT, test } from './test';
import { samplePhoto } from './support';
import {
  allNodes,
  chooseInPicker,
  connectPorts,
  creditsShown,
  dragNode,
  edgeButton,
  expand,
  idOf,
  nodeOf,
  openEmptyEditor,
  pickOption,
  positionOf,
  runWorkflow,
  showAll,
  startWithPhoto,
  waitForSave,
} from './workflow-support';
import { toast } from './studio-support';

test('a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/workflow');
  await expect(page.getByText('Connectez-vous pour créer vos workflows')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connexion' }).first()).toBeVisible();
});

test('a photo lays the workflow out; a style and a lighting rendered twice cost 100 credits and leave two renders on the result node', async ({
  page,
}) => {
  await openEmptyEditor(page);
  await expect(page.getByText("PNG, JPG jusqu'à 10MB")).toBeVisible();
  await startWithPhoto(page);
  for (const type of [
    'render',
    'source',
    'style',
    'character',
    'action',
    'environment',
    'lighting',
    'camera',
    'clothing',
  ])
    await expect(nodeOf(page, type)).toBeVisible();
  // Mind-map mode: the eight nodes are connected to the render body.
  await expect(page.getByTestId('edge-insert')).toHaveCount(8);
  const credits = await creditsShown(page);

  await pickOption(page, 'style', 'Aquarelle');
  await pickOption(page, 'lighting');
  await runWorkflow(page, 2);

  const result = nodeOf(page, 'result');
  const dots = result.getByTestId('result-dots').getByRole('button');
  await expect(dots).toHaveCount(2, { timeout: RENDER_TIMEOUT });
  await expect(result).toHaveAttribute('data-expanded', 'true');
  await expect.poll(() => creditsShown(page)).toBe(credits - 100);

  const first = await result
    .getByRole('button', { name: /^Agrandir/ })
    .locator('img')
    .getAttribute('src');
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(result.getByRole('button', { name: /^Agrandir/ }).locator('img')).not.toHaveAttribute(
    'src',
    first ?? '',
  );

  await result.getByRole('button', { name: 'Comparer avant / après' }).click();
  await expect(page.getByRole('slider', { name: 'Position du curseur de comparaison avant/après' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  await expect(page.getByTestId('viewer-dots').getByRole('button')).toHaveCount(2);
});

test('while the renders are made, the generating nodes show what the server reports: stage, percentage or place in the queue', async ({
  page,
}) => {
  await openEmptyEditor(page);
  // A 12 MP photo: each render takes long enough (about a second) to be seen.
  const photo = await samplePhoto(page, 3, { width: 4000, height: 3000 });
  await page
    .getByTestId('workflow-upload')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'grande.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(allNodes(page)).toHaveCount(9, { timeout: 30_000 });
  await pickOption(page, 'style', 'Aquarelle');
  await runWorkflow(page, 2);
  await expect(page.getByTestId('render-progress').first()).toHaveText(
    /^(\d rendus · )?(En file d'attente|Démarrage|Lecture de l'image|Transformation en cours|Enregistrement du résultat)/,
  );
  await expect(page.getByRole('progressbar', { name: 'Progression du rendu' }).first()).toBeAttached();
  await expect(nodeOf(page, 'result').getByTestId('result-dots').getByRole('button')).toHaveCount(2, {
    timeout: RENDER_TIMEOUT,
  });
  await expect(page.getByTestId('render-progress')).toHaveCount(0);
});

test("the '+' of a connection inserts a node between its two ends", async ({ page }) => {
  await openEmptyEditor(page);
  await startWithPhoto(page);
  const style = await idOf(nodeOf(page, 'style'));
  const render = await idOf(nodeOf(page, 'render'));

  await showAll(page);
  await edgeButton(page, style, render).click();
  await expect(page.getByRole('dialog', { name: 'Ajouter un Nœud' })).toBeVisible();
  await page.getByTestId('add-node-lighting').click();
  // The new node's option picker opens at once.
  await page.getByRole('dialog', { name: 'Choisir : Lumière' }).getByTestId('option-choice').first().click();
  await expect(allNodes(page)).toHaveCount(10);

  await expect(edgeButton(page, style, render)).toHaveCount(0);
  const split = page.locator(`[data-testid="edge-insert"][data-edge-id^="${style}>"]`);
  await expect(split).toHaveCount(1);
  const inserted = ((await split.getAttribute('data-edge-id')) ?? '').split('>')[1] ?? '';
  await expect(page.locator(`[data-node-id="${inserted}"]`)).toHaveAttribute('data-type', 'lighting');
  await expect(edgeButton(page, inserted, render)).toHaveCount(1);
});

test('a disabled node is greyed out, loses its connections and is left out of the run', async ({ page }) => {
  await openEmptyEditor(page);
  await startWithPhoto(page);
  await pickOption(page, 'style', 'Aquarelle');
  await pickOption(page, 'lighting');
  const render = nodeOf(page, 'render');
  await expand(render);
  const prompt = render.getByTestId('render-prompt');
  const styleFragment = (await prompt.innerText()).split(', ')[0] ?? '';
  expect(styleFragment.length).toBeGreaterThan(3);
  await expect(page.getByTestId('edge-insert')).toHaveCount(8);

  const style = nodeOf(page, 'style');
  // The expanded render body pushed the style node aside: bring everything into view.
  await showAll(page);
  await style.locator('.mantine-Switch-track').click();
  await expect(style).toHaveAttribute('data-enabled', 'false');
  await expect(page.getByTestId('edge-insert')).toHaveCount(7);
  await expect(prompt).not.toContainText(styleFragment);
  await expect(prompt).toContainText('4K quality, professional photography');

  await runWorkflow(page, 1);
  await expect(nodeOf(page, 'result').getByRole('img', { name: 'Rendu 1 sur 1' })).toBeVisible({
    timeout: RENDER_TIMEOUT,
  });
});

test(
  'a COMBINE node asks for two photos, merges them, and the run starts from the combined picture',
  { tag: PHONE },
  async ({ page }, testInfo) => {
    await openEmptyEditor(page);
    await startWithPhoto(page);
    const source = await idOf(nodeOf(page, 'source'));
    const render = await idOf(nodeOf(page, 'render'));

    await showAll(page);
    await edgeButton(page, source, render).click();
    await page.getByTestId('add-node-combine').click();
    const combine = nodeOf(page, 'combine');
    await expect(combine).toBeVisible();
    const combineId = await idOf(combine);
    // With the one photo, COMBINE says two are needed.
    await expand(combine);
    await combine.getByRole('button', { name: 'Combiner les images' }).click();
    const single = toast(page, 'Connectez au moins 2 images au nœud COMBINE pour les fusionner');
    await expect(single).toBeVisible();
    await single.getByRole('button', { name: 'Fermer la notification' }).click();

    // A second photo from the toolbar, wired into COMBINE from its port: dragged with a mouse, two taps on a phone.
    await page
      .getByRole('toolbar', { name: 'Ajouter au workflow' })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'second.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(page, 7) });
    await expect(page.locator('[data-testid="workflow-node"][data-type="source"]')).toHaveCount(2);
    const second = await idOf(page.locator('[data-testid="workflow-node"][data-type="source"]').nth(1));
    await showAll(page);
    await connectPorts(page, second, combineId, testInfo.project.name === 'phone');

    await expand(combine);
    await combine.getByRole('button', { name: 'Combiner les images' }).click();
    await expect(combine.getByRole('img', { name: 'Images combinées' })).toBeVisible({ timeout: RENDER_TIMEOUT });
    await pickOption(page, 'style', 'Aquarelle');
    await expand(nodeOf(page, 'render'));
    await expect(nodeOf(page, 'render').getByRole('img', { name: 'Image de départ' })).toHaveAttribute(
      'src',
      /\/api\/media\/composites\//,
    );

    await runWorkflow(page, 1);
    await expect(nodeOf(page, 'result').getByRole('img', { name: 'Rendu 1 sur 1' })).toBeVisible({
      timeout: RENDER_TIMEOUT,
    });
  },
);

test('a run without options says what is missing', async ({ page }) => {
  await openEmptyEditor(page);
  await startWithPhoto(page);
  await runWorkflow(page, 1);
  const noOption = toast(page, 'Veuillez configurer au moins un node de transformation');
  await expect(noOption).toBeVisible();
  // The toast sits over the canvas controls for its five seconds: closed, as one does to reach them.
  await noOption.getByRole('button', { name: 'Fermer la notification' }).click();
  await expect(noOption).toHaveCount(0);
  await pickOption(page, 'style');
  await nodeOf(page, 'source').locator('.mantine-Switch-track').click();
  await runWorkflow(page, 1);
  await expect(
    toast(page, "Le nœud source est désactivé. Veuillez l'activer ou connecter un nœud COMBINE actif."),
  ).toBeVisible();
});

test('with the local engine, an option only the cloud renders is marked in the picker and on its node, and the run says so without charging', async ({
  page,
}) => {
  await openEmptyEditor(page);
  await startWithPhoto(page);
  const credits = await creditsShown(page);
  const camera = nodeOf(page, 'camera');
  await pickOption(page, 'camera', 'Gros plan');
  await expand(camera);
  await camera.getByRole('button', { name: "Changer d'option" }).click();
  const picker = page.getByRole('dialog');
  await expect(picker.getByRole('button', { name: 'Profil', exact: true })).toHaveAccessibleDescription(
    'Moteur cloud uniquement',
  );
  await expect(picker.getByRole('button', { name: 'Gros plan', exact: true })).not.toHaveAttribute('data-cloud-only');
  await chooseInPicker(page, camera, 'Profil');
  await expect(camera.getByTestId('node-cloud-only')).toHaveText('Moteur cloud uniquement');

  await runWorkflow(page, 1);
  await expect(toast(page, "L'option « Profil » est disponible avec le moteur cloud uniquement")).toContainText(
    "Aucun crédit n'a été débité.",
  );
  expect(await creditsShown(page)).toBe(credits);
});

test('the workflow is saved as it changes, and the one open comes back after a reload', async ({ page }) => {
  await openEmptyEditor(page);
  await startWithPhoto(page);
  await pickOption(page, 'style', 'Aquarelle');
  await waitForSave(page);
  await page.reload();
  await expect(allNodes(page)).toHaveCount(9);
  await expect(nodeOf(page, 'style')).toHaveAttribute('aria-label', 'Style : Aquarelle');

  // A second workflow, saved last; the first opened again from the list is the one a reload brings back.
  const firstName = (await page.getByTestId('workflow-menu').innerText()).trim();
  await page.getByTestId('workflow-menu').click();
  await page.getByRole('menuitem', { name: 'Nouveau workflow' }).click();
  await expect(page.getByText('Télécharger une photo')).toBeVisible();
  await startWithPhoto(page, 3);
  await waitForSave(page);
  await page.getByTestId('workflow-menu').click();
  await page.getByRole('menuitem', { name: 'Mes workflows' }).click();
  const saved = page.getByRole('dialog', { name: 'Mes workflows' }).getByRole('button');
  await saved.filter({ has: page.getByText(firstName, { exact: true }) }).click();
  await expect(nodeOf(page, 'style')).toHaveAttribute('aria-label', 'Style : Aquarelle');
  await page.reload();
  await expect(nodeOf(page, 'style')).toHaveAttribute('aria-label', 'Style : Aquarelle');
  await expect(page.getByTestId('workflow-menu')).toHaveText(firstName);
});

test('the keyboard deletes a node, undoes it, and copies and pastes another', async ({ page }) => {
  await openEmptyEditor(page);
  await startWithPhoto(page);
  const ofType = (type: string) => page.locator(`[data-testid="workflow-node"][data-type="${type}"]`);
  await showAll(page);
  await nodeOf(page, 'action').locator('.workflow-node-body').click();
  await page.keyboard.press('Delete');
  await expect(ofType('action')).toHaveCount(0);
  await expect(allNodes(page)).toHaveCount(8);
  await page.keyboard.press('Control+z');
  await expect(ofType('action')).toHaveCount(1);

  await showAll(page);
  await nodeOf(page, 'lighting').locator('.workflow-node-body').click();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(ofType('lighting')).toHaveCount(2);
  await expect(allNodes(page)).toHaveCount(10);
});

test('a move is undone and redone as one step', { tag: PHONE }, async ({ page }, testInfo) => {
  await openEmptyEditor(page);
  await startWithPhoto(page);
  // A phone opens at a readable zoom, with the style node off screen: the whole workflow first.
  await showAll(page);
  const style = nodeOf(page, 'style');
  const id = await idOf(style);
  const start = await positionOf(page, id);
  // Two cells to the left: the distance between the render body and the photo on screen.
  const renderBox = (await nodeOf(page, 'render').boundingBox())!;
  const sourceBox = (await nodeOf(page, 'source').boundingBox())!;
  const header = (await style.locator('.workflow-node-header').boundingBox())!;
  await dragNode(page, style, {
    x: header.x + header.width / 3 - (renderBox.x - sourceBox.x),
    y: header.y + header.height / 2,
  });
  await expect.poll(() => positionOf(page, id)).not.toBe(start);
  const moved = await positionOf(page, id);

  const phone = testInfo.project.name === 'phone';
  if (phone) await page.getByRole('button', { name: 'Annuler', exact: true }).click();
  else await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => positionOf(page, id)).toBe(start);
  if (phone) await page.getByRole('button', { name: 'Rétablir', exact: true }).click();
  else await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect.poll(() => positionOf(page, id)).toBe(moved);
});

test('a workflow is exported and imported as JSON; a bad file is refused in French and changes nothing', async ({
  page,
}) => {
  await openEmptyEditor(page);
  await startWithPhoto(page);
  await pickOption(page, 'style', 'Aquarelle');
  const importInput = page.getByTestId('workflow-import');

  await importInput.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"version": 1, "nodes": [{"id": "a", "type": "teleporter"}]}'),
  });
  await expect(toast(page, 'Import impossible')).toBeVisible();
  await expect(toast(page, 'Ce fichier ne contient pas un workflow Atelier valide')).toBeVisible();
  await expect(allNodes(page)).toHaveCount(9);
  await importInput.setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('pas du JSON'),
  });
  await expect(toast(page, "Ce fichier n'est pas un fichier JSON valide.")).toBeVisible();
  await expect(nodeOf(page, 'style')).toHaveAttribute('aria-label', 'Style : Aquarelle');

  await page.getByTestId('workflow-menu').click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Exporter en JSON' }).click();
  const file = await (await download).path();
  const exported = await readFile(file, 'utf8');
  expect(JSON.parse(exported)).toMatchObject({
    version: 1,
    nodes: expect.arrayContaining([
      expect.objectContaining({ type: 'style', option: expect.objectContaining({ id: 'watercolor' }) }),
    ]),
  });

  await importInput.setInputFiles({
    name: 'mon-portrait.workflow.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exported),
  });
  await expect(toast(page, 'Workflow importé')).toBeVisible();
  await expect(page.getByTestId('workflow-menu')).toHaveText('mon portrait');
  await expect(allNodes(page)).toHaveCount(9);
  await waitForSave(page);
});

test('renders past the balance: the paid ones are kept and the credits dialog shows what is left', async ({ page }) => {
  await openEmptyEditor(page);
  await startWithPhoto(page);
  await pickOption(page, 'style', 'Aquarelle');
  const result = nodeOf(page, 'result');
  const credits = await creditsShown(page);
  // Spend all but 100 credits, four renders at a time.
  for (let spent = 0; spent < credits - 100; spent += 200) {
    await runWorkflow(page, 4);
    await expect.poll(() => creditsShown(page)).toBe(credits - spent - 200);
  }
  await runWorkflow(page, 4);
  const dialog = page.getByRole('dialog', { name: 'Crédits insuffisants' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText("Cette transformation coûte 50 crédits. Vous n'avez que 0 crédits.");
  await expect(dialog.getByRole('link', { name: 'Voir les abonnements' })).toHaveAttribute(
    'href',
    '/account?tab=credits',
  );
  await expect(dialog.getByRole('link', { name: 'Recharger' })).toHaveAttribute('href', '/checkout');
  // The two renders that could be paid for are on the result node.
  await expect(result.getByTestId('result-dots').getByRole('button')).toHaveCount(2);
  await expect.poll(() => creditsShown(page)).toBe(0);
});
