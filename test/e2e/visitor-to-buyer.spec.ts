import { expect, signUpByApi, submitRegisterForm, test, toast, uniqueName } from './support';

// A visitor's Add to Cart (issue 24): sign in or sign up, then back to the plant with it in the cart. A link, so it
// works before the page is adopted and without JavaScript.

/** A demo listing in stock that no test buys out: the most stocked one. */
async function stockedListing(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/api/products?inStock=true&limit=48');
  const products = (await res.json()) as Array<{ id: number; title: string; quantity: number; form: string }>;
  const plant = products.filter((p) => p.form !== 'seed').sort((a, b) => b.quantity - a.quantity)[0];
  if (!plant) throw new Error('no demo listing in stock');
  return plant;
}

for (const width of [390, 1280])
  test(`at ${width} px, a visitor who presses Add to Cart signs up and is back at the plant with it in the cart`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const plant = await stockedListing(request);
    await page.goto(`/product/${plant.id}`);
    await page.getByRole('link', { name: 'Add to Cart' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=/product/${plant.id}%3Fadd%3D1$`));
    await expect(
      page.getByText('Sign in, or create an account, and the plant goes into your cart.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(new RegExp(`/register\\?redirect=/product/${plant.id}%3Fadd%3D1$`));

    await submitRegisterForm(page, uniqueName('grower'));

    // Back at the plant, with it added once; the address no longer adds it, so a reload adds nothing more.
    await expect(page).toHaveURL(new RegExp(`/product/${plant.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: plant.title })).toBeVisible();
    await expect(toast(page, 'Added to cart')).toBeVisible();
    await page.reload();
    const cart = await page.request.get('/api/cart');
    const lines = (await cart.json()) as Array<{ productId: number; quantity: number }>;
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[plant.id, 1]]);
  });

test('the "Please log in" toast goes when the sign-in form opens', async ({ page, request }) => {
  const plant = await stockedListing(request);
  await signUpByApi(page, uniqueName('lapsed'));
  await page.goto(`/product/${plant.id}`);
  // The session ends while the page is open: the add is refused (401), and the sign-in form opens without the
  // toast over it.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=/product/${plant.id}%3Fadd%3D1$`));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(
    page.getByText('You need to be logged in to add items to your cart', { exact: true }),
  ).toHaveCount(0);
});

test('without JavaScript, Add to Cart on a card and on the product page leads to sign in and back', async ({
  browser,
  request,
}) => {
  const plant = await stockedListing(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/marketplace');
    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
    await expect(card.getByRole('link', { name: 'Add to Cart' })).toHaveAttribute(
      'href',
      /^\/login\?redirect=\/product\/\d+%3Fadd%3D1$/,
    );
    await page.goto(`/product/${plant.id}`);
    await page.getByRole('link', { name: 'Add to Cart' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=/product/${plant.id}%3Fadd%3D1$`));
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('without JavaScript, the filters apply as a plain form and the results follow', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/marketplace?sort=price-low-high');
    const filters = page.getByRole('form', { name: 'Filters' });
    const seeds = filters.getByRole('group', { name: 'Form' }).getByRole('checkbox', { name: 'Seeds' });
    await seeds.check();
    await filters.getByRole('checkbox', { name: 'In stock only' }).uncheck();
    await filters.getByLabel('Max price').fill('20');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/[?&]form=seed(&|$)/);
    // What the server rendered for that address: seeds up to $20, out of stock included, cheapest first.
    const expected = (await (
      await request.get('/api/products?form=seed&maxPrice=20&sort=price-low-high&limit=6')
    ).json()) as Array<{ title: string }>;
    expect(expected.length).toBeGreaterThan(0);
    const results = page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 });
    await expect(results).toHaveText(expected.map((p) => p.title));
    await expect(seeds).toBeChecked();
    await expect(filters.getByRole('checkbox', { name: 'In stock only' })).not.toBeChecked();
    await expect(filters.getByLabel('Max price')).toHaveValue('20');
  } finally {
    await context.close();
  }
});

test('without JavaScript on a phone, the Filter link opens the filter form, which applies', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  try {
    await page.goto('/marketplace');
    const filters = page.getByRole('form', { name: 'Filters' });
    await expect(filters).toBeHidden();
    await page.getByRole('link', { name: 'Filter' }).click();
    await expect(filters).toBeVisible();
    await filters.getByRole('group', { name: 'Form' }).getByRole('checkbox', { name: 'Seeds' }).check();
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/[?&]form=seed(&|$)/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Seeds');
  } finally {
    await context.close();
  }
});
