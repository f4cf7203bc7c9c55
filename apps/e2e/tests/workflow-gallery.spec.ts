import { expect, type Locator, type Page, PHONE, RENDER_TIMEOUT, test } from './test';
import {
  allNodes,
  chooseInPicker,
  edgeButton,
  idOf,
  nodeOf,
  openEmptyEditor,
  pickOption,
  runWorkflow,
  startWithPhoto,
  viewSettled,
} from './workflow-support';

/** The smaller side of an element on screen, in CSS pixels. */
const smallerSide = async (element: Locator) => {
  const box = (await element.boundingBox())!;
  return Math.min(box.width, box.height);
};

/** Runs the workflow `renders` times (2 or more: one render shows no dots), waits for them on the result node, then opens the gallery: its cards, once they are all there. */
async function runIntoGallery(page: Page, renders: number): Promise<Locator> {
  await runWorkflow(page, renders);
  await expect(nodeOf(page, 'result').getByTestId('result-dots').getByRole('button')).toHaveCount(renders, {
    timeout: RENDER_TIMEOUT,
  });
  await page.goto('/gallery');
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(renders);
  return cards;
}

test('workflow renders land in the gallery, named by their options, with a filter chip for each option', async ({
  page,
}) => {
  await openEmptyEditor(page);
  await startWithPhoto(page, 3);
  await pickOption(page, 'style', 'Aquarelle');
  const cards = await runIntoGallery(page, 2);
  await expect(cards.first()).toContainText('Aquarelle');
  await expect(
    page.getByRole('group', { name: 'Filtrer par option' }).getByText('Aquarelle', { exact: true }),
  ).toBeVisible();
});

test(
  'a node added from the toolbar joins the render body and its render reaches the gallery; on a phone the editor opens readable',
  { tag: PHONE },
  async ({ page }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    await openEmptyEditor(page);
    await startWithPhoto(page, 5);
    const render = await idOf(nodeOf(page, 'render'));
    if (phone) {
      // Readable on a phone: at least 75 %, ports a finger can hit, React Flow's credit clear of the account menu.
      // Read once the opening fit has finished its animation.
      await viewSettled(page);
      await expect
        .poll(async () => Number((await page.getByTestId('zoom-level').innerText()).replace(/\D/g, '')))
        .toBeGreaterThanOrEqual(75);
      expect(
        await smallerSide(page.locator(`[data-node-id="${render}"] .react-flow__handle.target`)),
      ).toBeGreaterThanOrEqual(24);
      const credit = (await page.locator('.react-flow__attribution').boundingBox())!;
      expect(credit.y).toBeGreaterThan(page.viewportSize()!.height / 2);
      const creditOnTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('.react-flow__attribution') != null,
        {
          x: credit.x + credit.width / 2,
          y: credit.y + credit.height / 2,
        },
      );
      expect(creditOnTop, 'nothing covers the credit').toBe(true);
      // Every button of the toolbar is in view, none cut at the edge of the screen.
      const toolbar = page.getByRole('toolbar', { name: 'Ajouter au workflow' });
      expect(await toolbar.evaluate((bar) => bar.scrollWidth <= bar.clientWidth)).toBe(true);
      for (const name of ['Image', 'Style', 'Personnage', 'Action', 'Ajouter un nœud'])
        await expect(toolbar.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }

    // A style: the local engine leaves characters and actions to the cloud engine.
    const laidOut = await idOf(nodeOf(page, 'style'));
    await page
      .getByRole('toolbar', { name: 'Ajouter au workflow' })
      .getByRole('button', { name: 'Style', exact: true })
      .click();
    await expect(allNodes(page)).toHaveCount(10);
    const added = page.locator(`[data-testid="workflow-node"][data-type="style"]:not([data-node-id="${laidOut}"])`);
    const addedId = await idOf(added);
    // The mind map (on by default) connects a new node to the render body.
    await expect(edgeButton(page, addedId, render)).toHaveCount(1);
    // A new node opens its option picker at once.
    const option = await chooseInPicker(page, added);
    const cards = await runIntoGallery(page, 2);
    await expect(cards.first()).toContainText(option);
  },
);
