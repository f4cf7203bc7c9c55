import { expect, type Locator, type Page } from '@playwright/test';
import { newPerson, samplePhoto, signUpThroughApi } from './support';

/** A canvas node by kind (the first one of that kind). */
export const nodeOf = (page: Page, type: string): Locator =>
  page.locator(`[data-testid="workflow-node"][data-type="${type}"]`).first();

export const allNodes = (page: Page): Locator => page.getByTestId('workflow-node');

/** A node's id, as its connections name it. */
export const idOf = async (node: Locator): Promise<string> => (await node.getAttribute('data-node-id')) ?? '';

/** Starts a run of `renders` renders. */
export async function runWorkflow(page: Page, renders: number): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Nombre de rendus' }).getByText(String(renders), { exact: true }).click();
  await page.getByRole('button', { name: 'Exécuter le Workflow' }).click();
}

/** The credits badge of the editor's top bar, as a number. */
export async function creditsShown(page: Page): Promise<number> {
  return Number((await page.getByTestId('workflow-credits').innerText()).replace(/\D/g, ''));
}

/** A new member on an empty editor. */
export async function openEmptyEditor(page: Page): Promise<void> {
  await signUpThroughApi(page, newPerson('Camille'));
  await page.goto('/workflow');
  await expect(page.getByText('Télécharger une photo')).toBeVisible();
}

/** Uploads a photo into the empty editor and waits for the default layout (render body and 8 nodes). */
export async function startWithPhoto(page: Page, seed = 1): Promise<void> {
  await page
    .getByTestId('workflow-upload')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto(page, seed) });
  await expect(allNodes(page)).toHaveCount(9);
}

/**
 * Shows the whole workflow, as the 'Centrer la vue' button does. After a new layout the editor glides
 * to it by itself, and on a busy machine that glide can land after the click: the click is made again
 * until every node is on screen, as a user would tap once more.
 */
export async function showAll(page: Page): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: 'Centrer la vue (F)' }).click();
    await viewSettled(page);
    expect(await allNodesOnScreen(page)).toBe(true);
  }).toPass({ timeout: 20_000 });
}

/** Whether every node lies inside the canvas. */
async function allNodesOnScreen(page: Page): Promise<boolean> {
  return page.locator('.react-flow').evaluate((canvas) => {
    const view = canvas.getBoundingClientRect();
    return [...canvas.querySelectorAll('.react-flow__node')].every((node) => {
      const box = node.getBoundingClientRect();
      return box.left >= view.left && box.right <= view.right && box.top >= view.top && box.bottom <= view.bottom;
    });
  });
}

/** Waits until the view stops gliding (a fit takes 300 ms): boxes read before are already stale. */
export async function viewSettled(page: Page): Promise<void> {
  const viewport = page.locator('.react-flow__viewport');
  let last: string | null = null;
  await expect
    .poll(
      async () => {
        const now = await viewport.getAttribute('style');
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [150] },
    )
    .toBe(true);
}

/**
 * Expands a node unless it already is, and waits for the editor to bring it to the centre. The tap
 * goes to the collapsed body: at the zoom that shows the whole workflow a phone draws the header a
 * few pixels high, its on/off switch beside the title, while the body has no control to hit.
 */
export async function expand(node: Locator): Promise<void> {
  if ((await node.getAttribute('data-expanded')) !== 'true') {
    await showAll(node.page());
    await node.locator('.workflow-node-body').click();
  }
  await expect(node).toHaveAttribute('data-expanded', 'true');
  await expect(node).toHaveAttribute('data-enabled', 'true');
  await viewSettled(node.page());
}

/** The '+' in the middle of the connection from one node to another: there while they are connected. */
export const edgeButton = (page: Page, from: string, to: string): Locator =>
  page.locator(`[data-testid="edge-insert"][data-edge-id="${from}>${to}"]`);

/** Connects a node's output port to another's input: dragged with a mouse, two taps on a touch screen. */
export async function connectPorts(page: Page, from: string, to: string, touch: boolean): Promise<void> {
  const output = page.locator(`[data-node-id="${from}"] .react-flow__handle.source`);
  const input = page.locator(`[data-node-id="${to}"] .react-flow__handle.target`);
  if (touch) {
    await output.tap();
    await input.tap();
  } else {
    await output.dragTo(input);
  }
  await expect(edgeButton(page, from, to)).toHaveCount(1);
}

/**
 * Picks an option for the first node of a kind through its picker; `name` undefined takes the first
 * option. A tap that opened nothing (the view still gliding under it) is made again, as a user would.
 */
export async function pickOption(page: Page, type: string, name?: string): Promise<string> {
  const node = nodeOf(page, type);
  const choices = page.getByRole('dialog').getByTestId('option-choice');
  await expect(async () => {
    if (!(await choices.first().isVisible())) {
      await expand(node);
      await node
        .getByRole('button', { name: /Choisir une option|Changer d'option/ })
        .last()
        .click({ timeout: 5_000 });
    }
    await expect(choices.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return chooseInPicker(page, node, name);
}

/** Chooses an option in the open picker of a node; `name` undefined takes the first option. */
export async function chooseInPicker(page: Page, node: Locator, name?: string): Promise<string> {
  const dialog = page.getByRole('dialog');
  const choice = name ? dialog.getByRole('button', { name, exact: true }) : dialog.getByTestId('option-choice').first();
  const picked = (await choice.getAttribute('aria-label')) ?? '';
  await choice.click();
  await expect(dialog).toBeHidden();
  // The node's name says its option, expanded or not.
  await expect.poll(async () => (await node.getAttribute('aria-label'))?.endsWith(` : ${picked}`)).toBe(true);
  return picked;
}

/** Waits until the autosave has stored the latest change. */
export async function waitForSave(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
}

/** The canvas position React Flow gives a node (its transform). */
export async function positionOf(page: Page, nodeId: string): Promise<string> {
  return (
    (await page.locator(`.react-flow__node[data-id="${nodeId}"]`).getAttribute('style'))?.match(
      /translate\([^)]*\)/,
    )?.[0] ?? ''
  );
}

/** Drags a node by its header to a point of the screen, with real mouse moves. */
export async function dragNode(page: Page, node: Locator, to: { x: number; y: number }): Promise<void> {
  const box = await node.locator('.workflow-node-header').boundingBox();
  if (!box) throw new Error('node not visible');
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 3 + 10, box.y + box.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}
