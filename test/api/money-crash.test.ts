/**
 * A server killed between the commit and the transfer (docs/decisions/0021-payments.md#refunds-and-transfers-stripe):
 * the real server runs as a child process with Stripe as the payment provider (the local server of Stripe's protocol),
 * a delivered part's transfer falls due, and the server dies with SIGKILL while its transfer call waits for Stripe's
 * answer: once after Stripe made the transfer, once before Stripe did anything. After a restart on the same database,
 * and once the claim's lease has run out, the transfer is looked up and finished, or sent, and the nursery is paid
 * exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@domain/catalog/responses';
import type { Order, SellerShipment } from '@domain/orders/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADDRESS } from '../support/app';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../support/database';
import { listingInput } from '../support/fixtures';
import { freePort, HttpUser, type Server, start } from '../support/server-process';
import { type StripeServer, startStripeServer } from '../support/stripe-server';

const PLATFORM_SECRET = 'whsec_CrashPlatformTest';
const CONNECT_SECRET = 'whsec_CrashConnectTest';

/** Polls `check` until it answers true (a state, never a fixed time), for at most a minute. */
async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a server killed between the commit and the transfer', () => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let env: Record<string, string>;
  let server: Server | undefined;
  let stripe: StripeServer;

  beforeAll(async () => {
    stripe = await startStripeServer();
    env = {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: stripe.apiKey,
      STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_URL: stripe.url,
      MONEY_JOBS_INTERVAL_SECONDS: '1',
      MONEY_JOBS_LEASE_SECONDS: '2',
      AUTH_MAX_ATTEMPTS_PER_IP: '100000',
      WRITE_LIMIT_PER_IP: '1000000',
      WRITE_LIMIT_PER_ACCOUNT: '1000000',
    };
    if (testDatabaseKind() === 'postgres') {
      database = await createTestDatabase({ maxConnections: 1 });
      env.DATABASE_URL = database.url as string;
      env.SEED_DEMO = 'false';
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'dfm-money-crash-'));
      env.DATA_DIR = dataDir;
      env.SEED_DEMO = 'false';
    }
  });
  afterAll(async () => {
    server?.process.kill('SIGKILL');
    await stripe?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the server and points Stripe's webhooks at it. */
  async function startServer(): Promise<Server> {
    const started = await start(env, await freePort());
    stripe.webhooks(
      `${started.url}/api/payments/stripe/webhook`,
      PLATFORM_SECRET,
      `${started.url}/api/payments/stripe/connect-webhook`,
      CONNECT_SECRET,
    );
    return started;
  }

  const transfersFor = (shipmentId: number) =>
    stripe.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/transfers' &&
        (r.params.metadata as Record<string, string> | undefined)?.shipment_id === String(shipmentId),
    );

  it('pays the nursery once, whether Stripe made the transfer before the kill or not', async () => {
    server = await startServer();
    const nursery = new HttpUser(server, `mc_nursery_${process.pid}`);
    expect(await nursery.register(true)).toBe(201);
    expect((await nursery.call('PUT', '/api/seller/profile', { shipFromState: 'FL' })).status).toBe(200);
    // Connect: the account is made, onboarding finishes at Stripe, and account.updated makes it active.
    expect((await nursery.call('POST', '/api/seller/payout-account')).status).toBe(200);
    const account = stripe.requests.filter((r) => r.path === '/v1/account_links').at(-1)?.params
      .account as string;
    await stripe.activate(account);
    const listing = await nursery.call<Product>('POST', '/api/products', listingInput());
    expect(listing.status).toBe(201);

    const buyer = new HttpUser(server, `mc_buyer_${process.pid}`);
    expect(await buyer.register(false)).toBe(201);
    expect((await buyer.call('POST', '/api/addresses', TEST_ADDRESS)).status).toBe(201);

    /** An order paid at Stripe, shipped and delivered: its transfer falls due. */
    async function delivered(): Promise<number> {
      expect(
        (await buyer.call('POST', '/api/cart', { productId: listing.body.id, quantity: 1 })).status,
      ).toBe(201);
      const placed = await buyer.call<Order>('POST', '/api/orders', {});
      expect(placed.status).toBe(201);
      const session = /\/pay\/(cs_[^/?]+)/.exec(placed.body.payment.redirectUrl ?? '')?.[1] ?? '';
      await stripe.pay(session);
      const id = placed.body.shipments[0]?.id ?? 0;
      await until('the order paid', async () => {
        const seen = await buyer.call<Order>('GET', `/api/orders/${placed.body.id}`);
        return seen.body.payment.status === 'paid';
      });
      const shipped = await nursery.call('POST', `/api/seller/shipments/${id}/ship`, {
        carrier: 'other',
        trackingNumber: null,
      });
      expect(shipped.status).toBe(200);
      const confirmed = await buyer.call('POST', `/api/orders/${placed.body.id}/shipments/${id}/delivered`);
      expect(confirmed.status).toBe(200);
      return id;
    }
    const paidOut = async (id: number) =>
      (await nursery.call<SellerShipment>('GET', `/api/seller/shipments/${id}`)).body.payment.paidOut;

    for (const when of ['after Stripe made it', 'before Stripe did anything'] as const) {
      // The transfer call waits for an answer that never comes (Stripe made the transfer, or has not acted on the
      // request at all); the server is killed while it waits.
      stripe.failNext('/v1/transfers', when === 'after Stripe made it' ? 'hang' : 'stall');
      const id = await delivered();
      await until('the transfer call to reach Stripe', () => transfersFor(id).length > 0);
      server.process.kill('SIGKILL');
      await new Promise((r) => server?.process.once('exit', r));
      // The call never had its answer, so nothing was recorded sent before the kill.
      expect(
        transfersFor(id).every((r) => r.status === null),
        when,
      ).toBe(true);

      // As if the restart came a day later: Stripe no longer remembers the key, so only the look-up keeps the
      // transfer from being made twice.
      stripe.forgetIdempotencyKeys();
      server = await startServer();
      nursery.server = server;
      buyer.server = server;
      await until('the nursery paid', () => paidOut(id));
      // One transfer was made for the part at Stripe, whichever way the kill fell: the lost one was looked up.
      const actedOn = transfersFor(id).filter((r) => r.dropped || (r.status === 200 && !r.replayed));
      expect(actedOn, when).toHaveLength(1);
      expect(actedOn[0]?.headers['idempotency-key']).toBe(`transfer-shipment-${id}`);
      expect(
        stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/transfers'),
        `${when}: the lost transfer was looked up`,
      ).toBe(true);
    }
  }, 180_000);
});
