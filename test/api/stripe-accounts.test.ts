import type { CartLine } from '@domain/cart/responses';
import type { PayoutAccountView } from '@domain/payments/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerPayoutAccounts } from '../../server/src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { signUpBuyer, signUpNursery } from '../support/fixtures';
import { createStripeTestApp, type StripeTestApp } from '../support/stripe-app';
import type { StripeServer } from '../support/stripe-server';

// A nursery connects a Stripe Express account from its profile (docs/decisions/0021-payments.md#sellers-accounts):
// made once, never twice however often it clicks; its state read again whenever it looks, so a missed event heals;
// and only an active account's plants can be bought by card.
let stripe: StripeServer;
let t: TestApp;
let app: StripeTestApp;

beforeAll(async () => {
  app = await createStripeTestApp();
  ({ t, stripe } = app);
});
afterAll(async () => {
  await app?.close();
});

const accountsMade = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');

describe('Connect with Stripe', () => {
  it('makes one account however many clicks, links to its onboarding, and sells once Stripe says it is active', async () => {
    const { client: nursery, id, listing: product } = await signUpNursery(t, { listing: { quantity: 5 } });
    expect((await nursery.get<PayoutAccountView>('/api/seller/payout-account')).body).toEqual({
      provider: 'stripe',
      capabilities: {
        name: 'Stripe',
        paysNurseryDirectly: false,
        hostedCheckout: true,
        payoutAccounts: true,
        refundsByProvider: true,
      },
      account: null,
      takingOrders: false,
    });

    const before = accountsMade().length;
    const clicks = await Promise.all(
      [1, 2, 3].map(() => nursery.post<{ url: string }>('/api/seller/payout-account')),
    );
    expect(clicks.map((c) => c.status)).toEqual([200, 200, 200]);
    for (const c of clicks) expect(c.body.url).toMatch(new RegExp(`^${stripe.url}/onboard/acct_`));
    const rows = await t.database.db
      .select()
      .from(sellerPayoutAccounts)
      .where(eq(sellerPayoutAccounts.sellerId, id));
    expect(rows).toHaveLength(1);
    const made = accountsMade().slice(before);
    expect(new Set(made.map((r) => r.headers['idempotency-key']))).toEqual(new Set([`account-seller-${id}`]));
    // Every click's onboarding link is to that one account.
    const links = stripe.requests.filter((r) => r.path === '/v1/account_links').slice(-3);
    expect(links.map((l) => l.params.account)).toEqual([
      rows[0]?.accountRef,
      rows[0]?.accountRef,
      rows[0]?.accountRef,
    ]);
    const link = links.at(-1);
    expect(link?.params).toMatchObject({
      type: 'account_onboarding',
      // Named for no provider; the profile reads `?stripe=` too, as links made before carry it.
      return_url: `${t.config.payments.origin}/seller/profile?onboarding=return`,
      refresh_url: `${t.config.payments.origin}/seller/profile?onboarding=refresh`,
    });

    const { client: buyer } = await signUpBuyer(t);
    await buyer.post('/api/cart', { productId: product.id });
    expect((await buyer.get<CartLine[]>('/api/cart')).body[0]?.paymentProblem).toMatch(
      /not taking payments yet/,
    );

    // Onboarding finished at Stripe; the event is missed, but the nursery opening its profile reads it again.
    const accountRef = rows[0]?.accountRef ?? '';
    await stripe.activate(accountRef);
    const seen = (await nursery.get<PayoutAccountView>('/api/seller/payout-account')).body;
    expect(seen.account).toEqual({ status: 'active', label: 'Ready to sell by card', requirements: [] });
    expect(seen.takingOrders).toBe(true);
    expect((await buyer.get<CartLine[]>('/api/cart')).body[0]?.paymentProblem).toBeNull();

    await stripe.restrict(accountRef, ['individual.verification.document']);
    const restricted = (await nursery.get<PayoutAccountView>('/api/seller/payout-account')).body;
    expect(restricted.account).toMatchObject({
      status: 'restricted',
      label: 'Stripe needs more details',
      requirements: ['individual.verification.document'],
    });
    expect(restricted.takingOrders).toBe(false);
    expect((await buyer.post('/api/orders', {})).status).toBe(409);
  });

  it('is the seller’s own, says when Stripe is down, and keeps the last known state then', async () => {
    const { client: buyer } = await signUpBuyer(t);
    expect((await buyer.post('/api/seller/payout-account')).status).toBe(403);
    expect((await buyer.get('/api/seller/payout-account')).status).toBe(403);

    const { client: nursery } = await signUpNursery(t);
    stripe.failNext('/v1/accounts', 500);
    stripe.failNext('/v1/accounts', 500);
    stripe.failNext('/v1/accounts', 500);
    const down = await nursery.post<{ message: string }>('/api/seller/payout-account');
    expect(down.status).toBe(503);
    expect(down.body.message).toBe('Stripe could not be reached just now: please try again in a moment');
    expect((await nursery.post('/api/seller/payout-account')).status).toBe(200);
    const ref = stripe.requests.filter((r) => r.path === '/v1/account_links').at(-1)?.params
      .account as string;
    stripe.failNext(`/v1/accounts/${ref}`, 500);
    stripe.failNext(`/v1/accounts/${ref}`, 500);
    stripe.failNext(`/v1/accounts/${ref}`, 500);
    const stale = await nursery.get<PayoutAccountView>('/api/seller/payout-account');
    expect(stale.status).toBe(200);
    expect(stale.body.account?.status).toBe('pending');
  });
});

describe('under the default', () => {
  it('has no account to connect', async () => {
    const direct = await createTestApp();
    try {
      const { client } = await signUpNursery(direct);
      expect((await client.get<PayoutAccountView>('/api/seller/payout-account')).body).toEqual({
        provider: 'direct',
        capabilities: {
          name: 'Direct',
          paysNurseryDirectly: true,
          hostedCheckout: false,
          payoutAccounts: false,
          refundsByProvider: false,
        },
        account: null,
        takingOrders: true,
      });
      const refused = await client.post<{ message: string }>('/api/seller/payout-account');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^Buyers pay each nursery directly here/);
    } finally {
      await direct.close();
    }
  });
});
