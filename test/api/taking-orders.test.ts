/**
 * Whether a nursery is taking orders (issue 35; payments/payability.ts, the rule checkout applies): each listing's
 * seller says it (seller.takingOrders), and the nursery's payout account answer too (takingOrders), for its
 * dashboard. Under the default way of paying, once its profile has payment instructions; by card, once its Stripe
 * account is active, and that change reaches visitors' cached pages.
 */
import type { Product, ProductDetail } from '@domain/catalog/responses';
import type { PayoutAccountView } from '@domain/payments/responses';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerPayoutAccounts } from '../../server/src/db/schema';
import { type Client, createTestApp, TEST_PAYMENT_INSTRUCTIONS, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { signUpBuyer, signUpNursery } from '../support/fixtures';
import { createStripeTestApp, type StripeTestApp } from '../support/stripe-app';

/** The title of each nursery's listing, which the catalog's search finds. */
const TITLE = 'Sugar Dragon 12" Cutting';

/** What the nursery's account answer and every read of its listing say: the page, the list, the storefront's, the seller's. */
async function everywhere(client: Client, nursery: Client, username: string, id: number): Promise<boolean[]> {
  // First, as the nursery's dashboard does: by card, its account is read again from Stripe and stored.
  const account = await nursery.get<PayoutAccountView>('/api/seller/payout-account');
  const detail = await client.get<ProductDetail>(`/api/products/${id}`);
  const list = await client.get<Product[]>(`/api/products?search=${encodeURIComponent(TITLE)}`);
  const store = await client.get<Product[]>(`/api/products?seller=${username}`);
  const mine = await nursery.get<Product[]>('/api/seller/products');
  return [
    account.body.takingOrders,
    detail.body.seller.takingOrders,
    list.body.find((p) => p.id === id)?.seller.takingOrders as boolean,
    store.body.find((p) => p.id === id)?.seller.takingOrders as boolean,
    mine.body.find((p) => p.id === id)?.seller.takingOrders as boolean,
  ];
}

describe('paid directly (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says a nursery without payment instructions is not taking orders, and is once it says how to pay', async () => {
    const nursery = await signUpNursery(t, {
      profile: { paymentInstructions: null },
      listing: { title: TITLE },
    });
    expect(nursery.listing.seller.takingOrders).toBe(false);
    const visitor = (await signUpBuyer(t)).client;
    const { username } = nursery;
    expect(await everywhere(visitor, nursery.client, username, nursery.listing.id)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    // Related listings of another nursery's plant show it too.
    const near = (await signUpNursery(t, { listing: { title: 'Another Sugar Dragon' } })).listing;
    const related = await visitor.get<Product[]>(`/api/products/${near.id}/related`);
    expect(related.body.find((p) => p.id === nursery.listing.id)?.seller.takingOrders).toBe(false);
    expect(related.body.find((p) => p.id === near.id)).toBeUndefined();
    expect(near.seller.takingOrders).toBe(true);

    const saved = await nursery.client.put('/api/seller/profile', {
      shipFromState: 'FL',
      paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
    });
    expect(saved.status).toBe(200);
    expect(await everywhere(visitor, nursery.client, username, nursery.listing.id)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('paid by card', () => {
  let app: StripeTestApp;
  beforeAll(async () => {
    app = await createStripeTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says a nursery takes orders once its Stripe account is active, and tells the page cache when that changes', async () => {
    const { t, stripe } = app;
    const nursery = await signUpNursery(t, { listing: { title: TITLE } });
    const visitor = (await signUpBuyer(t)).client;
    const { username } = nursery;
    // Payment instructions mean nothing by card: no account yet.
    expect(await everywhere(visitor, nursery.client, username, nursery.listing.id)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect((await nursery.client.post('/api/seller/payout-account')).status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sellerPayoutAccounts)
      .where(eq(sellerPayoutAccounts.sellerId, nursery.id));
    const ref = row?.accountRef as string;

    // On PostgreSQL, what another instance hears: the status's change notifies, a re-read that changes nothing not.
    const heard: string[] = [];
    const listener =
      testDatabaseKind() === 'postgres'
        ? postgres(t.database.url as string, { max: 1, onnotice: () => {} })
        : null;
    await listener?.listen('catalog_changed', (payload) => heard.push(payload));
    try {
      // The event is not delivered here: the nursery looking at its profile reads the account again and stores it.
      await stripe.activate(ref);
      expect(await everywhere(visitor, nursery.client, username, nursery.listing.id)).toEqual([
        true,
        true,
        true,
        true,
        true,
      ]);
      if (listener) {
        await expect.poll(() => heard.length).toBeGreaterThanOrEqual(1);
        const before = heard.length;
        await nursery.client.get('/api/seller/payout-account');
        // A notification of the test's own, after it: heard in commit order, so any the re-read sent came first.
        await listener`select pg_notify('catalog_changed', 'test')`;
        await expect.poll(() => heard.at(-1)).toBe('test');
        expect(heard.length).toBe(before + 1);
      }
      await stripe.restrict(ref, ['individual.verification.document']);
      expect(
        (await visitor.get<ProductDetail>(`/api/products/${nursery.listing.id}`)).body.seller.takingOrders,
      ).toBe(true);
      expect(
        (await nursery.client.get<PayoutAccountView>('/api/seller/payout-account')).body.takingOrders,
      ).toBe(false);
      expect(
        (await visitor.get<ProductDetail>(`/api/products/${nursery.listing.id}`)).body.seller.takingOrders,
      ).toBe(false);
    } finally {
      await listener?.end();
    }
  });
});
