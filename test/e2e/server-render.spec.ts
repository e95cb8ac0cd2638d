import type { Product } from '@domain/catalog/responses';
import { FORM_FILTER_LABELS } from '@domain/constants';
import type { Page } from '@playwright/test';
import {
  expect,
  listByApi,
  PASSWORD,
  PAYMENT_INSTRUCTIONS,
  paymentReceivedByApi,
  sellerByApi,
  signUpByApi,
  test,
  uniqueName,
  waitsForAdoption,
} from './support';

/** A listing body of a 12 inch Sugar Dragon cutting with this title and description (text from a user). */
function cuttingListing(title: string, description: string) {
  return {
    title,
    description,
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
  };
}

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

  test('a listing page tells search engines what it sells: description, canonical URL, Product JSON-LD', async ({
    page,
    baseURL,
  }) => {
    const product = await someProduct(page);
    await page.goto(`/product/${product.id}`);
    const canonical = `${new URL(baseURL as string).origin}/product/${product.id}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      new RegExp(product.seller.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(data.find((d) => d['@type'] === 'Product')).toMatchObject({
      name: product.title,
      url: canonical,
      offers: { '@type': 'Offer', price: product.price.toFixed(2), priceCurrency: 'USD' },
    });
    expect(data.find((d) => d['@type'] === 'BreadcrumbList')).toBeTruthy();

    await page.goto('/marketplace?sort=price-low-high&page=2');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${new URL(baseURL as string).origin}/marketplace`,
    );

    // The listing links to its variety's page and its form's, each a page of its own for search engines.
    await page.goto(`/product/${product.id}`);
    const origin = new URL(baseURL as string).origin;
    const main = page.getByRole('main');
    await main.getByRole('link', { name: product.variety, exact: true }).first().click();
    await expect(page).toHaveURL(`${origin}/marketplace?variety=${encodeURIComponent(product.variety)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${product.variety} Dragon Fruit` }),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${product.variety} Dragon Fruit | Dragon Fruit Marketplace`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${origin}/marketplace?variety=${encodeURIComponent(product.variety)}`,
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      new RegExp(`^${product.variety} Dragon Fruit from US nurseries\\. `),
    );
    // Its other sorts and pages name it as their canonical page; a second filter makes it the marketplace again.
    await page.goto(`/marketplace?variety=${encodeURIComponent(product.variety)}&sort=price-low-high&page=2`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${origin}/marketplace?variety=${encodeURIComponent(product.variety)}`,
    );
    await page.goto(`/marketplace?variety=${encodeURIComponent(product.variety)}&organic=true`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/marketplace`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dragon Fruit Marketplace' })).toBeVisible();

    await page.goto(`/product/${product.id}`);
    await main.getByRole('link', { name: FORM_FILTER_LABELS[product.form], exact: true }).click();
    await expect(page).toHaveURL(`${origin}/marketplace?form=${product.form}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${origin}/marketplace?form=${product.form}`,
    );
    await expect(
      page.getByRole('heading', { level: 1, name: `Dragon Fruit ${FORM_FILTER_LABELS[product.form]}` }),
    ).toBeVisible();
  });

  test('a listing without photos shares its drawing as a PNG that link previews can show', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL as string).origin;
    await sellerByApi(page.request, origin);
    const id = await listByApi(page.request, origin, {
      title: uniqueName('Bare-root preview'),
      form: 'rooted',
      shipsAs: 'bare-root',
      variety: 'Dark Star',
      image: 'dark-star-rooted.svg',
    });
    await page.goto(`/product/${id}`);
    const png = `${origin}/images/social/dark-star-bare-root.png`;
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', png);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const image = await page.request.get(png);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const bytes = await image.body();
    // A PNG's header, then its IHDR chunk: the width and height, big-endian, at bytes 16 and 20.
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test('the home page and Help promise only what the marketplace does', async ({ page }) => {
    await page.goto('/');
    // The nurseries are in several states, not only Florida.
    await expect(page.getByRole('heading', { level: 1, name: 'Grow your own dragon fruit' })).toBeVisible();
    await expect(page.getByText('straight from the nurseries that grow them')).toBeVisible();
    await expect(page.getByText(/Florida growers/)).toHaveCount(0);
    // A refund reaches the buyer as they paid: by card at checkout, or from the nursery they paid directly.
    await page.goto('/help#returns');
    const returns = page.getByRole('region', { name: 'Returns' });
    await expect(returns.getByText('Paid by card at checkout:')).toBeVisible();
    await expect(returns.getByText('Paid the nursery directly')).toBeVisible();
    await expect(returns).toContainText('Your order shows “Refund due” until the nursery records it as sent');
    await expect(page.getByText(/original payment method/)).toHaveCount(0);
  });

  test('the header search goes to the marketplace with the term', async ({ page }) => {
    await page.goto('/guides');
    const search = page.getByRole('searchbox').first();
    await search.fill('sugar dragon');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/marketplace\?search=sugar\+dragon$/);
    await expect(page.getByRole('searchbox').first()).toHaveValue('sugar dragon');
  });

  test('a sign-in or sign-up form sent before the page is adopted never puts the password in the address', async ({
    page,
  }) => {
    for (const [path, button] of [
      ['/login', 'Sign In'],
      ['/register', 'Create Account'],
    ] as const) {
      await page.goto(path);
      await page.getByLabel('Username').fill('someone');
      await page.getByLabel('Password', { exact: true }).fill('secret-password-123');
      await page.getByRole('button', { name: button }).first().click();
      await page.waitForLoadState();
      expect(page.url(), path).not.toContain('secret-password-123');
    }
  });

  test('an unknown page is rendered as not found, with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('pages for signed-in users are left to the browser', async ({ page }) => {
    for (const path of ['/cart', '/orders', '/seller/dashboard']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('#root'), path).toBeEmpty();
    }
  });

  test('a listing, a nursery or a guide that does not exist is its not-found page, with status 404', async ({
    page,
  }) => {
    for (const [path, heading] of [
      ['/product/999999999', 'Product Not Found'],
      ['/sellers/no_such_nursery_here', 'Nursery Not Found'],
      ['/guides/no-such-guide', 'Guide not found'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    }
  });
});

