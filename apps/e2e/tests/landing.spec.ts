import { expect, type Locator, type Page, PHONE, PHONE_ONLY, test } from './test';
import { newPerson, signUpThroughApi } from './support';

const SECTION_ORDER = [
  'nav',
  'hero',
  'stats',
  'badges',
  'features',
  'samples',
  'process',
  'characters',
  'how-it-works',
  'technology',
  'credits',
  'gallery',
  'pricing',
  'cta',
  'footer',
];

/** The first before/after example of the samples section. */
const exampleSlider = (page: Page) => page.getByRole('slider', { name: 'Comparer avant et après : Bande dessinée' });
const exampleFrame = (page: Page) => page.locator('#samples').getByTestId('compare-slider').first();

/**
 * Opens the landing and waits for its script to have started: the page is drawn before (the
 * served HTML holds it), but its controls answer only once React has taken it over.
 */
async function openLanding(page: Page) {
  await page.goto('/landing');
  await page.waitForFunction(() => (window as Window & { __atelierStarted?: boolean }).__atelierStarted === true);
}

/** The slider's box, and x positions just past its edges that are still on the screen. */
async function frameBox(page: Page, frame: Locator) {
  await frame.scrollIntoViewIfNeeded();
  const box = await frame.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('the comparison slider is not displayed');
  return {
    ...box,
    pastLeft: Math.max(1, Math.round(box.x) - 30),
    pastRight: Math.min(viewport.width - 1, Math.round(box.x + box.width) + 30),
    middleX: Math.round(box.x + box.width / 2),
    middleY: Math.round(box.y + box.height / 2),
  };
}

