import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, expectNoSeriousViolations } from './axe';
import { test as stripeTest } from './stripe-app';
import { expect, PASSWORD, PAYMENT_INSTRUCTIONS, test, toast, uniqueName, waitsForAdoption } from './support';

/*
 * The accessibility gate (docs/quality.md#accessibility): an axe-core scan of every page in both themes, with no
 * serious or critical WCAG 2.0/2.1 A/AA violation, and keyboard-only checks of the panels, the form labels and
 * the focus ring. Every test makes its own users and data.
 */

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const MOBILE = { width: 390, height: 844 };

/**
 * The saved theme is read before first paint; the system preference is set to the other theme, so the
 * saved one must win. Animations are off, so colours are measured at rest.
 */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme === 'dark' ? 'light' : 'dark', reducedMotion: 'reduce' });
  await page.addInitScript((t) => localStorage.setItem('ui-theme', t), theme);
}

/** Waits until the page has settled: its heading shown, no loading placeholder left, the fonts in. */
async function settle(page: Page, theme: Theme): Promise<void> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function visitAndScan(page: Page, theme: Theme, path: string, label = path): Promise<void> {
  await page.goto(path);
  await settle(page, theme);
  await expectNoSeriousViolations(page, `${label} (${theme})`);
}

/** Same-origin API calls need an Origin header (the server's CSRF check). */
function originHeaders(baseURL: string | undefined): Record<string, string> {
  return { origin: new URL(baseURL ?? 'http://localhost:5179').origin };
}

