import { ANY_SIZE, expect, test } from './test';
import { newPerson, signUp } from './support';

test('a signed-in user opening /auth goes to the studio', { tag: ANY_SIZE }, async ({ page }) => {
  await signUp(page, newPerson('Maël'));
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/transform$/);
});
