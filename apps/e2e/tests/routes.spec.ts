import { expect, test } from './test';
import { newPerson, signUpThroughApi } from './support';

test('a signed-in user opening /auth goes to the studio', async ({ page }) => {
  await signUpThroughApi(page, newPerson('Maël'));
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/transform$/);
});
