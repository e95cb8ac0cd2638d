import type { Product } from '@domain/catalog/responses';
import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import { expect, nurseryByApi, PASSWORD, signUpByApi, test, uniqueName } from './support';

// What a server-rendered page does before the browser has adopted it (its JavaScript still loading) and without
// JavaScript (docs/decisions/0033-before-adoption.md). The pages here are raw ones (never support's `page`, which waits
// for the adoption mark): the client's scripts are held back until the test has acted, then let through.

/**
 * Holds every script of the client's build (/assets/*.js) until `release()` is called; later loads are let through.
 * Holding them keeps the page unadopted for as long as the test needs.
 */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/[^?]*\.js(\?.*)?$/, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return {
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Opens a server-rendered page with the scripts held: it returns as soon as the HTML has arrived. */
async function openUnadopted(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
}

/** Errors and warnings the page logs (a hydration mismatch is one), to be empty at the end. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function newPage(
  browser: Browser,
  baseURL: string | undefined,
  viewport = { width: 1280, height: 900 },
) {
  const context = await browser.newContext({ baseURL, viewport });
  return { context, page: await context.newPage() };
}

async function someProduct(context: BrowserContext): Promise<Product> {
  const res = await context.request.get('/api/products?sort=price-low-high&limit=1');
  const [product] = (await res.json()) as Product[];
  if (!product) throw new Error('the catalog is empty');
  return product;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the product tabs work before the page is adopted, and as Radix tabs after (${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await newPage(browser, baseURL, viewport);
    const errors = collectErrors(page);
    const product = await someProduct(context);
    const scripts = await holdScripts(page);
    await openUnadopted(page, `/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await page.getByRole('tab', { name: 'Growing Info' }).click();
    await expect(page).toHaveURL(/\?tab=growing$/);
    await expect(page.getByRole('heading', { name: 'Growing information' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About this plant' })).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Growing Info' })).toHaveAttribute('aria-selected', 'true');

    // Adopted: the same tabs, in place, and the address follows.
    await scripts.release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Reviews' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Growing information' })).toBeHidden();
    await expect(page).toHaveURL(/\?tab=reviews$/);
    // The keyboard moves between them as Radix's tabs do.
    await page.getByRole('tab', { name: 'Reviews' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Growing Info' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Growing Info' })).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
}

/**
 * The controls of the page as it is now (unadopted) that would do nothing when used: each visible control must be a
 * link, a part of a form the server answers (its fields and its submit button), or disabled (visibly not ready).
 */
async function deadControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dead: string[] = [];
    const selector = 'button, select, input, textarea, a, [role="tab"], [role="button"], [tabindex="0"]';
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!element.checkVisibility()) continue;
      if (element.matches(':disabled')) continue;
      if (element instanceof HTMLAnchorElement && element.getAttribute('href')) continue;
      const form = (element as HTMLInputElement).form ?? element.closest('form');
      // A form the server answers: a post to one of the page forms' routes, or a GET to a page of its own (the
      // marketplace's filters, a chip, the search) or the product page's ZIP check.
      const answered = (f: HTMLFormElement) =>
        f.method === 'post'
          ? ['/login', '/register', '/cart/add', '/newsletter'].includes(new URL(f.action).pathname)
          : f.getAttribute('action') !== null || f.querySelector('[name="zip"]') !== null;
      if (form && element.matches('button[type="submit"], input[type="submit"]') && answered(form)) continue;
      if (form && element.matches('input:not([type="button"]):not([type="submit"]), select, textarea'))
        continue;
      // A panel Radix makes focusable is not a control.
      if (element.getAttribute('role') === 'tabpanel') continue;
      dead.push(element.outerHTML.slice(0, 160));
    }
    return dead;
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`every control of a public page works before adoption, or is visibly not ready (${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await newPage(browser, baseURL, viewport);
    const product = await someProduct(context);
    const scripts = await holdScripts(page);
    for (const path of [
      '/',
      '/marketplace?variety=Sugar%20Dragon&organic=true',
      `/product/${product.id}`,
      `/sellers/${product.seller.username}`,
      '/login',
      '/register',
      '/register?seller=true',
      '/guides',
      '/guides/rooting-cuttings',
      '/help',
    ]) {
      await openUnadopted(page, path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      expect(await deadControls(page), path).toEqual([]);
    }

    // Some of them, used before adoption: a filter chip, a page number, Reset All, the cart.
    await openUnadopted(page, '/marketplace?variety=Sugar%20Dragon&organic=true');
    await page.getByRole('button', { name: 'Remove filter: Organic' }).click();
    await expect(page).toHaveURL(/\/marketplace\?variety=Sugar(%20|\+)Dragon$/);
    await openUnadopted(page, '/marketplace');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/marketplace\?page=2$/);
    await openUnadopted(page, '/marketplace?organic=true');
    if (viewport.width < 1024) await page.getByRole('link', { name: /^Filter/ }).click();
    await page.getByRole('link', { name: 'Reset All' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await page.getByRole('link', { name: 'Cart', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await scripts.release();
    await context.close();
  });
}

test("a buyer's pages: every control works before adoption or is visibly not ready, the review form included", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newPage(browser, baseURL, { width: 390, height: 844 });
  const origin = new URL(baseURL as string).origin;
  const login = await context.request.post('/api/auth/login', {
    headers: { origin },
    data: { username: 'demo_buyer', password: 'demobuyer123' },
  });
  expect(login.status()).toBe(200);
  // A plant the demo buyer received and may review (the demo data has one).
  const orders = (await (await context.request.get('/api/orders')).json()) as Array<{ id: number }>;
  let reviewable: number | undefined;
  for (const { id } of orders) {
    const order = (await (await context.request.get(`/api/orders/${id}`)).json()) as {
      items: Array<{ productId: number }>;
    };
    for (const { productId } of order.items) {
      const mine = await context.request.get(`/api/products/${productId}/reviews/mine`);
      if (mine.ok() && ((await mine.json()) as { canReview: boolean }).canReview) reviewable ??= productId;
    }
  }
  if (reviewable === undefined) throw new Error('the demo buyer has nothing to review');
  const scripts = await holdScripts(page);
  for (const path of ['/', '/marketplace', `/product/${reviewable}?tab=reviews`]) {
    await openUnadopted(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    expect(await deadControls(page), path).toEqual([]);
  }
  await expect(page.getByRole('button', { name: /Submit review|Update review/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'My account' })).toBeDisabled();
  await scripts.release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('button', { name: /Submit review|Update review/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'My account' })).toBeEnabled();
  await context.close();
});

test("a signed-in buyer's Add to Cart tapped before adoption puts the plant in the cart", async ({
  browser,
  baseURL,
}) => {
  const nursery = await nurseryByApi(browser, baseURL, (name) => `Early tap ${name}`);
  const { context, page } = await newPage(browser, baseURL, { width: 390, height: 844 });
  await signUpByApi(page, uniqueName('earlybuyer'));

  // The product page's button, with 2 typed in its quantity field.
  const scripts = await holdScripts(page);
  await openUnadopted(page, `/product/${nursery.id}`);
  await page.getByLabel('Quantity', { exact: true }).fill('2');
  // The first: the page's own (related plants' cards have theirs below).
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await scripts.release();
  await expect(page.getByText(nursery.title).first()).toBeVisible();
  const cart = (await (await context.request.get('/api/cart')).json()) as Array<{
    productId: number;
    quantity: number;
  }>;
  expect(cart.map((l) => [l.productId, l.quantity])).toEqual([[nursery.id, 2]]);

  // A card's button on the marketplace.
  const again = await holdScripts(page);
  await openUnadopted(page, `/marketplace?search=${encodeURIComponent(nursery.title)}`);
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('button', { name: 'Add to Cart' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/cart$/);
  await again.release();
  await expect
    .poll(
      async () =>
        ((await (await context.request.get('/api/cart')).json()) as Array<{ quantity: number }>)[0]?.quantity,
    )
    .toBe(3);
  await context.close();
  await nursery.context.close();
});

test('the sign-in form sent before adoption gets its message, not JSON, and the adopted page keeps it', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newPage(browser, baseURL);
  const errors = collectErrors(page);
  const scripts = await holdScripts(page);
  await openUnadopted(page, '/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter both username and password')).toBeVisible();
  await expect(page.getByText('No route for POST')).toHaveCount(0);
  await scripts.release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByText('Please enter both username and password')).toBeVisible();
  // The adopted form works in the browser.
  await page.getByLabel('Username').fill('demo_buyer');
  await page.getByLabel('Password', { exact: true }).fill('demobuyer123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
  // The first answer to the post was a 400 page, which the browser logs; nothing else.
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  await context.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sign-in: the messages, the username kept, never the password; then signed in and sent on', async ({
    page,
  }) => {
    const username = uniqueName('nojs');
    await signUpByApi(page, username);
    await page.context().clearCookies();

    await page.goto('/login?redirect=/marketplace');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter both username and password')).toBeVisible();

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('wrong password 123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login failed: Invalid username or password')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain('wrong password 123');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
  });

  test('sign-up: the form checked as in the browser, the seller tab, then signed up and sent on', async ({
    page,
  }) => {
    await page.goto('/register');
    await page.getByLabel('Username').fill('x');
    await page.getByLabel('Password', { exact: true }).fill('secret-password-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'Username must be at least 3 characters',
      'Please enter a valid email address',
      'Passwords do not match',
      'You must accept the terms and conditions',
    ])
      await expect(page.getByText(message), message).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('x');
    expect(await page.content()).not.toContain('secret-password-1');

    // A username taken: the server's message under its field.
    await page.getByLabel('Username').fill('demo_buyer');
    await page.getByLabel('Email').fill(`${uniqueName('taken')}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username is already taken').first()).toBeVisible();

    // The seller tab is a link; a nursery signs up and goes to its dashboard.
    await page.getByRole('tab', { name: 'Seller Account' }).click();
    await expect(page).toHaveURL(/\/register\?seller=true$/);
    await expect(page.getByLabel('Shop name (optional)')).toBeVisible();
    const username = uniqueName('nojsseller');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/seller\/dashboard$/);
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ username, isSeller: true });
  });

  test("a signed-in buyer's Add to Cart is a form: added and on to the cart, or the page again with why not", async ({
    browser,
    baseURL,
    page,
  }) => {
    const nursery = await nurseryByApi(browser, baseURL, (name) => `No script ${name}`);
    await signUpByApi(page, uniqueName('nojsbuyer'));
    await page.goto(`/product/${nursery.id}`);
    await page.getByLabel('Quantity', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect(page).toHaveURL(/\/cart$/);
    const cart = async () =>
      (
        (await (await page.request.get('/api/cart')).json()) as Array<{ productId: number; quantity: number }>
      ).map((l) => [l.productId, l.quantity]);
    expect(await cart()).toEqual([[nursery.id, 4]]);

    // More than the stock (10): refused, with the API's words, and the cart as it was.
    await page.goto(`/product/${nursery.id}`);
    await page.getByLabel('Quantity', { exact: true }).fill('7');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect(page.getByRole('alert')).toHaveText(
      /^Error: Only 10 left of .*, and 4 are already in your cart$/,
    );
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('7');
    expect(await cart()).toEqual([[nursery.id, 4]]);
    await nursery.context.close();
  });

  test('a posted form with markup, "$&" and NUL shows them as text, and the page data stays data', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL as string).origin;
    const username = 'x</script><b id="injected">$& $` $\'\u0000';
    const res = await page.request.post('/login?redirect=/cart', {
      form: { username, password: 'anything at all' },
      headers: { origin },
    });
    expect(res.status()).toBe(400);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    const html = await res.text();
    expect(html).not.toContain('<b id="injected">');
    expect(html).not.toContain('anything at all');
    const data = /<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const state = JSON.parse(data as string) as {
      queries: Array<{ queryKey: unknown[]; state: { data: { values: Record<string, string> } } }>;
    };
    const posted = state.queries.find((q) => q.queryKey[0] === 'posted-form');
    expect(posted?.state.data.values).toEqual({ username });
  });

  test('the newsletter form is answered by the server with its message', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email address').fill('not an address');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Invalid email Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email address').fill(`${uniqueName('news')}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(
      page.getByText("Subscribed! You've been successfully subscribed to our newsletter."),
    ).toBeVisible();
    expect(page.url()).not.toContain('@');
  });

  test("a product's reviews are in the server's HTML, and its Reviews tab shows them", async ({ page }) => {
    // A listing of the demo data that has reviews.
    const list = (await (await page.request.get('/api/products?limit=60')).json()) as Product[];
    const reviewed = list.find((p) => p.rating.count > 0);
    if (!reviewed) throw new Error('the demo data has no reviewed listing');
    const reviews = (await (await page.request.get(`/api/products/${reviewed.id}/reviews`)).json()) as Array<{
      comment: string | null;
    }>;
    const line = reviews.find((r) => r.comment)?.comment?.split('\n')[0];
    if (!line) throw new Error('no review with a comment');
    // In the page as it comes, under its (closed) tab.
    await page.goto(`/product/${reviewed.id}`);
    await expect(page.getByText(line).first()).toBeAttached();
    await expect(page.getByText(line).first()).toBeHidden();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/\?tab=reviews$/);
    await expect(page.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(line).first()).toBeVisible();
  });
});