test(
  'every section is there, in the order of the spec, with its content',
  { tag: PHONE },
  async ({ page, isMobile }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // A hydration mismatch would land here: React reports it as an uncaught error.
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.goto('/landing');
    // The local engine runs here: the page promises what it does, not a generative AI.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('retouchées et mises en scène');
    await expect(page.locator('body')).not.toContainText(
      /réinventées par l'IA|une IA qui lit votre photo|Génération IA|par IA/,
    );
    const order = await page
      .locator('[data-landing-section]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-landing-section')));
    expect(order).toEqual(SECTION_ORDER);

    await expect(page.locator('#stats')).toContainText('25+');
    await expect(page.locator('#stats')).toContainText('4K');
    await expect(page.locator('#stats')).toContainText('50crédits par image réussie');
    await expect(page.locator('#stats')).toContainText('12exemples sans prompt');
    // No invented figures: no average time, no named testimonials.
    await expect(page.locator('main')).not.toContainText(/\d,\d s|secondes en moyenne|2 à 5/);
    for (const badge of [
      'Personne et visage détectés',
      'Une vignette par option',
      'Zéro configuration',
      'Styles multiples',
    ]) {
      await expect(page.locator('#badges')).toContainText(badge);
    }
    // The families the local engine renders, and no other: no character, place or action.
    await expect(page.getByTestId('feature-card')).toHaveCount(3);
    await expect(page.locator('#features')).not.toContainText(/personnage|Environnements|Actions/i);

    const samples = page.getByTestId('sample-result');
    await expect(samples).toHaveCount(6);
    for (const title of ['Bande dessinée', 'Clair-obscur', 'Gravure', 'Miniature', 'Estampe japonaise', 'Aquarelle']) {
      await expect(samples.filter({ hasText: title })).toContainText('Moteur local');
    }
    const slider = exampleSlider(page);
    await expect(slider).toHaveAttribute('aria-valuenow', '50');
    await expect(slider).toHaveAttribute('aria-valuemin', '0');
    await expect(slider).toHaveAttribute('aria-valuemax', '100');
    const frame = exampleFrame(page);
    await expect(frame).toContainText('Avant');
    await expect(frame).toContainText('Après');
    await expect(frame).toContainText(isMobile ? 'Glissez pour comparer' : 'Cliquez et glissez pour comparer');

    await expect(page.locator('#process li')).toHaveCount(4);
    await expect(page.locator('#characters article')).toHaveCount(4);
    await expect(page.locator('#testimonials')).toHaveCount(0);

    const table = page.getByTestId('sample-transformations');
    await expect(table.locator('tbody tr')).toHaveCount(12);
    for (const cost of await table.locator('tbody tr td:last-child').allTextContents()) expect(cost).toBe('50 crédits');
    await expect(page.getByTestId('sample-total-credits')).toHaveText('600 crédits');

    const plans = page.getByTestId('pricing-plan');
    // The account page's plans at the account page's prices, beside the free offer.
    await expect(plans).toHaveCount(4);
    await expect(plans.nth(0)).toContainText('Découverte');
    await expect(plans.nth(0)).toContainText(/0\s€\/mois/);
    await expect(plans.nth(0)).toContainText('100 crédits');
    // Each plan gives more than packs for the same money, and says by how much.
    for (const [index, name, price, credits, extra] of [
      [1, 'Essentiel', '10', '2 750', 10],
      [2, 'Avancé', '20', '6 600', 10],
      [3, 'Premium', '35', '12 000', 14],
    ] as const) {
      await expect(plans.nth(index)).toContainText(`${extra} % de crédits en plus qu'avec les packs`);
      await expect(plans.nth(index)).toContainText(name);
      await expect(plans.nth(index)).toContainText(new RegExp(`${price}\\s€/mois`));
      await expect(plans.nth(index)).toContainText(new RegExp(`${credits.replace(' ', '\\s')} crédits par mois`));
    }
    await expect(plans.nth(2)).toContainText('Plus Populaire');

    const footerLinks = page.getByTestId('footer-link');
    await expect(footerLinks).toHaveText(['Mentions légales', 'CGU / CGV', 'Confidentialité', 'Contact']);
    // A visitor's session check answers 200 with no user: nothing fails in the console.
    expect(consoleErrors).toEqual([]);
  },
);

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the served page already shows the landing, every section in order', async ({ page }) => {
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('retouchées et mises en scène');
    await expect(page.locator('#hero').getByRole('link', { name: 'Commencer Gratuitement' })).toBeVisible();
    await expect(page.locator('#hero img').first()).toBeVisible();
    const order = await page
      .locator('[data-landing-section]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-landing-section')));
    expect(order).toEqual(SECTION_ORDER);
    await expect(page.getByTestId('pricing-plan')).toHaveCount(4);
  });
});

test('a visitor who chose the dark theme gets its toggle, and a clean console', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/landing');
  // The page was drawn at build time for the light theme; React then settles the visitor's own.
  await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName('Activer le thème clair');
  expect(consoleErrors).toEqual([]);
});

test('the sample pictures are real WebP files, in both sizes', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByTestId('pricing-plan')).toHaveCount(4); // the whole page is rendered
  const sources = await page
    .locator('main img[srcset]')
    .evaluateAll((images) =>
      images.flatMap((image) =>
        (image as HTMLImageElement).srcset.split(',').map((candidate) => candidate.trim().split(' ')[0]!),
      ),
    );
  const unique = [...new Set(sources)];
  expect(unique.length).toBe(56); // 6 examples and 16 character pictures (4 portraits, 12 results), two widths each
  for (const source of unique) {
    const response = await page.request.get(source);
    expect(response.status(), source).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
  }
  // The hero's images are above the fold: loaded at once, not lazily.
  const hero = page.locator('#hero img');
  await expect(hero.first()).toHaveAttribute('loading', 'eager');
  await expect
    .poll(() => hero.first().evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.locator('#samples img').first()).toHaveAttribute('loading', 'lazy');
});