test('the page is marked as adopted once the browser has taken over the header and the page', async ({
  page,
}) => {
  // When the mark comes, whether React has taken over the header and the page's heading (React keeps its props
  // on every element it has adopted or rendered).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      const adopted = (selector: string) => {
        const element = document.querySelector(selector);
        return element ? Object.keys(element).some((key) => key.startsWith('__reactProps$')) : 'missing';
      };
      Object.assign(window, { atMark: { header: adopted('header button'), page: adopted('main h1') } });
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  });
  const product = await someProduct(page);
  for (const path of ['/', '/marketplace', `/product/${product.id}`, '/guides', '/cart']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).not.toContain('data-hydrated');
    await page.goto(path); // waits for the mark (./support)
    const atMark = await page.evaluate(
      () => (window as { atMark?: { header: unknown; page: unknown } }).atMark,
    );
    expect(atMark?.header, path).toBe(true);
    // The cart is not rendered by the server: the browser renders it, and marks it while the session loads.
    if (path !== '/cart') expect(atMark?.page, path).toBe(true);
  }
});

test('a signed-in user gets their own header from the server', async ({ page, context }) => {
  const username = uniqueName('ssr');
  await signUpByApi(page, username);
  // The HTML itself, before any script: the account button, not the Login link.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('aria-label="My account"');
  expect(html).not.toContain('aria-label="Login"');
  // Where the page would send them on, the server does at once.
  const login = await page.request.get('/login?redirect=/orders', { maxRedirects: 0 });
  expect(login.status()).toBe(302);
  expect(login.headers().location).toBe('/orders');
  // A target in other letters is sent percent-encoded (a header carries only ASCII), never as a 500.
  const japanese = await page.request.get('/login?redirect=/%E6%97%A5%E6%9C%AC', { maxRedirects: 0 });
  expect(japanese.status()).toBe(302);
  expect(japanese.headers().location).toBe('/%E6%97%A5%E6%9C%AC');
  expect(japanese.headers()['content-security-policy']).toContain("default-src 'self'");
  await page.goto('/login?redirect=/%E6%97%A5%E6%9C%AC');
  await expect(page).toHaveURL(/\/%E6%97%A5%E6%9C%AC$/);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

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
    data: cuttingListing(title, '<img src=x onerror="window.injected=2">'),
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

test('text with "$&", "$`" and "$\'" arrives intact in the page data, and the pages work', async ({
  page,
  browser,
  baseURL,
}) => {
  const headers = { origin: baseURL as string };
  // In a replacement string these are patterns: "$&" the match, "$`" the text before it, "$'" the text after.
  const text = (what: string) => `${what} $& and $\` and $' and $$ and $1 </script>`;
  const sellerContext = await browser.newContext();
  const seller = waitsForAdoption(await sellerContext.newPage());
  const sellerName = uniqueName('dollar');
  const registered = await seller.request.post('/api/auth/register', {
    headers,
    data: {
      username: sellerName,
      email: `${sellerName}@example.com`,
      password: PASSWORD,
      isSeller: true,
      location: `Austin $\` TX $' $&`,
      bio: text('Bio'),
    },
  });
  expect(registered.status()).toBe(201);
  const profile = await seller.request.put('/api/seller/profile', {
    headers,
    data: { shipFromState: 'FL', paymentInstructions: PAYMENT_INSTRUCTIONS },
  });
  expect(profile.status()).toBe(200);
  const title = `Dollar $& title $\` x $' y`;
  const created = await seller.request.post('/api/products', {
    headers,
    data: cuttingListing(title, text('Description')),
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as Product;

  // A buyer orders it, the seller ships it, and the buyer reviews it.
  const buyerName = uniqueName('dollarbuyer');
  const buyer = page.request;
  expect(
    (
      await buyer.post('/api/auth/register', {
        headers,
        data: { username: buyerName, email: `${buyerName}@example.com`, password: PASSWORD },
      })
    ).status(),
  ).toBe(201);
  expect(
    (await buyer.post('/api/cart', { headers, data: { productId: product.id, quantity: 1 } })).status(),
  ).toBe(201);
  expect(
    (
      await buyer.post('/api/addresses', {
        headers,
        data: { name: 'Dollar Buyer', line1: '1 $& Way', city: 'Miami', state: 'FL', zip: '33132' },
      })
    ).status(),
  ).toBe(201);
  expect((await buyer.post('/api/orders', { headers })).status()).toBe(201);
  const lines = (await (await seller.request.get('/api/seller/orders')).json()) as Array<{
    orderId: number;
    itemId: number;
    productId: number;
  }>;
  const line = lines.find((l) => l.productId === product.id);
  if (!line) throw new Error('the seller does not see the order');
  // Paid directly: the nursery says the money arrived before it ships.
  const order = (await (await buyer.get(`/api/orders/${line.orderId}`)).json()) as {
    shipments: Array<{ id: number }>;
  };
  await paymentReceivedByApi(seller.request, headers.origin, order.shipments[0]?.id ?? 0);
  const shipped = await seller.request.patch(`/api/seller/orders/${line.orderId}/items/${line.itemId}`, {
    headers,
    data: { status: 'shipped' },
  });
  expect(shipped.status()).toBe(200);
  // A visitor sees the page before the review (the page cache keeps it), and again after it (below).
  const visitor = (await browser.newContext()).request;
  const before = await visitor.get(`/product/${product.id}`);
  expect(before.status()).toBe(200);
  const comment = text('Review');
  const reviewed = await buyer.post(`/api/products/${product.id}/reviews`, {
    headers,
    data: { rating: 5, comment },
  });
  expect(reviewed.status()).toBe(201);

  const search = "$` $& $'";
  const pages = [
    `/product/${product.id}`,
    `/marketplace?search=${encodeURIComponent(search)}`,
    '/marketplace?search=%24%60',
    `/marketplace?search=${encodeURIComponent('Dollar')}`,
    '/',
  ];
  // The server's page data is valid JSON, holding the user text exactly: for a visitor, the buyer and the
  // seller (whose own account, with its location and bio, is in the data).
  for (const [who, request] of [
    ['visitor', visitor],
    ['buyer', buyer],
    ['seller', seller.request],
  ] as const) {
    for (const path of pages) {
      const res = await request.get(path);
      expect(res.status(), `${who} ${path}`).toBe(200);
      const html = await res.text();
      const data = /<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
      expect(data, `${who} ${path}`).toBeDefined();
      const json = JSON.stringify(JSON.parse(data as string));
      if (path.startsWith('/product/')) {
        // The reviews are in the server's data too (the new one as well: the visitor's kept page was dropped).
        for (const expected of [title, text('Description'), `Austin $\` TX $' $&`, comment])
          expect(json, `${who} ${path}`).toContain(JSON.stringify(expected).slice(1, -1));
        const escaped = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
        expect(html).toContain(`<title>${escaped} | Dragon Fruit Marketplace</title>`);
      }
      if (path.includes('%24%60%20')) expect(json).toContain(JSON.stringify(search).slice(1, -1));
      if (who === 'seller') expect(json, path).toContain(JSON.stringify(text('Bio')).slice(1, -1));
    }
  }

  // In the browser, the pages are adopted without errors and work.
  for (const [who, p] of [
    ['buyer', page],
    ['seller', seller],
  ] as const) {
    const errors: string[] = [];
    p.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    p.on('pageerror', (error) => errors.push(error.message));
    await p.goto(`/product/${product.id}`);
    await expect(p.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The tabs work (the page is interactive), and the review the browser loads shows as written.
    await p.getByRole('tab', { name: 'Reviews' }).click();
    await expect(p.getByRole('paragraph').filter({ hasText: comment })).toBeVisible();
    await p.waitForLoadState('networkidle');
    await p.goto(`/marketplace?search=${encodeURIComponent('Dollar $&')}`);
    await p.waitForLoadState('networkidle');
    await p.getByRole('combobox', { name: 'Sort by' }).selectOption('price-low-high');
    await expect(p).toHaveURL(/sort=price-low-high/);
    expect(errors, who).toEqual([]);
  }
  await sellerContext.close();
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
