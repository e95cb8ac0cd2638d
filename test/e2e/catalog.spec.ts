import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, toast, uniqueName } from './support';

/** What the API says the total is for a query, so the tests follow the demo data rather than copy it. */
async function apiTotal(request: APIRequestContext, query: string): Promise<number> {
  const res = await request.get(`/api/products?${query}`);
  expect(res.ok()).toBe(true);
  return Number(res.headers()['x-total-count']);
}

function resultCount(page: Page) {
  return page.getByRole('status').filter({ hasText: /results?$/ });
}

function countText(n: number): string {
  return n === 1 ? '1 result' : `${n.toLocaleString('en-US')} results`;
}

/** The prices of the cards on the page, in dollars. */
async function shownPrices(page: Page): Promise<number[]> {
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  const texts = await cards.locator('p', { hasText: /^\$[\d,]+\.\d\d$/ }).allInnerTexts();
  return texts.map((t) => Number(t.replace(/[$,]/g, '')));
}

test('opening /marketplace?variety=Sugar%20Dragon&organic=true shows those filters checked and their chips', async ({
  page,
  request,
}) => {
  const total = await apiTotal(request, 'variety=Sugar%20Dragon&organic=true&inStock=true');
  await page.goto('/marketplace?variety=Sugar%20Dragon&organic=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Dragon Fruit Marketplace' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Sugar Dragon', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Organic', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'In stock only', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'American Beauty', exact: true })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Remove filter: Sugar Dragon' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter: Organic' })).toBeVisible();
  await expect(resultCount(page)).toHaveText(countText(total));
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards).toHaveCount(Math.min(total, 6));
  for (const card of await cards.all()) await expect(card).toContainText('Sugar Dragon');

  // The desktop sidebar shows five varieties, and all nine on request.
  await expect(page.getByRole('checkbox', { name: 'Dark Star', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all varieties' }).click();
  await expect(page.getByRole('checkbox', { name: 'Dark Star', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show fewer' }).click();
  await expect(page.getByRole('checkbox', { name: 'Dark Star', exact: true })).toHaveCount(0);
});

test('applying a price range updates the URL and the results', async ({ page, request }) => {
  const total = await apiTotal(request, 'inStock=true&minPrice=10&maxPrice=50');
  await page.goto('/marketplace');
  await expect(page.getByLabel('Min price')).toHaveAttribute('placeholder', '$0');
  await expect(page.getByLabel('Max price')).toHaveAttribute('placeholder', '$500');
  await page.getByLabel('Min price').fill('10');
  await page.getByLabel('Max price').fill('50');
  await page.getByRole('button', { name: 'Apply Filters' }).click();

  await expect(page).toHaveURL(/\/marketplace\?minPrice=10&maxPrice=50$/);
  await expect(page.getByRole('button', { name: 'Remove filter: $10.00 – $50.00' })).toBeVisible();
  await expect(resultCount(page)).toHaveText(countText(total));
  await expect.poll(async () => (await shownPrices(page)).every((p) => p >= 10 && p <= 50)).toBe(true);

  // A minimum above the maximum is refused with a message, and the URL stays as it was.
  await page.getByLabel('Min price').fill('60');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('Min price cannot be above max price')).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace\?minPrice=10&maxPrice=50$/);
});

test('removing a chip removes that filter from the URL and the panel', async ({ page, request }) => {
  const total = await apiTotal(request, 'variety=Sugar%20Dragon&inStock=true');
  await page.goto('/marketplace?variety=Sugar%20Dragon&organic=true');
  await page.getByRole('button', { name: 'Remove filter: Organic' }).click();
  await expect(page).toHaveURL(/\/marketplace\?variety=Sugar%20Dragon$/);
  await expect(page.getByRole('checkbox', { name: 'Organic', exact: true })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Remove filter: Organic' })).toHaveCount(0);
  await expect(resultCount(page)).toHaveText(countText(total));

  // Back restores the removed filter; Reset All clears everything.
  await page.goBack();
  await expect(page.getByRole('checkbox', { name: 'Organic', exact: true })).toBeChecked();
  await page.getByRole('link', { name: 'Reset All' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
});

test('paging to page 2 shows the next six listings', async ({ page, request }) => {
  const total = await apiTotal(request, 'inStock=true');
  expect(total).toBeGreaterThan(6);
  await page.goto('/marketplace');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pagination.getByRole('link', { name: /^Page \d+$/ })).toHaveCount(
    Math.min(5, Math.ceil(total / 6)),
  );
  const firstTitle = await page
    .getByRole('list', { name: 'Products' })
    .getByRole('heading')
    .first()
    .innerText();

  await pagination.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/marketplace\?page=2$/);
  await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pagination.getByRole('link', { name: 'Previous' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('heading').first()).not.toHaveText(
    firstTitle,
  );

  // Changing the sort goes back to page 1.
  await page.getByLabel('Sort by').selectOption('price-low-high');
  await expect(page).toHaveURL(/\/marketplace\?sort=price-low-high$/);
  await expect
    .poll(async () => {
      const prices = await shownPrices(page);
      return prices.every((p, i) => i === 0 || (prices[i - 1] ?? 0) <= p);
    })
    .toBe(true);
});

test('the mobile Filter drawer opens, closes on Escape and applies filters at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/marketplace');
  await expect(page.getByRole('complementary')).toHaveCount(0);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Show all varieties' })).toHaveCount(0);
  await drawer.getByRole('checkbox', { name: 'Organic', exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/marketplace$/);

  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await drawer.getByRole('checkbox', { name: 'Rooted Plants', exact: true }).check();
  await drawer.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/form=rooted/);
  await expect(page.getByRole('button', { name: 'Remove filter: Rooted Plants' })).toBeVisible();
});

test('the mobile Filter drawer locks the page scroll, closes by its button and the backdrop, and applies a price range', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/marketplace');
  const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  const open = () => page.getByRole('button', { name: 'Filter', exact: true }).click();

  await open();
  await expect(drawer).toBeVisible();
  expect(await bodyOverflow()).toBe('hidden');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect.poll(bodyOverflow).not.toBe('hidden');

  await open();
  await expect(drawer).toBeVisible();
  // The drawer comes from the left and is at most 22rem wide: the right edge is backdrop.
  await page.mouse.click(385, 420);
  await expect(drawer).toBeHidden();

  await open();
  await drawer.getByLabel('Min price').fill('10');
  await drawer.getByLabel('Max price').fill('20');
  await drawer.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/minPrice=10&maxPrice=20/);
  await expect.poll(async () => (await shownPrices(page)).every((p) => p >= 10 && p <= 20)).toBe(true);
});