/** Each link by its label and the section it sits in. */
const links: { name: string; section: string; to: string; signUp?: boolean }[] = [
  { name: 'Connexion', section: 'nav', to: '/auth' },
  { name: 'Commencer Gratuitement', section: 'nav', to: '/auth', signUp: true },
  { name: 'Commencer Gratuitement', section: 'hero', to: '/auth', signUp: true },
  { name: "Essayer l'Interface", section: 'hero', to: '/create' },
  { name: "Essayer l'Interface", section: 'samples', to: '/create' },
  { name: 'Essayer Maintenant', section: 'how-it-works', to: '/auth', signUp: true },
  { name: 'Créer Votre Première Transformation', section: 'gallery', to: '/create' },
  { name: 'Commencer Gratuitement', section: 'pricing', to: '/auth', signUp: true },
  { name: 'Commencer Maintenant', section: 'cta', to: '/auth', signUp: true },
];

test('every button goes where the spec says', { tag: PHONE }, async ({ page, isMobile }) => {
  await openLanding(page);
  const openMenuOnPhones = async () => {
    if (isMobile) await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  };
  for (const { name, section, to, signUp } of links) {
    if (section === 'nav' && name !== 'Connexion') await openMenuOnPhones();
    await page.locator(`[data-landing-section="${section}"]`).getByRole('link', { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === to);
    // The calls to start open the sign-up form; 'Connexion', the sign-in form.
    if (to === '/auth')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(signUp ? 'Créer un compte' : 'Connexion');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/landing');
  }

  const planButtons = page.locator('#pricing').getByRole('link');
  await expect(planButtons).toHaveText([
    'Commencer Gratuitement',
    'Choisir ce Plan',
    'Choisir ce Plan',
    'Choisir ce Plan',
  ]);
  // A visitor signs up first, then lands on the payment of the plan chosen.
  for (const [index, plan] of [
    [1, 'essentiel'],
    [2, 'avance'],
    [3, 'premium'],
  ] as const) {
    await planButtons.nth(index).click();
    await page.waitForURL(
      (url) => url.pathname === '/auth' && url.searchParams.get('next') === `/checkout?plan=${plan}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/landing');
  }

  // 'Fonctionnalités' and 'Tarifs' have no action: the page stays where it is.
  await openMenuOnPhones();
  for (const name of ['Fonctionnalités', 'Tarifs']) {
    await page.getByRole('button', { name }).click();
    await expect(page).toHaveURL(/\/landing$/);
  }
});

test('the slider follows the mouse to both ends, stops when the button is released anywhere, and moves by keys', async ({
  page,
}) => {
  await openLanding(page);
  const slider = exampleSlider(page);
  const box = await frameBox(page, exampleFrame(page));

  await page.mouse.move(box.x + box.width * 0.25, box.middleY);
  await page.mouse.down();
  await expect(slider).toHaveAttribute('aria-valuenow', '25'); // a press puts the divider under the pointer
  await page.mouse.move(box.pastLeft, box.middleY, { steps: 5 });
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await page.mouse.move(box.pastRight, box.y + box.height + 20, { steps: 8 }); // off the image, below and to the right
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await page.mouse.up(); // released outside the image
  await page.mouse.move(box.middleX, box.middleY, { steps: 4 });
  await expect(slider).toHaveAttribute('aria-valuenow', '100');

  // The arrow keys, Home and End move it too.
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '95');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '10');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('the slider follows a finger to both ends', async ({ page }) => {
    await openLanding(page);
    const slider = exampleSlider(page);
    const box = await frameBox(page, exampleFrame(page));
    const touch = await page.context().newCDPSession(page);
    const swipe = async (toX: number) => {
      const y = box.middleY;
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.middleX, y }] });
      for (let step = 1; step <= 10; step += 1) {
        const x = Math.round(box.middleX + ((toX - box.middleX) * step) / 10);
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      }
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };

    await swipe(box.pastLeft);
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await swipe(box.pastRight);
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
  });
});

test('a desktop browser keeps the ordinary layout, where a feature card lights up under the mouse', async ({
  page,
}) => {
  await page.goto('/landing');
  await expect(page.locator('body')).not.toHaveClass(/landing-touch-device/);
  const card = page.getByTestId('feature-card').first();
  await card.scrollIntoViewIfNeeded();
  const look = () =>
    card.evaluate((element) => {
      const style = getComputedStyle(element);
      return { border: style.borderTopColor, transform: style.transform, shadow: style.boxShadow };
    });
  const resting = await look();
  expect(resting.transform).toBe('none');
  await card.hover();
  await expect.poll(async () => (await look()).border).not.toBe(resting.border);
  await expect.poll(async () => (await look()).transform).not.toBe('none');
  expect((await look()).shadow).not.toBe(resting.shadow);
  await page.mouse.move(0, 0);
  await expect.poll(async () => (await look()).transform).toBe('none');
});

test('nothing sticks out sideways at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/landing');
  await expect(page.getByTestId('pricing-plan')).toHaveCount(4);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // The page clips nothing, so this checks that every element ends inside the screen.
  const outside = await page
    .locator('.landing *')
    .evaluateAll(
      (elements, limit) =>
        elements
          .filter((element) => element.getBoundingClientRect().right > limit + 0.5)
          .map(
            (element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`,
          ),
      width,
    );
  expect(outside).toEqual([]);
});

test.describe('phone and tablet layout', () => {
  test(
    'a phone gets the touch layout and a resize, and loses the layout when it leaves the page',
    { tag: PHONE_ONLY },
    async ({ page }) => {
      await page.addInitScript(() => {
        (window as Window & { resizes?: number }).resizes = 0;
        window.addEventListener('resize', () => ((window as Window & { resizes?: number }).resizes! += 1));
      });
      await page.goto('/landing');
      const body = page.locator('body');
      await expect(body).toHaveClass(/landing-touch-device/);
      await expect
        .poll(() => page.evaluate(() => (window as Window & { resizes?: number }).resizes))
        .toBeGreaterThan(0);
      const layout = await body.evaluate((element) => ({
        overflowY: getComputedStyle(element).overflowY,
        minHeight: parseFloat(getComputedStyle(element).minHeight),
        viewport: window.innerHeight,
      }));
      expect(layout.overflowY).toBe('auto');
      expect(layout.minHeight).toBeGreaterThanOrEqual(layout.viewport);

      await page.getByRole('banner').getByRole('link', { name: 'Connexion' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await expect(body).not.toHaveClass(/landing-touch-device/);
      expect(await body.evaluate((element) => parseFloat(getComputedStyle(element).minHeight) || 0)).toBeLessThan(
        layout.viewport,
      );
    },
  );

  test.describe('on an iPad', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });

    test('the touch layout applies too', async ({ page }) => {
      await page.goto('/landing');
      await expect(page.locator('body')).toHaveClass(/landing-touch-device/);
    });
  });
});

test('a member is offered the studio, not a sign-in, and every link of the landing, the menus and the footers leads to a page', async ({
  page,
}) => {
  await signUpThroughApi(page, newPerson('Inès'));
  const paths = new Set<string>();
  const collect = async () => {
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of hrefs) if (href && !href.startsWith('/api/')) paths.add(href);
  };
  await openLanding(page);
  // The member's version of the page: the studio in the bar, plans that lead to payment.
  const nav = page.locator('[data-landing-section="nav"]');
  await expect(nav.getByRole('link', { name: 'Studio', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Connexion' })).toHaveCount(0);
  await collect();
  await nav.getByRole('link', { name: 'Studio', exact: true }).click();
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 20_000 });
  await page.goto('/gallery');
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await collect();
  expect(paths.size).toBeGreaterThan(12);
  for (const path of paths) {
    // A plan's checkout opens a Stripe subscription: the subscription journeys follow those links.
    if (path.startsWith('/checkout')) continue;
    await page.goto(path);
    await expect(page.locator('#app-loading')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Page introuvable' }), `${path} leads nowhere`).toHaveCount(0);
  }
});
