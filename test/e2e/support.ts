import { type APIRequestContext, type Browser, test as base, expect, type Page } from '@playwright/test';

export { expect };

/**
 * Makes `page.goto`, `reload`, `goBack` and `goForward` return only once the browser has adopted the page (the
 * app marks `<html data-hydrated>`, client/src/app/InteractiveMark.tsx). A server-rendered page is painted and
 * its buttons are visible before the browser has taken it over; a click in between does nothing, which made
 * tests fail at random under load. A page opened by the test itself (`browser.newContext()`) goes through here
 * too; the `page` of `test` below already has.
 */
export function waitsForAdoption(page: Page): Page {
  const thenAdopted =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const response = await navigate.apply(page, args);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return response;
    };
  page.goto = thenAdopted(page.goto);
  page.reload = thenAdopted(page.reload);
  page.goBack = thenAdopted(page.goBack);
  page.goForward = thenAdopted(page.goForward);
  return page;
}

/**
 * Playwright's `test`, whose `page` waits for the app to be adopted after each load. Without JavaScript the
 * mark never comes, and nothing is adopted: there the page is left as it is.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled ? waitsForAdoption(page) : page);
  },
});

/** A username no other test (or run) uses, within the 32-character limit. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export const PASSWORD = 'correct horse battery';

/** The app's origin, for the `Origin` header that every write through the API needs (the CSRF check). */
export function appOrigin(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

/** A toast's title or description. Radix repeats toast text in a hidden live region, so match exactly. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByText(text, { exact: true });
}

export async function registerThroughForm(
  page: Page,
  username: string,
  { seller = false } = {},
): Promise<void> {
  await page.goto(seller ? '/register?seller=true' : '/register');
  await submitRegisterForm(page, username);
}

/** Fills the sign-up form already on screen for `username` (PASSWORD, terms agreed) and sends it. */
export async function submitRegisterForm(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Signs a new user up through the API on the page's own context (its cookies are the browser's), without a page
 * load: for tests about something else. The sign-up form itself is driven in accounts.spec.ts and
 * accessibility.spec.ts. The page stays where it is; the test opens the page it is about. `origin`: the app the page's
 * context talks to, when it is not the config's (the card-paying app of ./stripe-app.ts).
 */
export async function signUpByApi(
  page: Page,
  username: string,
  { seller = false, origin = appOrigin() } = {},
): Promise<void> {
  const res = await page.request.post('/api/auth/register', {
    headers: { origin },
    data: { username, email: `${username}@example.com`, password: PASSWORD, isSeller: seller },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export async function loginThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function logoutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
}

/**
 * Gives the signed-in user of this page a default shipping address in Miami, Florida, through the API (the address
 * form itself is driven in addresses.spec.ts and cart-checkout.spec.ts).
 */
export async function addAddress(page: Page, origin = appOrigin()): Promise<void> {
  const res = await page.request.post('/api/addresses', {
    headers: { Origin: origin },
    data: { name: 'E2E Buyer', line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' },
  });
  expect(res.status()).toBe(201);
}

/**
 * How a nursery of the tests asks to be paid (its profile's `paymentInstructions`): without them, under the default
 * way of paying (docs/decisions/0021-payments.md), nobody can buy its plants. PUT /api/seller/profile replaces the
 * whole profile, so every PUT a spec sends carries them.
 */
export const PAYMENT_INSTRUCTIONS = 'Zelle to payments@nursery.example.com, with your order number.';

/**
 * Registers a seller whose plants ship from `state` on an API context (signed in there), paid directly by the
 * instructions given (PAYMENT_INSTRUCTIONS unless said; null for a nursery not taking payments yet); its username.
 */
export async function sellerByApi(
  request: APIRequestContext,
  origin: string,
  state = 'FL',
  { paymentInstructions = PAYMENT_INSTRUCTIONS }: { paymentInstructions?: string | null } = {},
): Promise<string> {
  const headers = { origin };
  const name = uniqueName('nursery');
  const registered = await request.post('/api/auth/register', {
    headers,
    data: { username: name, email: `${name}@example.com`, password: PASSWORD, isSeller: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const profile = await request.put('/api/seller/profile', {
    headers,
    data: { shipFromState: state, paymentInstructions },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return name;
}

/**
 * The seller signed in on `request` says the buyer's payment for its shipment reached it (direct payments), so it
 * may be shipped: for specs about something after that. The Orders tab's button is driven in payments.spec.ts and
 * fulfilment.spec.ts.
 */
export async function paymentReceivedByApi(
  request: APIRequestContext,
  origin: string,
  shipmentId: number,
): Promise<void> {
  const paid = await request.post(`/api/seller/shipments/${shipmentId}/payment-received`, {
    headers: { origin },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/**
 * Lists a plant as the seller signed in on `request` (Physical Graffiti, $24, 10 in stock unless said); its id.
 */
export async function listByApi(
  request: APIRequestContext,
  origin: string,
  listing: {
    title: string;
    form: string;
    shipsAs: string;
    image: string;
    variety?: string;
    price?: number;
    quantity?: number;
    lengthInches?: number;
  },
): Promise<number> {
  const created = await request.post('/api/products', {
    headers: { origin },
    data: {
      title: listing.title,
      description: 'From a nursery of the tests.',
      variety: listing.variety ?? 'Physical Graffiti',
      form: listing.form,
      shipsAs: listing.shipsAs,
      price: listing.price ?? 24,
      quantity: listing.quantity ?? 10,
      imageUrl: `/images/products/${listing.image}`,
      ...(listing.lengthInches === undefined ? {} : { lengthInches: listing.lengthInches }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/**
 * Orders one unit of a listing as the user signed in on `request`, who has a shipping address, with a note to the
 * sellers if given; the order's id.
 */
/**
 * A nursery (shipping from Florida) with one cutting listed, signed in on a browser context of its own: its page, its
 * context (close it when done), its name, and the listing's title (`title` makes it from the nursery's name) and id.
 */
export async function nurseryByApi(
  browser: Browser,
  baseURL: string | undefined,
  title: (name: string) => string,
) {
  const origin = new URL(baseURL as string).origin;
  const context = await browser.newContext({ baseURL });
  const name = await sellerByApi(context.request, origin, 'FL');
  const listed = title(name);
  const id = await listByApi(context.request, origin, {
    title: listed,
    form: 'cutting',
    shipsAs: 'unrooted-cutting',
    image: 'physical-graffiti-cutting.svg',
  });
  return { context, page: waitsForAdoption(await context.newPage()), name, title: listed, id };
}

export async function orderByApi(
  request: APIRequestContext,
  productId: number,
  note?: string,
): Promise<number> {
  const headers = { origin: appOrigin() };
  const added = await request.post('/api/cart', { headers, data: { productId, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  const ordered = await request.post('/api/orders', { headers, data: note ? { note } : {} });
  expect(ordered.status(), await ordered.text()).toBe(201);
  return ((await ordered.json()) as { id: number }).id;
}