async function registerByApi(
  request: APIRequestContext,
  baseURL: string | undefined,
  { seller = false } = {},
): Promise<string> {
  const username = uniqueName(seller ? 'a11y_s' : 'a11y_b');
  const res = await request.post('/api/auth/register', {
    headers: originHeaders(baseURL),
    data: { username, email: `${username}@example.com`, password: PASSWORD, isSeller: seller },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

/**
 * A well-stocked listing of the demo data (the cheapest ones have the most stock). Listings other tests make
 * (and may sell out or delete while this one runs) are left out.
 */
async function seededProductId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/products?sort=price-low-high');
  expect(res.ok()).toBe(true);
  const products = (await res.json()) as { id: number; quantity: number; seller: { username: string } }[];
  const seeded = products.find((p) => p.seller.username === 'demo_seller' && p.quantity >= 5);
  if (!seeded) throw new Error('no listing of the demo data was found');
  return seeded.id;
}

async function addToCart(
  request: APIRequestContext,
  baseURL: string | undefined,
  productId: number,
): Promise<void> {
  const res = await request.post('/api/cart', {
    headers: originHeaders(baseURL),
    data: { productId, quantity: 1 },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function checkout(request: APIRequestContext, baseURL: string | undefined): Promise<number> {
  const address = await request.post('/api/addresses', {
    headers: originHeaders(baseURL),
    data: { name: 'Axe Buyer', line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' },
  });
  expect(address.status(), await address.text()).toBe(201);
  const res = await request.post('/api/orders', { headers: originHeaders(baseURL), data: {} });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function openCartPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Cart', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/^Loading/)).toHaveCount(0);
  return panel;
}

for (const theme of THEMES) {
  test.describe(`axe, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    for (const [label, path] of [
      ['home', '/'],
      ['marketplace', '/marketplace'],
      ['storefront', '/sellers/demo_seller'],
      ['login', '/login'],
      ['register', '/register'],
      ['guides', '/guides'],
      ['guide', '/guides/rooting-cuttings'],
      ['help', '/help'],
      ['not found', '/no/such/page'],
    ] as const) {
      test(`${label} (${path})`, async ({ page }) => {
        await visitAndScan(page, theme, path, label);
      });
    }

    test('register as a seller, and the login form with an error', async ({ page }) => {
      test.slow();
      await visitAndScan(page, theme, '/register?seller=true', 'register (seller)');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Username must be at least', { exact: false }).first()).toBeVisible();
      await expectNoSeriousViolations(page, `register with errors (${theme})`);

      await visitAndScan(page, theme, '/login');
      await page.getByLabel('Username').fill('nobody_here');
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(toast(page, 'Login failed')).toBeVisible();
      await expectNoSeriousViolations(page, `login with an error toast (${theme})`);
    });

    test('a product page and its tabs, as a visitor', async ({ page }) => {
      test.slow();
      const id = await seededProductId(page.request);
      await visitAndScan(page, theme, `/product/${id}`, 'product');
      await page.getByRole('tab', { name: 'Growing Info' }).click();
      await expectNoSeriousViolations(page, `product, Growing Info tab (${theme})`);
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Reviews' })).toBeVisible();
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      await expectNoSeriousViolations(page, `product, Reviews tab (${theme})`);
    });

    test('listing photos: the form with photos and a refused file, and the product page with a gallery', async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await registerByApi(page.request, baseURL, { seller: true });
      const headers = originHeaders(baseURL);
      const created = await page.request.post('/api/products', {
        headers,
        data: {
          title: `Photographed ${uniqueName('lot')}`,
          description: 'Photos of the plant.',
          variety: 'Sugar Dragon',
          form: 'cutting',
          shipsAs: 'unrooted-cutting',
          price: 18,
          quantity: 4,
          imageUrl: '/images/products/sugar-dragon-cutting.svg',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      for (const colour of ['#e0286f', '#3f7a2a']) {
        const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
          .jpeg()
          .toBuffer();
        const res = await page.request.post(`/api/products/${id}/photos`, {
          headers,
          multipart: { file: { name: 'plant.jpg', mimeType: 'image/jpeg', buffer } },
        });
        expect(res.status(), await res.text()).toBe(201);
      }

      await visitAndScan(page, theme, `/seller/add-listing?id=${id}`, 'edit listing with photos');
      await page
        .getByLabel('Choose photos')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoSeriousViolations(page, `listing photos with a refused file (${theme})`);
      await page.getByRole('button', { name: 'Delete photo 2' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `delete-photo dialog (${theme})`);
      await page.keyboard.press('Escape');

      await visitAndScan(page, theme, `/product/${id}`, 'product with a gallery');
      await page.getByRole('button', { name: 'Show photo 2 of 2' }).click();
      await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page, `product gallery on its second photo (${theme})`);
    });

    test('a buyer: account menu, product reviews, cart page, cart panel, orders and an order', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await registerByApi(page.request, baseURL);
      const id = await seededProductId(page.request);
      await addToCart(page.request, baseURL, id);

      await visitAndScan(page, theme, `/product/${id}`, 'product (signed in)');
      await page.getByRole('button', { name: 'My account' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolations(page, `account menu (${theme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Reviews' })).toBeVisible();
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      await expectNoSeriousViolations(page, `product, Reviews tab, signed in (${theme})`);

      await visitAndScan(page, theme, '/cart');
      await expect(page.getByRole('main').getByRole('list', { name: 'Cart items' })).toBeVisible();
      await expectNoSeriousViolations(page, `/cart with an item (${theme})`);

      await openCartPanel(page);
      await expectNoSeriousViolations(page, `cart panel (${theme})`);
      await page.keyboard.press('Escape');

      const orderId = await checkout(page.request, baseURL);
      await visitAndScan(page, theme, '/orders');
      await expect(page.getByRole('list', { name: 'Orders' })).toBeVisible();
      // The order page as checkout leaves it: a nursery still to pay, with its instructions.
      await visitAndScan(page, theme, `/orders/${orderId}`, '/orders/:id, payment awaited');
      await expect(page.getByRole('heading', { level: 3, name: /^Pay .+ \$[\d.,]+$/ })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `cancel-order dialog (${theme})`);
    });

    test('a new seller: the dashboard asking where plants ship from, the profile form with errors', async ({
      page,
      baseURL,
    }) => {
      await registerByApi(page.request, baseURL, { seller: true });
      await visitAndScan(page, theme, '/seller/dashboard', 'seller dashboard without a ship-from state');
      await expect(page.getByRole('region', { name: 'Choose where your plants ship from' })).toBeVisible();
      await visitAndScan(page, theme, '/seller/profile');
      await page.getByRole('button', { name: 'Add certificate' }).click();
      await page.getByRole('button', { name: 'Save shipping profile' }).click();
      await expect(page.getByText('Choose the state your plants ship from')).toBeVisible();
      await expectNoSeriousViolations(page, `/seller/profile with errors (${theme})`);
    });

    test('a seller: dashboard, listings, add listing with errors', async ({ page, baseURL, playwright }) => {
      // The longest scan of the suite: ten views of a seller with listings and an order.
      test.setTimeout(180_000);
      await registerByApi(page.request, baseURL, { seller: true });
      const profile = await page.request.put('/api/seller/profile', {
        headers: originHeaders(baseURL),
        data: { shipFromState: 'FL', paymentInstructions: PAYMENT_INSTRUCTIONS },
      });
      expect(profile.status(), await profile.text()).toBe(200);
      const title = `Accessible Sugar Dragon ${uniqueName('lot').replace('_', '')}`;
      const created = await page.request.post('/api/products', {
        headers: originHeaders(baseURL),
        data: {
          title,
          description: 'A well-callused cutting, ready to root.',
          variety: 'Sugar Dragon',
          form: 'cutting',
          cuttingSize: '12 inch',
          price: 14.5,
          quantity: 10,
          imageUrl: '/images/products/sugar-dragon-cutting.svg',
          organic: true,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const listingId = ((await created.json()) as { id: number }).id;
      const soldOut = await page.request.post('/api/products', {
        headers: originHeaders(baseURL),
        data: {
          title: `${title} mature`,
          description: 'A mature plant.',
          variety: 'Dark Star',
          form: 'mature',
          price: 99,
          quantity: 1,
          inStock: false,
          imageUrl: '/images/products/dark-star-mature.svg',
        },
      });
      expect(soldOut.status()).toBe(201);

      // A buyer orders the listing, so the seller's Orders tab has a line.
      const buyer = await playwright.request.newContext({ baseURL });
      try {
        await registerByApi(buyer, baseURL);
        await addToCart(buyer, baseURL, listingId);
        await checkout(buyer, baseURL);
      } finally {
        await buyer.dispose();
      }

      await visitAndScan(page, theme, '/seller/dashboard');
      await page.getByRole('tab', { name: 'Orders' }).click();
      await expect(page.getByRole('tabpanel')).toContainText(title);
      await expect(page.getByRole('button', { name: /^Payment received/ }).first()).toBeVisible();
      await expectNoSeriousViolations(page, `seller dashboard, Orders tab (${theme})`);
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await expectNoSeriousViolations(page, `seller dashboard, Analytics tab (${theme})`);
      await page.getByRole('tab', { name: 'Orders' }).click();
      await page
        .getByRole('button', { name: /^Payment received/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `payment-received dialog (${theme})`);
      await page.getByRole('dialog').getByRole('button', { name: 'Yes, payment received' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await page
        .getByRole('button', { name: /^Mark shipped/ })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
      await expect(page.getByText('Enter the USPS tracking number')).toBeVisible();
      await expectNoSeriousViolations(page, `ship dialog with an error (${theme})`);
      await page.keyboard.press('Escape');
      await page
        .getByRole('link', { name: /^Packing slip/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisible();
      await expectNoSeriousViolations(page, `packing slip (${theme})`);
      await visitAndScan(page, theme, '/notifications');
      await expect(page.getByRole('list', { name: 'Notifications' })).toBeVisible();

      await visitAndScan(page, theme, '/seller/listings');
      await page
        .getByRole('list', { name: 'Listings' })
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `delete-listing dialog (${theme})`);
      await page.keyboard.press('Escape');

      await visitAndScan(page, theme, '/seller/add-listing');
      await page.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByText('Title is required')).toBeVisible();
      await expectNoSeriousViolations(page, `/seller/add-listing with errors (${theme})`);

      await visitAndScan(page, theme, `/seller/add-listing?id=${listingId}`, 'edit listing');
    });

    // Card payments are scanned on the second app, which takes them by Stripe (./stripe-app.ts).
    stripeTest(
      "card payments: the profile's Card payments, and the order page awaiting, cancelled, processing and paid",
      async ({ browser, stripeApp }) => {
        stripeTest.setTimeout(180_000);
        const { baseURL, stripe } = stripeApp;
        const seller = await browser.newContext({ baseURL });
        const buyer = await browser.newContext({ baseURL });
        const page = waitsForAdoption(await seller.newPage());
        const shopper = waitsForAdoption(await buyer.newPage());
        await useTheme(page, theme);
        await useTheme(shopper, theme);
        try {
          await registerByApi(page.request, baseURL, { seller: true });
          const profile = await page.request.put('/api/seller/profile', {
            headers: originHeaders(baseURL),
            data: { shipFromState: 'FL' },
          });
          expect(profile.status(), await profile.text()).toBe(200);
          await visitAndScan(page, theme, '/seller/profile', '/seller/profile, card payments not connected');
          await expect(page.getByRole('button', { name: 'Connect with Stripe' })).toBeVisible();
          const link = await page.request.post('/api/seller/payout-account', {
            headers: originHeaders(baseURL),
          });
          expect(link.status(), await link.text()).toBe(200);
          const { url } = (await link.json()) as { url: string };
          const account = decodeURIComponent(/\/onboard\/([^/?]+)/.exec(url)?.[1] ?? '');
          await stripe.activate(account);
          await stripe.restrict(account, ['individual.verification.document', 'external_account']);
          // The return parameter's earlier name, as links Stripe was given before carry it, still reads as a return.
          await visitAndScan(
            page,
            theme,
            '/seller/profile?stripe=return',
            '/seller/profile, Stripe needs more',
          );
          await expect(page.getByText('A bank account for your payouts')).toBeVisible();
          await expect(
            page.getByText('Back from Stripe: it has not finished with your account yet.'),
          ).toBeVisible();
          await stripe.activate(account);
          const created = await page.request.post('/api/products', {
            headers: originHeaders(baseURL),
            data: {
              title: `Card-paid cutting ${uniqueName('lot').replace('_', '')}`,
              description: 'A well-callused cutting, ready to root.',
              variety: 'Sugar Dragon',
              form: 'cutting',
              cuttingSize: '12 inch',
              price: 14.5,
              quantity: 10,
              imageUrl: '/images/products/sugar-dragon-cutting.svg',
            },
          });
          expect(created.status(), await created.text()).toBe(201);
          await visitAndScan(page, theme, '/seller/profile', '/seller/profile, ready to sell by card');

          await registerByApi(shopper.request, baseURL);
          await addToCart(shopper.request, baseURL, ((await created.json()) as { id: number }).id);
          const orderId = await checkout(shopper.request, baseURL);
          await visitAndScan(shopper, theme, `/orders/${orderId}`, '/orders/:id by card, awaiting');
          await expect(shopper.getByRole('button', { name: 'Pay now' })).toBeVisible();
          await visitAndScan(
            shopper,
            theme,
            `/orders/${orderId}?payment=cancel`,
            '/orders/:id by card, cancelled',
          );
          await expect(shopper.getByText('Payment not completed: your card was not charged.')).toBeVisible();
          await visitAndScan(
            shopper,
            theme,
            `/orders/${orderId}?payment=return`,
            '/orders/:id by card, processing',
          );
          await expect(shopper.getByText('Payment status: Payment processing')).toBeVisible();
          const order = (await (await shopper.request.get(`/api/orders/${orderId}`)).json()) as {
            payment: { redirectUrl: string | null };
          };
          await stripe.pay(/\/pay\/([^/?]+)/.exec(order.payment.redirectUrl ?? '')?.[1] ?? '');
          await expect(shopper.getByText('Payment status: Paid')).toBeVisible();
          await expectNoSeriousViolations(shopper, `/orders/:id by card, paid (${theme})`);
        } finally {
          await seller.close();
          await buyer.close();
        }
      },
    );

    test('the theme menu', async ({ page }) => {
      await page.goto('/');
      await settle(page, theme);
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolations(page, `theme menu (${theme})`);
    });

    test('390 px: the home page, the mobile menu and the marketplace filter drawer', async ({ page }) => {
      test.slow();
      await page.setViewportSize(MOBILE);
      await visitAndScan(page, theme, '/', 'home at 390 px');
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `mobile menu (${theme})`);
      await page.keyboard.press('Escape');

      await visitAndScan(page, theme, '/marketplace', 'marketplace at 390 px');
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
      await expectNoSeriousViolations(page, `filter drawer (${theme})`);
    });
  });
}

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs forwards and backwards through an open dialog; the focus must never leave it. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  expect(await inside(), 'focus moves into the panel when it opens').toBe(true);
  const seen = new Set<string>();
  for (const key of [...Array(25).fill('Tab'), ...Array(10).fill('Shift+Tab')] as string[]) {
    await page.keyboard.press(key);
    expect(await inside(), `focus stays in the panel after ${key}`).toBe(true);
    seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
  }
  // Tab went round, not stuck on one element.
  expect(seen.size).toBeGreaterThan(2);
}

test('the scan itself reports what it is there to find: faint text, a button without a name, a bad ARIA role', async ({
  page,
}) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const main = document.querySelector('main');
    main?.insertAdjacentHTML(
      'beforeend',
      '<p style="color:#ddd;background:#fff">Faint words</p><button type="button"></button><div role="nonsense">x</div>',
    );
  });
  const found = (await axeViolations(page)).map((v) => v.id).sort();
  expect(found).toEqual(expect.arrayContaining(['aria-roles', 'button-name', 'color-contrast']));
  // The label rules alone, as the form checks run them: none of them is about these.
  expect(await axeViolations(page, { rules: ['label', 'select-name'] })).toEqual([]);
  await page.evaluate(() =>
    document.querySelector('main')?.insertAdjacentHTML('beforeend', '<input type="text">'),
  );
  expect((await axeViolations(page, { rules: ['label'] })).map((v) => v.id)).toEqual(['label']);
});

test.describe('keyboard only', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('the cart panel opens from the header with Tab and Enter, traps focus and closes with Escape', async ({
    page,
    baseURL,
  }) => {
    await registerByApi(page.request, baseURL);
    await addToCart(page.request, baseURL, await seededProductId(page.request));
    await page.goto('/');
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const cartButton = page.getByRole('button', { name: 'Cart', exact: true });
    await tabTo(page, cartButton);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Cart items' })).toBeVisible();
    await expectFocusTrapped(page, panel);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(cartButton).toBeFocused();
  });

  test('the mobile filter drawer opens with the keyboard, traps focus and closes with Escape', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/marketplace');
    await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
    const filterButton = page.getByRole('button', { name: 'Filter', exact: true });
    await tabTo(page, filterButton);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await expectFocusTrapped(page, drawer);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(filterButton).toBeFocused();
  });

  test('the focus is visible on what Tab reaches on the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const checked: string[] = [];
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
        const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40);
        return { name: `${el.tagName.toLowerCase()} "${name}"`, visible: outline || shadow };
      });
      if (!focus) continue;
      expect.soft(focus.visible, `a focus indicator on ${focus.name}`).toBe(true);
      checked.push(focus.name);
    }
    expect(checked.length).toBeGreaterThanOrEqual(8);
  });
});

