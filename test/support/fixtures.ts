/**
 * The API tests' fixtures: nurseries, buyers, listings and orders, made through the API as people make them, each
 * with names of its own (so tests sharing an app do not see each other's data). A test says only what its
 * assertions depend on (a price, a stock, a shop name); the rest is a valid, ordinary default.
 *
 *   const nursery = await signUpNursery(t, { listing: { price: 12.5 } });
 *   const { buyer, order } = await placeOrder(t, [nursery.listing], { quantity: 2 });
 *   await markPaid(nursery.client, order.shipments[0]?.id);
 *
 * Every fixture throws, with the status and body, when the API refuses it: a test fails at its set-up, never on
 * data it did not get.
 */
import type { ProductDetail } from '@domain/catalog/responses';
import type { ListingInput } from '@domain/listings/schemas';
import type { Order } from '@domain/orders/responses';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/src/db/connect';
import { ledgerEntries, sellerPayoutAccounts } from '../../server/src/db/schema';
import { type Client, type Response, registerUser, type TestApp, uniqueUsername } from './app';
import type { StripeTestApp } from './stripe-app';

/**
 * A body of POST /api/products: a listing's fields with any values (a test may send wrong ones), and whatever else
 * a test sends (an ignored sellerId, say).
 */
export type ListingBody = { [Field in keyof ListingInput]?: unknown } & Record<string, unknown>;

/**
 * A valid listing (POST /api/products, PUT /api/products/:id) with a title of its own: a 12" Sugar Dragon cutting,
 * 10 in stock at $10.00, shown by an image URL. `overrides` replace or add fields, invalid ones included; one given
 * as undefined is left out (as JSON leaves it out).
 */
export function listingInput(overrides: ListingBody = {}): ListingBody {
  return {
    title: `Sugar Dragon cutting ${uniqueUsername('l')}`,
    description: 'A healthy, callused cutting.',
    variety: 'Sugar Dragon',
    form: 'cutting',
    cuttingSize: '12 inch',
    quantity: 10,
    price: 10,
    imageUrl: '/images/products/sugar-dragon-cutting.svg',
    ...overrides,
  };
}

/** The seller signed in on `seller` lists `listingInput(overrides)`; the listing as the API answered it. */
export async function createListing(seller: Client, overrides: ListingBody = {}): Promise<ProductDetail> {
  return created(await seller.post<ProductDetail>('/api/products', listingInput(overrides)), 'listing');
}

/** A signed-in account: its client (cookies kept), id, username, email and password. */
export interface Account {
  client: Client;
  id: number;
  username: string;
  email: string;
  password: string;
}

function account(registered: Awaited<ReturnType<typeof registerUser>>, email: string | undefined): Account {
  const { client, user, password } = registered;
  return {
    client,
    id: user.id,
    username: user.username,
    email: email ?? `${user.username}@example.com`,
    password,
  };
}

/** A nursery with a listing (signUpNursery with `listing`). */
export type ListedNursery = Account & { listing: ProductDetail };

export interface NurseryOptions {
  username?: string;
  email?: string;
  /** The shop name given at sign-up (a profile's `businessName` is saved with the profile instead). */
  businessName?: string;
  location?: string;
  /**
   * The shipping profile (PUT /api/seller/profile) on top of the default: ships from Florida, paid directly with
   * TEST_PAYMENT_INSTRUCTIONS. `false` saves none (a nursery buyers cannot pay yet under the default provider).
   */
  profile?: false | Record<string, unknown>;
  /**
   * A Stripe payout account in this status, written straight in the database as Stripe's account.updated would have
   * left it: for tests of what the app does with an account, not of connecting one (see signUpCardNursery).
   */
  payoutAccount?: 'pending' | 'active' | 'restricted';
}

/**
 * A nursery signed up and signed in: a seller shipping from Florida whom buyers can pay (the default provider).
 * With `listing`, it has listed `listingInput(listing)` too.
 */
export function signUpNursery(
  t: TestApp,
  options: NurseryOptions & { listing: ListingBody },
): Promise<ListedNursery>;
export function signUpNursery(t: TestApp, options?: NurseryOptions): Promise<Account>;
export async function signUpNursery(
  t: TestApp,
  { listing, payoutAccount, ...options }: NurseryOptions & { listing?: ListingBody } = {},
): Promise<Account | ListedNursery> {
  const nursery = account(await registerUser(t.server, { ...options, isSeller: true }), options.email);
  if (payoutAccount)
    await t.database.db.insert(sellerPayoutAccounts).values({
      sellerId: nursery.id,
      provider: 'stripe',
      accountRef: `acct_test_${nursery.id}`,
      status: payoutAccount,
    });
  return listing ? { ...nursery, listing: await createListing(nursery.client, listing) } : nursery;
}

