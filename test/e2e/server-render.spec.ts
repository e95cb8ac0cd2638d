import type { Product } from '@domain/schemas/catalog';
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, registerThroughForm, uniqueName } from './support';

/** A listing of the demo catalog, as the API shows it. */
async function someProduct(page: Page): Promise<Product> {
  const res = await page.request.get('/api/products?sort=price-low-high&limit=1');
  const [product] = (await res.json()) as Product[];
  if (!product) throw new Error('the catalog is empty');
  return product;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('public pages arrive rendered, with their data and title', async ({ page }) => {
    const product = await someProduct(page);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    await page.goto('/marketplace?sort=price-low-high');
    await expect(page).toHaveTitle('Marketplace | Dragon Fruit Marketplace');
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(6);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-low-high');

    await page.goto(`/product/${product.id}`);
    await expect(page).toHaveTitle(`${product.title} | Dragon Fruit Marketplace`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();

    await page.goto('/guides');
    await expect(page.getByRole('heading', { level: 1, name: 'Growing Guides' })).toBeVisible();

    // A trailing slash shows the same page, as the browser's router would.
    const slashed = await page.goto('/guides/');
    expect(slashed?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Growing Guides' })).toBeVisible();
  });

  test('an unknown page is rendered as not found, with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('pages for signed-in users and listings that do not exist are left to the browser', async ({
    page,
  }) => {
    for (const path of ['/cart', '/orders', '/seller/dashboard', '/product/999999999']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('#root'), path).toBeEmpty();
    }
  });
});

test('a signed-in user gets their own header from the server', async ({ page, context }) => {
  const username = uniqueName('ssr');
  await registerThroughForm(page, username);
  await expect(page).toHaveURL(/\/marketplace$/);
  // The HTML itself, before any script: the account button, not the Login link.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('aria-label="My account"');
  expect(html).not.toContain('aria-label="Login"');
  // Where the page would send them on, the server does at once.
  const login = await page.request.get('/login?redirect=/orders', { maxRedirects: 0 });
  expect(login.status()).toBe(302);
  expect(login.headers().location).toBe('/orders');

  // A session from before the signed_in hint existed: the page is still theirs, and brings the hint.
  await context.clearCookies({ name: 'signed_in' });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'signed_in')?.value).toBe('1');
});

test('text from users is escaped in the page and in its data: a listing cannot run script', async ({
  page,
  baseURL,
}) => {
  const headers = { origin: baseURL as string };
  const seller = uniqueName('ssrseller');
  const registered = await page.request.post('/api/auth/register', {
    headers,
    data: { username: seller, email: `${seller}@example.com`, password: PASSWORD, isSeller: true },
  });
  expect(registered.status()).toBe(201);
  const title = `Cutting </script><script>window.injected=1</script> <!-- & "quotes"`;
  const created = await page.request.post('/api/products', {
    headers,
    data: {
      title,
      description: '<img src=x onerror="window.injected=2">',
      variety: 'Sugar Dragon',
      form: 'cutting',
      cuttingSize: '12 inch',
      pollination: 'self',
      organic: false,
      pesticideFree: false,
      inStock: true,
      quantity: 3,
      price: 9.5,
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as Product;

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(`/product/${id}`);
  expect(response?.headers()['content-encoding']).toBe('br');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
  expect(errors).toEqual([]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`server-rendered pages are adopted without errors (${colorScheme}, ${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const product = await someProduct(page);
      for (const path of [
        '/',
        '/marketplace?variety=Sugar%20Dragon',
        `/product/${product.id}`,
        '/guides',
        '/login',
      ]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(errors, path).toEqual([]);
      }
      // The adopted page works: the sort changes the results, in the browser.
      await page.goto('/marketplace');
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-low-high');
      await expect(page).toHaveURL(/sort=price-low-high/);
      await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(6);
      await expect(page.locator('html')).toHaveClass(new RegExp(colorScheme));
      expect(errors).toEqual([]);
    });
  }
}