test('the product page shows the details and its three tabs', async ({ page }) => {
  await page.goto('/marketplace?variety=Sugar%20Dragon');
  const firstLink = page.getByRole('list', { name: 'Products' }).getByRole('link').first();
  const title = await firstLink.innerText();
  await firstLink.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  const url = new URL(page.url());

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/^In stock: \d+ available$/)).toBeVisible();
  await expect(page.getByText('Florida').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');

  const quantity = page.getByLabel('Quantity', { exact: true });
  await expect(quantity).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('2');

  await page.getByRole('tab', { name: 'Growing Info' }).click();
  const growing = page.getByRole('tabpanel', { name: 'Growing Info' });
  await expect(growing).toContainText('at least 6 hours of sun');
  await expect(growing).toContainText('65-85°F');

  await page.getByRole('tab', { name: 'Reviews' }).click();
  const reviews = page.getByRole('tabpanel', { name: 'Reviews' });
  await expect(reviews.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
  await expect(reviews.getByText('No reviews yet').or(reviews.getByRole('listitem').first())).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Related products' })).toBeVisible();

  // A visitor who adds is sent to sign in, and back here afterwards with the plant added (visitor-to-buyer.spec.ts).
  await page.getByRole('link', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${url.pathname}%3Fadd%3D\\d+$`));
});

test('a non-numeric product id shows Product Not Found without asking the API', async ({ page }) => {
  const productRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/products')) productRequests.push(r.url());
  });
  await page.goto('/product/not-a-number');
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await expect(
    page.getByText("The product you're looking for doesn't exist or has been removed"),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  // The marketplace asks for its list and facets; a request the first page made would have been seen before them.
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeVisible();
  const forAProduct = productRequests.filter((u) => !/\/api\/products(\/facets)?$/.test(new URL(u).pathname));
  expect(forAProduct).toEqual([]);
});

test('the home page featured varieties lead to the filtered marketplace', async ({ page }) => {
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Featured Varieties' });
  for (const [variety, tag] of [
    ['Sugar Dragon', 'POPULAR'],
    ['American Beauty', 'BEST SELLER'],
    ['Yellow Dragon', 'EXOTIC'],
  ] as const) {
    await expect(featured.getByRole('link', { name: variety, exact: true })).toHaveAttribute(
      'href',
      `/marketplace?variety=${encodeURIComponent(variety)}`,
    );
    await expect(featured.getByRole('article').filter({ hasText: variety })).toContainText(tag);
  }
  await expect(featured.getByRole('link', { name: 'Browse All Varieties' })).toHaveAttribute(
    'href',
    '/marketplace',
  );
  await expect(page.getByRole('link', { name: 'Start Selling' })).toHaveAttribute(
    'href',
    '/register?seller=true',
  );

  await featured.getByRole('link', { name: 'Yellow Dragon', exact: true }).click();
  await expect(page).toHaveURL(/\/marketplace\?variety=Yellow%20Dragon$/);
  await expect(page.getByRole('checkbox', { name: 'Yellow Dragon', exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Remove filter: Yellow Dragon' })).toBeVisible();
});

test('the newsletter refuses an invalid address without a request, then subscribes', async ({ page }) => {
  const newsletterRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/newsletter')) newsletterRequests.push(r.method());
  });
  await page.goto('/');
  const email = page.getByLabel('Email address');
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toast(page, 'Invalid email')).toBeVisible();
  await expect(toast(page, 'Please enter a valid email address')).toBeVisible();
  expect(newsletterRequests).toEqual([]);

  await email.fill(`${uniqueName('grower')}@example.com`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toast(page, 'Subscribed!')).toBeVisible();
  await expect(toast(page, "You've been successfully subscribed to our newsletter.")).toBeVisible();
  await expect(email).toHaveValue('');
  expect(newsletterRequests).toEqual(['POST']);
});

test('an unknown guide shows a not-found message with a link to the guides', async ({ page }) => {
  await page.goto('/guides/pollination');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pollinating Dragon Fruit Flowers' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step by step' })).toBeVisible();
  await page.goto('/guides/no-such-guide');
  await expect(page.getByRole('heading', { name: 'Guide not found' })).toBeVisible();
  await page.getByRole('link', { name: 'See all growing guides' }).click();
  await expect(page).toHaveURL(/\/guides$/);
  await expect(page.getByRole('link', { name: 'Rooting Dragon Fruit Cuttings' })).toBeVisible();
});