/**
 * A buyer signed up and signed in, with TEST_ADDRESS (Miami) as their default shipping address: `address` gives
 * them another, `false` none. (A `businessName` is sent with the sign-up, which ignores it for a buyer.)
 */
export async function signUpBuyer(
  t: TestApp,
  options: {
    username?: string;
    email?: string;
    location?: string;
    businessName?: string;
    address?: false | Record<string, unknown>;
  } = {},
): Promise<Account> {
  return account(await registerUser(t.server, { ...options, isSeller: false }), options.email);
}

/** A cart line: a listing, once, or a listing and how many. */
export type CartItem = { id: number } | { listing: { id: number }; quantity: number };

/** Puts each item in the buyer's cart, `quantity` of each listing given alone (1 unless told). */
export async function addToCart(buyer: Client, items: CartItem[], quantity = 1): Promise<void> {
  for (const item of items) {
    const line =
      'listing' in item
        ? { productId: item.listing.id, quantity: item.quantity }
        : { productId: item.id, quantity };
    created(await buyer.post('/api/cart', line), 'cart');
  }
}

/** A new buyer (see signUpBuyer) with `items` in their cart (see addToCart). */
export async function buyerWithCart(
  t: TestApp,
  items: CartItem[],
  options: { quantity?: number; address?: false | Record<string, unknown> } = {},
): Promise<Account> {
  const buyer = await signUpBuyer(t, options.address === undefined ? {} : { address: options.address });
  await addToCart(buyer.client, items, options.quantity);
  return buyer;
}

/** The buyer signed in on `buyer` checks out their cart (POST /api/orders, with a note when given). */
export async function checkOut(
  buyer: Client,
  options: { note?: string; headers?: Record<string, string> } = {},
): Promise<Order> {
  const body = options.note === undefined ? {} : { note: options.note };
  return created(await buyer.post<Order>('/api/orders', body, options.headers), 'checkout');
}

/**
 * A new buyer's order of `items` (see buyerWithCart), placed: the buyer's client, id and username, and the order as
 * checkout answered it. Unpaid: a nursery paid directly says it was paid with markPaid (./app.ts).
 */
export async function placeOrder(
  t: TestApp,
  items: CartItem[],
  options: { quantity?: number; note?: string; address?: false | Record<string, unknown> } = {},
): Promise<{ buyer: Client; buyerId: number; buyerName: string; order: Order }> {
  const buyer = await buyerWithCart(t, items, options);
  const order = await checkOut(buyer.client, { note: options.note });
  return { buyer: buyer.client, buyerId: buyer.id, buyerName: buyer.username, order };
}

/**
 * A nursery buyers pay by card (the app built with createStripeTestApp): signed up, its Stripe payout account
 * connected through the API and (unless `activate: false`) onboarded at the local Stripe, which the app has read
 * back, and `listingInput(listing)` listed. With its account reference, to act on the account at the local Stripe.
 */
export async function signUpCardNursery(
  { t, stripe }: StripeTestApp,
  {
    activate = true,
    listing = {},
    ...options
  }: NurseryOptions & { listing?: ListingBody; activate?: boolean } = {},
): Promise<ListedNursery & { accountRef: string }> {
  const nursery = await signUpNursery(t, options);
  ok(await nursery.client.post('/api/seller/payout-account'), 'payout account');
  const [row] = await queryRows<{ accountRef: string }>(
    t.database.db,
    sql`select account_ref as "accountRef" from seller_payout_accounts where seller_id = ${nursery.id}`,
  );
  const accountRef = row?.accountRef ?? '';
  if (activate) {
    await stripe.activate(accountRef);
    ok(await nursery.client.get('/api/seller/payout-account'), 'payout account');
  }
  return { ...nursery, accountRef, listing: await createListing(nursery.client, listing) };
}

function created<T>(res: Response<T>, what: string): T {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

function ok<T>(res: Response<T>, what: string): T {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An order's ledger entries in the order they were written: kind, amount in cents and the nursery they name. */
export const ledgerOf = (t: TestApp, orderId: number) =>
  t.database.db
    .select({
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      sellerId: ledgerEntries.sellerId,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);
