import { expect, test } from './test';
import {
  createCreation,
  newPerson,
  publishCreation,
  registerThroughApi,
  samplePhoto,
  signUpThroughApi,
  uniqueLabel,
} from './support';

test('a creation goes from "Mes Créations" to the public feed without its original, where another member likes it', async ({
  page,
  browser,
  request,
}) => {
  const author = newPerson('Margaux');
  await signUpThroughApi(page, author);
  const option = uniqueLabel('Aquarelle');
  const creation = await createCreation(page.request, await samplePhoto(page, 3), option);
  await page.goto('/');

  // One toggle chooses what the community section shows: the section's own, not a second one in the bar.
  await expect(page.getByRole('radiogroup')).toHaveCount(1);
  await page.getByText('Mes Créations', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Mes Créations' })).toBeChecked();
  const own = page.getByTestId('post-card').filter({ hasText: option });
  await expect(own).toContainText(`${author.firstName} ${author.lastName}`);
  await expect(own.getByTestId('post-time')).toHaveText("À l'instant");
  await own.getByRole('button', { name: 'Rendre public' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rendre cette création publique' });
  // Private by default: the original goes public only when ticked.
  await expect(dialog.getByRole('checkbox', { name: 'Publier aussi la photo d’origine' })).not.toBeChecked();
  await expect(dialog).toContainText('Votre photo d’origine restera privée : seul le résultat sera publié.');
  await dialog.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Votre création a été publiée !')).toBeVisible();
  await expect(page.getByText('Succès', { exact: true })).toBeVisible();
  await expect(own.getByText('Publié')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Rendre public' })).toHaveCount(0);
  // A visitor (no session) gets the result, and is refused the original.
  expect((await request.get(creation.transformedImagePath)).status()).toBe(200);
  expect((await request.get(creation.originalImagePath)).status()).toBe(404);

  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signUpThroughApi(other, newPerson('Bastien'));
    await other.goto('/');
    await expect(other.getByRole('radio', { name: 'Feed Public' })).toBeChecked();
    const post = other.getByTestId('post-card').filter({ hasText: option });
    await expect(post).toContainText(`${author.firstName} ${author.lastName}`);
    const like = post.getByTestId('like-button');
    await expect(like).toHaveText('0');
    await like.click();
    await expect(like).toHaveText('1');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await other.reload();
    await expect(other.getByTestId('post-card').filter({ hasText: option }).getByTestId('like-button')).toHaveText('1');
  } finally {
    await otherContext.close();
  }
});

test('a visitor sees the public feed, a broken result falls back to its original, and liking asks to sign in', async ({
  page,
  request,
}) => {
  await registerThroughApi(request, newPerson('Noémie'));
  const option = uniqueLabel('Aquarelle');
  await page.goto('/auth');
  const creation = await publishCreation(request, await samplePhoto(page, 5), option, { withOriginal: true });
  await page.route(creation.transformedImagePath, (route) => route.fulfill({ status: 404 }));

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Connexion' })).toBeVisible();
  const post = page.getByTestId('post-card').filter({ hasText: option });
  // Feed images load lazily: on a phone the card is below the fold.
  await post.scrollIntoViewIfNeeded();
  await expect(post.getByRole('img', { name: `Création : ${option}` })).toHaveAttribute(
    'src',
    creation.originalImagePath,
  );
  await post.getByTestId('like-button').click();
  await expect(page.getByText('Connexion requise')).toBeVisible();
  await expect(page.getByText('Connectez-vous pour liker les posts')).toBeVisible();
  await expect(post.getByTestId('like-button')).toHaveText('0');

  await page.getByText('Mes Créations', { exact: true }).click();
  await expect(page.getByText('Vos créations vous attendent')).toBeVisible();
});

test('post times read "À l\'instant", then minutes, hours and days', async ({ page, request }) => {
  await registerThroughApi(request, newPerson('Yanis'));
  const option = uniqueLabel('Aquarelle');
  await page.goto('/auth');
  await publishCreation(request, await samplePhoto(page, 7), option);

  await page.clock.install();
  await page.goto('/');
  const time = page.getByTestId('post-card').filter({ hasText: option }).getByTestId('post-time');
  await expect(time).toHaveText("À l'instant");
  await page.clock.fastForward('05:00');
  await expect(time).toHaveText('il y a 5 min');
  await page.clock.fastForward('03:00:00');
  await expect(time).toHaveText('il y a 3 h');
  await page.clock.fastForward('48:00:00');
  await expect(time).toHaveText('il y a 2 j');
});

test('the home page: hero, showcase of real photos transformed, and an empty "Mes Créations" for a new member', async ({
  page,
}) => {
  await signUpThroughApi(page, newPerson('Sacha'));
  await page.goto('/');
  // True figures only: no invented count of creations, no promised duration.
  await expect(page.getByText("catégories d'options")).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/12\s847|2 à 5/);

  await page.getByRole('button', { name: 'Voir les créations' }).click();
  await expect(page.getByRole('heading', { name: "Galerie d'inspiration" })).toBeInViewport();
  const tiles = page.getByTestId('showcase-tile');
  await expect(tiles).toHaveCount(6);
  // Photographs the local engine transformed, not drawn art.
  await expect(tiles.first()).toContainText('Portrait pointilliste');
  await expect(tiles.first()).toContainText('Portrait, NASA');
  for (const tile of await tiles.all()) {
    await expect(tile.locator('img')).toHaveAttribute('src', /^\/samples\/characters\//);
    await tile.locator('img').scrollIntoViewIfNeeded();
    await expect
      .poll(() => tile.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(page.getByRole('list', { name: 'Catégories' }).getByRole('listitem')).toHaveText([
    'Tous',
    'Portraits',
    'Art',
    'Fantastique',
    'Cyberpunk',
    'Nature',
  ]);

  await page.getByText('Mes Créations', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Aucune création personnelle' })).toBeInViewport();
  await page.getByRole('link', { name: 'Créer maintenant' }).click();
  await expect(page).toHaveURL(/\/transform$/);

  await page.goto('/home');
  await page.getByRole('link', { name: 'Commencer gratuitement' }).click();
  await expect(page).toHaveURL(/\/transform$/);
});
