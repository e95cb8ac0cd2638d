import type { Locator, Page } from '@playwright/test';
import {
  addAddress,
  appOrigin,
  expect,
  nurseryByApi,
  orderByApi,
  signUpByApi,
  test,
  uniqueName,
} from './support';

// The layout on a phone and in the narrow places of a wide screen (docs/product.md#header-and-footer,
// #marketplace, #cart): nothing wider than a 360 px phone for a signed-in buyer or seller, two columns of cards,
// the Filter button's count, the cart's State select, and what a screen reader reads on cards and lines.

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };

/** Whether the page is wider than its screen (it scrolls sideways, and sits off-centre). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Puts one unit of a listing in the cart of the user signed in on the page. */
async function addToCart(page: Page, productId: number) {
  const added = await page.request.post('/api/cart', {
    headers: { origin: appOrigin() },
    data: { productId },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

/**
 * Where a visible element is. Waits for it: a header re-rendered between a visibility check and this one (the
 * signed-in state arriving, say) briefly has no box.
 */
async function box(locator: Locator) {
  const seen: { box: Awaited<ReturnType<Locator['boundingBox']>> } = { box: null };
  await expect
    .poll(
      async () => {
        seen.box = await locator.boundingBox();
        return seen.box !== null;
      },
      { message: `shown: ${locator}` },
    )
    .toBe(true);
  if (!seen.box) throw new Error(`not shown: ${locator}`);
  return seen.box;
}

async function expectFits(page: Page, path: string, ready: Locator, width: number) {
  await page.goto(path);
  await expect(ready, path).toBeVisible();
  await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
  expect(await overflow(page), `${path} is wider than ${width} px`).toBe(0);
  const avatar = await box(page.getByRole('button', { name: 'My account' }));
  expect(avatar.x + avatar.width, `the avatar on ${path}`).toBeLessThanOrEqual(width);
}

test('a signed-in buyer’s and seller’s pages fit a 360 px phone, header and avatar included', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const nursery = await nurseryByApi(browser, baseURL, () => `Wide ${uniqueName('plant').replace('_', '')}`);
  try {
    await signUpByApi(page, uniqueName('buyer'));
    await addAddress(page);
    const orderId = await orderByApi(
      page.request,
      nursery.id,
      'A note long enough to wrap on a phone screen.',
    );
    await addToCart(page, nursery.id);
    await page.setViewportSize(SMALL_PHONE);
    const w = SMALL_PHONE.width;
    const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
    await expectFits(page, '/marketplace', page.getByRole('list', { name: 'Products' }), w);
    await expectFits(page, `/product/${nursery.id}`, h1(nursery.title), w);
    await expectFits(page, '/cart', page.getByRole('list', { name: 'Cart items' }), w);
    await expectFits(page, '/orders', page.getByRole('list', { name: 'Orders' }), w);
    await expectFits(page, `/orders/${orderId}`, h1(`Order #${orderId}`), w);
    await expectFits(page, '/notifications', page.getByRole('list', { name: 'Notifications' }), w);
    await expectFits(page, '/account/addresses', h1('Addresses'), w);

    const seller = nursery.page;
    await seller.setViewportSize(SMALL_PHONE);
    await expectFits(
      seller,
      '/seller/dashboard',
      seller.getByRole('heading', { name: 'Recent Listings' }),
      w,
    );
    await expectFits(
      seller,
      '/seller/dashboard?tab=orders',
      seller.getByRole('list', { name: 'To ship shipments' }),
      w,
    );
    await expectFits(
      seller,
      '/seller/listings',
      seller.getByRole('heading', { level: 2, name: nursery.title }),
      w,
    );
    await expectFits(
      seller,
      '/seller/add-listing',
      seller.getByRole('heading', { level: 1, name: 'Add New Listing' }),
      w,
    );
    await expectFits(
      seller,
      '/seller/profile',
      seller.getByRole('heading', { level: 1, name: 'Shipping profile' }),
      w,
    );
    await expectFits(seller, '/marketplace', seller.getByRole('list', { name: 'Products' }), w);
  } finally {
    await nursery.context.close();
  }
});

test('a phone shows two columns of readable cards, here and under related products; a wide screen three', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/marketplace');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards.nth(3)).toBeVisible();
  const [a, b, c] = [await box(cards.nth(0)), await box(cards.nth(1)), await box(cards.nth(2))];
  expect(a.y).toBe(b.y);
  expect(b.x).toBeGreaterThan(a.x + a.width);
  expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
  expect(c.y).toBeGreaterThan(a.y);
  expect(await overflow(page)).toBe(0);
  // Each card's title, price and button are whole inside it, the button's words not cut.
  for (const [card, outer] of [
    [cards.nth(0), a],
    [cards.nth(1), b],
  ] as const) {
    // A visitor's Add to Cart is a link to sign in (visitor-to-buyer.spec.ts); Out of Stock a disabled button.
    const button = card
      .getByRole('link', { name: 'Add to Cart' })
      .or(card.getByRole('button', { name: 'Out of Stock' }));
    for (const part of [card.getByRole('heading', { level: 3 }), card.getByText(/^\$\d+\.\d\d$/), button]) {
      const inner = await box(part);
      expect(inner.x).toBeGreaterThanOrEqual(outer.x);
      expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
    }
    expect(await button.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
  }

  await cards.first().getByRole('heading', { level: 3 }).getByRole('link').click();
  const related = page.getByRole('region', { name: 'Related products' }).getByRole('article');
  await expect(related.nth(1)).toBeVisible();
  expect((await box(related.nth(0))).y).toBe((await box(related.nth(1))).y);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/marketplace');
  await expect(cards.nth(2)).toBeVisible();
  const rows = [];
  for (const i of [0, 1, 2, 3]) rows.push((await box(cards.nth(i))).y);
  expect(new Set(rows.slice(0, 3)).size).toBe(1);
  expect(rows[3]).toBeGreaterThan(rows[0] as number);
});

test('the Filter button says how many filters are on, and follows the chips', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/marketplace?form=cutting,rooted&organic=true&search=dragon');
  // Two forms and Organic: three filters; the search is not one of the drawer's.
  const button = page.getByRole('button', { name: 'Filter, 3 on' });
  await expect(button).toBeVisible();
  await expect(button.getByTestId('filter-count')).toHaveText('3');
  await page.getByRole('button', { name: 'Remove filter: Organic' }).click();
  await expect(page.getByRole('button', { name: 'Filter, 2 on' })).toBeVisible();

  await button.or(page.getByRole('button', { name: 'Filter, 2 on' })).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await drawer.getByRole('checkbox', { name: 'In stock only', exact: true }).uncheck();
  await drawer.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('button', { name: 'Filter, 3 on' })).toBeVisible();

  await page.goto('/marketplace?search=dragon');
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expect(page.getByTestId('filter-count')).toHaveCount(0);
});

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`the cart page's State select shows whole state names at ${viewport.width} px`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const nursery = await nurseryByApi(
      browser,
      baseURL,
      () => `Wide ${uniqueName('plant').replace('_', '')}`,
    );
    await nursery.context.close();
    await page.setViewportSize(viewport);
    await signUpByApi(page, uniqueName('buyer'));
    await addToCart(page, nursery.id);
    await page.goto('/cart');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    const state = summary.getByLabel('State');
    await state.selectOption({ label: 'California' });
    // The longest name of the list fits the select's text box, not only "California".
    const fits = await state.evaluate((el) => {
      const select = el as HTMLSelectElement;
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const widest = Math.max(...[...select.options].map((o) => context.measureText(o.text).width));
      return { room, widest };
    });
    expect(fits.widest).toBeLessThanOrEqual(fits.room);
  });
}

