import type { Product } from '@domain/catalog/responses';
import type { Page } from '@playwright/test';
import { addAddress, expect, signUpByApi, test, toast, uniqueName } from './support';

const LISTING = 'Thai Red Seeds (30 count)';

/** The listing as the API shows it now (through the page's own session). */
async function current(page: Page): Promise<Product> {
  const res = await page.request.get(`/api/products?search=${encodeURIComponent(LISTING)}&limit=100`);
  const found = ((await res.json()) as Product[]).find((p) => p.title === LISTING);
  if (!found) throw new Error(`${LISTING} is not in the catalog`);
  return found;
}

/** "4.0 (1 review)"-style text the rating summary shows for a count and an average. */
function summary(average: number, count: number): RegExp {
  return new RegExp(`${average.toFixed(1)}\\s*\\(${count} ${count === 1 ? 'review' : 'reviews'}\\)`);
}

test('a buyer who bought a product reviews it, and its stars and count change on the card and the page', async ({
  page,
  baseURL,
}) => {
  const username = uniqueName('reviewer');
  await signUpByApi(page, username);
  const before = await current(page);

  // Buy it (through the API, with this browser's session).
  const headers = { origin: baseURL as string };
  expect(
    (await page.request.post('/api/cart', { data: { productId: before.id, quantity: 1 }, headers })).ok(),
  ).toBe(true);
  await addAddress(page);
  expect((await page.request.post('/api/orders', { data: {}, headers })).status()).toBe(201);

  await page.goto(`/product/${before.id}`);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Reviews' });
  await expect(tab.getByRole('heading', { name: 'Write a review' })).toBeVisible();

  // No rating chosen: the form says so and sends nothing.
  await tab.getByRole('button', { name: 'Submit review' }).click();
  await expect(tab.getByText('Please choose a rating from 1 to 5')).toBeVisible();

  // The fourth star: a radio button under its label, as a user clicks it.
  await tab
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
    .click();
  await expect(tab.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await tab.getByLabel('Your review (optional)').fill('Sprouted in ten days on a warm windowsill.');
  await tab.getByRole('button', { name: 'Submit review' }).click();
  await expect(toast(page, 'Review saved')).toBeVisible();

  const count = before.rating.count + 1;
  const average = Math.round((((before.rating.average ?? 0) * before.rating.count + 4) / count) * 10) / 10;
  await expect(tab.getByRole('listitem').filter({ hasText: username })).toContainText(
    'Sprouted in ten days on a warm windowsill.',
  );
  await expect(page.getByText(summary(average, count)).first()).toBeVisible();
  await expect(tab.getByRole('heading', { name: 'Edit your review' })).toBeVisible();

  await page.goto(`/marketplace?search=${encodeURIComponent(LISTING)}`);
  const card = page.getByRole('article').filter({ hasText: LISTING });
  await expect(card.getByText(summary(average, count))).toBeVisible();
});

test('a signed-in user who did not buy a product is told why there is no review form', async ({ page }) => {
  await signUpByApi(page, uniqueName('browser'));
  const product = await current(page);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Reviews' });
  await expect(tab.getByText('Only buyers who bought this product can review it')).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Submit review' })).toHaveCount(0);
});