/** Every form control in the page's main region has a non-empty accessible name, and axe's label rules pass. */
async function expectNamedFields(page: Page, label: string): Promise<void> {
  const controls = page
    .getByRole('main')
    .locator(
      'input:not([type=hidden]):not([aria-hidden=true]), select, textarea, [role=checkbox], [role=radio], [role=combobox], [role=switch], [role=slider]',
    );
  const count = await controls.count();
  expect(count, `${label} has form fields`).toBeGreaterThan(1);
  for (const control of await controls.all()) {
    await expect.soft(control, `${label}: a field without a name`).toHaveAccessibleName(/\S/);
  }
  const violations = await axeViolations(page, {
    rules: ['label', 'select-name', 'aria-input-field-name', 'aria-toggle-field-name', 'label-title-only'],
  });
  expect
    .soft(
      violations.flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact}] ${n.target.join(' ')}`)),
      `${label}: label rules`,
    )
    .toEqual([]);
}

test.describe('form fields have names', () => {
  test('login', async ({ page }) => {
    await page.goto('/login');
    const main = page.getByRole('main');
    await expect(main.getByRole('textbox', { name: 'Username' })).toBeVisible();
    // A password field has no ARIA role; its label names it.
    await expect(main.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expectNamedFields(page, '/login');
  });

  test('register, as a buyer and as a seller', async ({ page }) => {
    await page.goto('/register');
    const main = page.getByRole('main');
    await expect(main.getByRole('textbox', { name: 'Username' })).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(main.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).toBeVisible();
    await expectNamedFields(page, '/register');
    await page.goto('/register?seller=true');
    await expect(main.getByRole('textbox', { name: 'Location (optional)' })).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Bio (optional)' })).toBeVisible();
    await expectNamedFields(page, '/register?seller=true');
  });

  test('add listing', async ({ page, baseURL }) => {
    await registerByApi(page.request, baseURL, { seller: true });
    await page.goto('/seller/add-listing');
    const main = page.getByRole('main');
    await expect(main.getByRole('textbox', { name: 'Title' })).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Description' })).toBeVisible();
    await expect(main.getByRole('combobox', { name: 'Variety' })).toBeVisible();
    await expect(main.getByRole('combobox', { name: 'Form' })).toBeVisible();
    await expect(main.getByRole('spinbutton', { name: 'Price' })).toBeVisible();
    await expect(main.getByRole('spinbutton', { name: 'Quantity' })).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Image URL' })).toBeVisible();
    await expect(main.getByRole('checkbox', { name: 'Organic' })).toBeVisible();
    await expectNamedFields(page, '/seller/add-listing');
  });
});