test('a screen reader reads a card, a cart line and an order line with a plain comma', async ({
  page,
  browser,
  baseURL,
}) => {
  const nursery = await nurseryByApi(browser, baseURL, () => `Wide ${uniqueName('plant').replace('_', '')}`);
  try {
    await signUpByApi(page, uniqueName('buyer'));
    await addAddress(page);
    const orderId = await orderByApi(page.request, nursery.id);
    await addToCart(page, nursery.id);

    await page.goto(`/marketplace?search=${encodeURIComponent(nursery.title)}`);
    const card = page.getByRole('article').filter({ hasText: nursery.title });
    await expect(card).toBeVisible();
    expect(await card.ariaSnapshot()).toContain('paragraph: Physical Graffiti, Cutting\n');

    await page.goto('/cart');
    const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').first();
    await expect(line).toBeVisible();
    expect(await line.ariaSnapshot()).toContain('paragraph: Physical Graffiti, $24.00 each');

    await page.goto(`/orders/${orderId}`);
    const item = page.getByRole('list', { name: 'Items' }).getByRole('listitem').first();
    await expect(item).toBeVisible();
    // The nursery's name is a link to its storefront, read after the plain comma.
    const read = await item.ariaSnapshot();
    expect(read).toContain('text: Physical Graffiti, Sold by\n');
    expect(read).toContain(`link "${nursery.name}"`);
  } finally {
    await nursery.context.close();
  }
});
