/**
 * Cart and checkout under load, on PGlite and PostgreSQL: 10 buyers, each signed in on its own connection, each
 * buying its own listing (a hot single listing is the race test's job, not a throughput figure).
 * - cart add: POST /api/cart, one unit onto the buyer's line;
 * - cart update: PUT /api/cart/:id;
 * - checkout: POST /api/cart then POST /api/orders; the figures are the checkouts (with their shipment and the
 *   outbox's notifications, written in the same statement);
 * - order read: GET /api/orders/:id, one of the buyer's past orders with its payment and its nursery's part;
 * - bell: GET /api/notifications/unread, the count each open tab asks for every minute (each buyer has a
 *   notification per checkout by then);
 * - payment received: the buyer checks out, then the nursery marks its part paid
 *   (POST /api/seller/shipments/:id/payment-received, the figures), as a nursery paid by Zelle does;
 * - refund sent: the buyer checks out, the nursery marks its part paid, the buyer cancels it, and the nursery
 *   records its refund sent with a note (POST /api/seller/shipments/:id/refund-sent, the figures: the order and the
 *   shipment locked, the settlement and the ledger written, the buyer told);
 * - seller shipments: the seller's Orders tab over SELLER_ORDERS orders, GET /api/seller/shipments (to ship, page 1)
 *   then ?status=shipped&page=10, 10 connections of the seller;
 * - seller missed: the dashboard's GET /api/seller/missed (its listings counted by how they ship, and the last 30
 *   days' searches from the states a certificate it lacks keeps them out of), 10 connections of the seller.
 * On PostgreSQL, card payments as well (PAYMENTS_PROVIDER=stripe, a second server on the same database, pointed at
 * the local Stripe server of test/support/stripe-server.ts in this process, the seller's account active):
 * - checkout (card): the checkout, then its Checkout Session made at Stripe after the commit;
 * - checkout, default against card: the two checkouts alternately on the one database, BENCH_ROUNDS runs each;
 * - pay now: POST /api/orders/:id/payment on an order awaiting its card payment (the session looked up at Stripe,
 *   still open, and the order answered with it); no pgbench comparison, its time being the call to Stripe.
 * On PostgreSQL each scenario is compared with pgbench running the very SQL its requests send (captured from the
 * app on a logging connection, session lookup included), with the ids made pgbench variables so each client is
 * its own buyer; the checkout script is the add and the checkout, as the API scenario does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { connect, type Database, queryRows } from '../server/src/db/connect';
import { addresses, cartItems, products, sellerPayoutAccounts, users } from '../server/src/db/schema';
import { writeOrder } from '../server/src/modules/orders';
import { recordPaymentReceived } from '../server/src/modules/payments';
import { hashPassword } from '../server/src/security/passwords';
import { type StripeServer, startStripeServer } from '../test/support/stripe-server';
import { drive, type Step, type Worker } from './drive';
import type { LoadResult } from './load';
import { type Comparison, compareRounds, inline, pgbench, pgbenchScript } from './pgbench';
import { BENCH_BUYER_LIMITS, login, startServer, withBenchDatabase } from './server';

const BUYERS = 10;
const PASSWORD = 'bench-password-123';
// Ids far from anything else in the database, so the captured SQL can turn them into pgbench variables.
const SELLER_ID = 910_000;
const SELLER_USERNAME = 'bench_cart_seller';
const buyerId = (k: number) => 910_001 + k;
const productId = (k: number) => 920_001 + k;
const lineId = (k: number) => 930_001 + k;
/** Every bench listing's price, in cents. */
const PRICE_CENTS = 1500;
/** The orders the seller has had before the run (its Orders tab's size): 30% to ship, 30% shipped, 40% delivered. */
const SELLER_ORDERS = 10_000;
const FIRST_SELLER_ORDER = 940_001;
/** The past order each buyer reads in "order read": the seller's history order g = 10 + k is buyer k's. */
const pastOrderId = (k: number) => FIRST_SELLER_ORDER + 9 + k;
/**
 * Where the orders and shipments made during the run start numbering: far from every other id, so the ids a captured
 * checkout made can be told apart in the SQL that follows it and made pgbench variables.
 */
const FIRST_NEW_ORDER = 5_000_000;
const FIRST_NEW_SHIPMENT = 6_000_000;
/** An id the run made (the first 10,000 of each), in captured SQL. */
const newOrder = new RegExp(`\\b${FIRST_NEW_ORDER / 10_000}\\d{4}\\b`);
const newShipment = new RegExp(`\\b${FIRST_NEW_SHIPMENT / 10_000}\\d{4}\\b`);
const STRIPE_WEBHOOK_SECRET = 'whsec_benchplatform';
const STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_benchconnect';

/** The settings of a server taking card payments through the local Stripe server. */
const stripeEnv = (stripe: StripeServer): Record<string, string> => ({
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: stripe.apiKey,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
});

/** Buyers, their listings (stock for any run) and one cart line each, written straight to the database. */
async function prepare(database: Database): Promise<void> {
  const { db } = database;
  const password = await hashPassword(PASSWORD);
  const k = [...Array(BUYERS).keys()];
  await db.insert(users).values([
    {
      id: SELLER_ID,
      username: SELLER_USERNAME,
      email: 'bench_cart_seller@example.com',
      password,
      isSeller: true,
      location: 'Homestead, Florida',
      shipFromState: 'FL',
      // How it is paid under the default; under Stripe its account below is active.
      paymentInstructions: 'Zelle to bench_cart_seller@example.com, with the order number in the memo.',
    },
    ...k.map((i) => ({
      id: buyerId(i),
      username: `bench_buyer_${i}`,
      email: `bench_buyer_${i}@example.com`,
      password,
    })),
  ]);
  // Each buyer's default address, in the seller's state (what checkout ships to).
  await db.insert(addresses).values(
    k.map((i) => ({
      userId: buyerId(i),
      name: `Bench Buyer ${i}`,
      line1: '100 Biscayne Blvd',
      city: 'Miami',
      state: 'FL',
      zip: '33132',
      isDefault: true,
    })),
  );
  await db.insert(products).values(
    k.map((i) => ({
      id: productId(i),
      sellerId: SELLER_ID,
      title: `Bench cutting ${i}`,
      description: 'A listing for the cart and checkout benchmark.',
      variety: 'Sugar Dragon',
      form: 'cutting',
      cuttingSize: '12 inch',
      shipsAs: 'unrooted-cutting' as const,
      pollination: 'self',
      quantity: 1_000_000_000,
      priceCents: PRICE_CENTS,
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
    })),
  );
  await db.insert(sellerPayoutAccounts).values({
    sellerId: SELLER_ID,
    provider: 'stripe',
    accountRef: 'acct_benchcartseller',
    status: 'active',
  });
  await sellerHistory(database);
  await db.execute(sql`select setval('orders_id_seq', ${FIRST_NEW_ORDER}, false),
                              setval('shipments_id_seq', ${FIRST_NEW_SHIPMENT}, false)`);
  await resetCarts(database);
}

/**
 * SELLER_ORDERS past orders of the seller's listings, one shipment and one line each, a minute apart, written as
 * checkout writes an order (writeOrder: the order, its shipment and line, its payment, taken the default way, and its
 * shipment's settlement), each part paid as a nursery records it (recordPaymentReceived), except a third of those
 * still to ship; then sent on its way: 30% to ship, 30% shipped, 40% delivered.
 */
async function sellerHistory({ db }: Database): Promise<void> {
  const first = FIRST_SELLER_ORDER - 1;
  // The history's orders and shipments take the ids FIRST_SELLER_ORDER on, one shipment per order: order g is
  // first + g, and so is its shipment.
  await db.execute(sql`select setval('orders_id_seq', ${FIRST_SELLER_ORDER}, false),
                              setval('shipments_id_seq', ${FIRST_SELLER_ORDER}, false)`);
  const start = Date.now();
  const status = (g: number) => (g % 10 < 3 ? 'pending' : g % 10 < 6 ? 'shipped' : 'delivered');
  const BATCH = 500;
  for (let from = 1; from <= SELLER_ORDERS; from += BATCH) {
    await db.transaction(async (tx) => {
      for (let g = from; g < Math.min(from + BATCH, SELLER_ORDERS + 1); g++) {
        const placedAt = new Date(start - (SELLER_ORDERS - g) * 60_000);
        const order = await writeOrder(tx, {
          buyerId: buyerId(0) + (g % BUYERS),
          idempotencyKey: null,
          note: null,
          shipTo: {
            name: 'Bench Buyer',
            line1: '100 Biscayne Blvd',
            line2: null,
            city: 'Miami',
            state: 'FL',
            zip: '33132',
            phone: null,
          },
          lines: [
            {
              productId: productId(0) + (g % BUYERS),
              sellerId: SELLER_ID,
              title: 'Bench cutting',
              quantity: 1,
              priceCents: PRICE_CENTS,
            },
          ],
          parcels: new Map([
            [SELLER_ID, { shipFromState: 'FL', labels: [], certificates: [], shippingCents: 1299 }],
          ]),
          money: { provider: 'direct', commissionBp: 0, windowMs: 7 * 24 * 3_600_000 },
          placedAt,
        });
        if (order.id !== first + g) throw new Error(`bench history: order ${g} was written as #${order.id}`);
        if (status(g) !== 'pending' || (first + g) % 3 !== 0)
          await recordPaymentReceived(tx, first + g, new Date(placedAt.getTime() + 3_600_000));
      }
    });
  }
  await db.execute(sql`
    update shipments s
    set status = x.status,
        carrier = case when x.status = 'pending' then null else 'usps' end,
        tracking_number = case when x.status = 'pending' then null
                               else lpad((9400100000000000000000 + x.g)::text, 22, '0') end,
        shipped_at = case when x.status = 'pending' then null else s.created_at + interval '1 day' end,
        delivered_at = case when x.status = 'delivered' then s.created_at + interval '4 days' end,
        delivered_by = case when x.status = 'delivered' then 'buyer' end
    from (select g, case when g % 10 < 3 then 'pending' when g % 10 < 6 then 'shipped' else 'delivered' end as status
          from generate_series(1, ${SELLER_ORDERS}) g) x
    where s.id = ${first} + x.g`);
}

async function resetCarts({ db }: Database): Promise<void> {
  await db.delete(cartItems).where(sql`${cartItems.userId} between ${buyerId(0)} and ${buyerId(BUYERS - 1)}`);
  await db.insert(cartItems).values(
    [...Array(BUYERS).keys()].map((i) => ({
      id: lineId(i),
      userId: buyerId(i),
      productId: productId(i),
      agreedPriceCents: PRICE_CENTS,
    })),
  );
}

/** A scenario's pgbench script, by scenario; those without one are not compared ("pay now"). */
type Scripts = Partial<Record<ScenarioName, string>>;

/**
 * The SQL each scenario's requests send for buyer 0 (the session lookup included), with its transaction boundaries:
 * the real app, in-process on a logging connection, answering the very requests the load sends, turned into pgbench
 * scripts for any client (toScript). With `stripe`, the app takes card payments and only "checkout (card)" is taken.
 */
async function captureScripts(url: string, stripe?: StripeServer): Promise<Scripts> {
  let capture: string[] | null = null;
  const database = await connect({
    databaseUrl: url,
    maxConnections: 1,
    logQuery: (q, p) => capture?.push(inline(q, p)),
  });
  const db = database.db;
  const transaction = db.transaction.bind(db);
  // Mark where each transaction starts and ends (the driver sends BEGIN and COMMIT itself, unlogged).
  db.transaction = (async (fn: never, config: never) => {
    capture?.push('begin');
    const result = await transaction(fn, config);
    capture?.push('commit');
    return result;
  }) as typeof db.transaction;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ...BENCH_BUYER_LIMITS,
    ...(stripe ? stripeEnv(stripe) : {}),
  });
  const app = await buildApp({ database, config });
  try {
    const origin = 'http://localhost';
    const signInAs = async (username: string) => {
      const res = await app.server.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin },
        payload: { username, password: PASSWORD },
      });
      return String(res.headers['set-cookie']).split(';')[0] as string;
    };
    const buyerCookie = await signInAs('bench_buyer_0');
    const sellerCookie = await signInAs(SELLER_USERNAME);
    const context: Context = { sellerCookies: [sellerCookie], cardOrders: [] };
    /** Sends a scenario's steps as buyer 0 would (a step's own cookie taken), answering what they sent. */
    const sendSteps = async (steps: Step[], cookie = buyerCookie) => {
      const sent: string[] = [];
      for (const step of steps) {
        capture = [];
        const res = await app.server.inject({
          method: step.method,
          url: step.path,
          headers: { origin, cookie: step.cookie ?? cookie },
          ...(step.body === undefined ? {} : { payload: step.body as object }),
        });
        if (res.statusCode >= 300)
          throw new Error(`${step.method} ${step.path}: ${res.statusCode} ${res.body}`);
        step.onResponse?.(res.statusCode, res.body);
        sent.push(...capture);
        capture = null;
      }
      return sent;
    };
    const steps = (name: ScenarioName, cookie?: string) => sendSteps(SCENARIOS[name](0, context)(1), cookie);
    const scripts: Scripts = {};
    if (stripe) {
      scripts['checkout (card)'] = toScript(await steps('checkout (card)'));
    } else {
      for (const name of ['cart add', 'cart update', 'checkout', 'order read', 'bell'] as const)
        scripts[name] = toScript(await steps(name));
      for (const name of ['seller shipments', 'seller missed'] as const)
        scripts[name] = toScript(await steps(name, sellerCookie));
      scripts['payment received'] = toScript(await steps('payment received'));
      scripts['refund sent'] = toScript(await steps('refund sent'));
    }
    await resetCarts(database);
    return scripts;
  } finally {
    await app.server.close();
    await database.close();
  }
}

/**
 * Turns buyer 0's captured SQL into a script for any pgbench client. The statements after a checkout's commit that
 * name the order or the shipment it made (the card payment's writes, the nursery's "payment received") get them
 * from a statement that finds the client's newest order, as the app had them from the checkout's answer.
 */
function toScript(statements: string[]): string {
  const variables = [
    `\\set uid ${buyerId(0)} + :client_id`,
    `\\set pid ${productId(0)} + :client_id`,
    `\\set line_id ${lineId(0)} + :client_id`,
    `\\set past_id ${pastOrderId(0)} + :client_id`,
  ];
  const firstNamed = statements.findIndex((q) => newOrder.test(q) || newShipment.test(q));
  const body = statements.map((q) =>
    q
      .replace(new RegExp(`\\b${buyerId(0)}\\b`, 'g'), ':uid')
      .replace(new RegExp(`\\b${productId(0)}\\b`, 'g'), ':pid')
      .replace(new RegExp(`\\b${lineId(0)}\\b`, 'g'), ':line_id')
      .replace(new RegExp(`\\b${pastOrderId(0)}\\b`, 'g'), ':past_id')
      .replace(new RegExp(newOrder, 'g'), ':new_order')
      .replace(new RegExp(newShipment, 'g'), ':new_shipment'),
  );
  if (firstNamed >= 0)
    body.splice(
      firstNamed,
      0,
      `select s.id as shipment, s.order_id as order from shipments s
       where s.order_id = (select id from orders where user_id = :uid order by created_at desc limit 1) \\gset new_`,
    );
  return pgbenchScript([...variables, ...body]);
}

/** One session per buyer, or (for the seller's scenario) as many sessions of the seller. */
async function signIn(url: string, seller = false): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < BUYERS; i++)
    cookies.push(await login(url, seller ? SELLER_USERNAME : `bench_buyer_${i}`, PASSWORD));
  return cookies;
}

/** What some scenarios need besides the buyer's own session: the seller's sessions, each buyer's card order. */
interface Context {
  sellerCookies: string[];
  /** Buyer k's order awaiting its card payment, for "pay now". */
  cardOrders: number[];
}

/** Buyer k adds one unit of its listing, then checks out with the price it was shown, as the client does. */
const checkoutSteps = (k: number): [Step, Step] => [
  { method: 'POST', path: '/api/cart', body: { productId: productId(k), quantity: 1 }, timed: false },
  {
    method: 'POST',
    path: '/api/orders',
    body: { lines: [{ productId: productId(k), price: PRICE_CENTS / 100 }] },
    timed: true,
  },
];

const SCENARIOS = {
  // The seller's first: its Orders tab then holds its SELLER_ORDERS past orders, not also the run's checkouts.
  'seller shipments': (): Worker['steps'] => () => [
    { method: 'GET', path: '/api/seller/shipments?status=pending', timed: true },
    { method: 'GET', path: '/api/seller/shipments?status=shipped&page=10', timed: true },
  ],
  'seller missed': (): Worker['steps'] => () => [{ method: 'GET', path: '/api/seller/missed', timed: true }],
  'cart add':
    (k: number): Worker['steps'] =>
    () => [
      { method: 'POST', path: '/api/cart', body: { productId: productId(k), quantity: 1 }, timed: true },
    ],
  'cart update':
    (k: number): Worker['steps'] =>
    (n) => [{ method: 'PUT', path: `/api/cart/${lineId(k)}`, body: { quantity: 1 + (n % 2) }, timed: true }],
  checkout:
    (k: number): Worker['steps'] =>
    () =>
      checkoutSteps(k),
  'order read':
    (k: number): Worker['steps'] =>
    () => [{ method: 'GET', path: `/api/orders/${pastOrderId(k)}`, timed: true }],
  bell: (): Worker['steps'] => () => [{ method: 'GET', path: '/api/notifications/unread', timed: true }],
  'payment received':
    (k: number, { sellerCookies }: Context): Worker['steps'] =>
    () => {
      // The nursery's call names the shipment the checkout has just made (a 404 counts against the run if none).
      const received: Step = {
        method: 'POST',
        path: '/api/seller/shipments/0/payment-received',
        cookie: sellerCookies[k % sellerCookies.length],
        timed: true,
      };
      const [add, checkout] = checkoutSteps(k);
      const placed: Step = {
        ...checkout,
        timed: false,
        onResponse: (status, body) => {
          if (status === 201)
            received.path = `/api/seller/shipments/${JSON.parse(body).shipments[0].id}/payment-received`;
        },
      };
      return [add, placed, received];
    },
  'refund sent':
    (k: number, { sellerCookies }: Context): Worker['steps'] =>
    () => {
      // Each call after the checkout names the order or shipment it has just made, as "payment received" does.
      const cookie = sellerCookies[k % sellerCookies.length];
      const received: Step = {
        method: 'POST',
        path: '/api/seller/shipments/0/payment-received',
        cookie,
        timed: false,
      };
      const cancel: Step = { method: 'POST', path: '/api/orders/0/cancel', body: {}, timed: false };
      const refunded: Step = {
        method: 'POST',
        path: '/api/seller/shipments/0/refund-sent',
        body: { note: 'Sent back by Zelle, reference 4411' },
        cookie,
        timed: true,
      };
      const [add, checkout] = checkoutSteps(k);
      const placed: Step = {
        ...checkout,
        timed: false,
        onResponse: (status, body) => {
          if (status !== 201) return;
          const order = JSON.parse(body) as { id: number; shipments: Array<{ id: number }> };
          const shipment = order.shipments[0]?.id;
          received.path = `/api/seller/shipments/${shipment}/payment-received`;
          cancel.path = `/api/orders/${order.id}/cancel`;
          refunded.path = `/api/seller/shipments/${shipment}/refund-sent`;
        },
      };
      return [add, placed, received, cancel, refunded];
    },
  'checkout (card)':
    (k: number): Worker['steps'] =>
    () =>
      checkoutSteps(k),
  'pay now':
    (k: number, { cardOrders }: Context): Worker['steps'] =>
    () => [{ method: 'POST', path: `/api/orders/${cardOrders[k]}/payment`, timed: true }],
} as const;
type ScenarioName = keyof typeof SCENARIOS;
/** The scenarios a seller's sessions run; the others are the buyers'. */
const SELLER_SCENARIOS: ReadonlySet<ScenarioName> = new Set(['seller shipments', 'seller missed']);
/** The scenarios of a server taking card payments (PostgreSQL only); the others run on the default's. */
const CARD_SCENARIOS: ReadonlySet<ScenarioName> = new Set(['checkout (card)', 'pay now']);

function run(
  url: string,
  label: string,
  name: ScenarioName,
  who: string[],
  seconds: number,
  context: Context,
) {
  const workers = who.map((cookie, k) => ({ cookie, steps: SCENARIOS[name](k, context) }));
  return drive(`${label}: ${name}`, url, workers, seconds);
}

/**
 * A second of adding and updating, unmeasured: the server's JIT and each connection's prepared statements warm
 * up. (Not checkout: it empties the carts, and the update scenario needs each buyer's line.)
 */
async function warmUp(url: string, cookies: string[], context: Context): Promise<void> {
  for (const name of ['cart add', 'cart update'] as const)
    await run(url, 'warm-up', name, cookies, 1, context);
}

/** Each buyer's newest order (after a card checkout run: one awaiting its card payment). */
async function newestOrders(url: string): Promise<number[]> {
  const database = await connect({ databaseUrl: url, maxConnections: 1 });
  try {
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`
      select (select id from orders o where o.user_id = b order by o.created_at desc limit 1) as id
      from generate_series(${buyerId(0)}::int, ${buyerId(BUYERS - 1)}::int) b order by b`,
    );
    return rows.map((r) => Number(r.id));
  } finally {
    await database.close();
  }
}

export interface ProviderRun {
  provider: 'default (pay the nursery)' | 'card (Stripe)';
  /** Checkouts per second, each run, in the order run. */
  runs: number[];
}

export async function ordersBench(options: {
  pgUrl?: string;
  port: number;
  seconds: number;
  rounds: number;
}) {
  const pglite: LoadResult[] = [];
  const postgresql: LoadResult[] = [];
  const comparisons: Comparison[] = [];
  const providers: ProviderRun[] = [];
  const names = (Object.keys(SCENARIOS) as ScenarioName[]).filter((n) => !CARD_SCENARIOS.has(n));

  const dir = mkdtempSync(path.join(os.tmpdir(), 'dfm-bench-orders-'));
  try {
    const setup = await connect({ dataDir: dir });
    await setup.migrate();
    await prepare(setup);
    await setup.close();
    const server = await startServer({ DATA_DIR: dir, SEED_DEMO: 'false' }, options.port);
    const cookies = await signIn(server.url);
    const context: Context = { sellerCookies: await signIn(server.url, true), cardOrders: [] };
    await warmUp(server.url, cookies, context);
    for (const name of names)
      pglite.push(
        await run(
          server.url,
          'PGlite',
          name,
          SELLER_SCENARIOS.has(name) ? context.sellerCookies : cookies,
          options.seconds,
          context,
        ),
      );
    await server.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (options.pgUrl) {
    const name = `dfm_bench_orders_${process.pid}`;
    await withBenchDatabase(options.pgUrl, name, async (url) => {
      const setup = await connect({ databaseUrl: url, maxConnections: 2 });
      await setup.migrate();
      await prepare(setup);
      await setup.close();
      const stripe = await startStripeServer();
      try {
        const scripts = { ...(await captureScripts(url)), ...(await captureScripts(url, stripe)) };
        const server = await startServer({ DATABASE_URL: url }, options.port);
        const card = await startServer({ DATABASE_URL: url, ...stripeEnv(stripe) }, options.port + 1);
        const cookies = await signIn(server.url);
        const context: Context = { sellerCookies: await signIn(server.url, true), cardOrders: [] };
        await warmUp(server.url, cookies, context);
        await warmUp(card.url, cookies, context);
        // Each connection runs the statements of the scenarios that read well past five times first, so PostgreSQL
        // has chosen between custom and generic plans before the figures are taken (the others run that often in
        // their first round, and the median round is reported).
        await run(server.url, 'warm-up', 'seller shipments', context.sellerCookies, 2, context);
        await run(server.url, 'warm-up', 'seller missed', context.sellerCookies, 2, context);
        await run(server.url, 'warm-up', 'order read', cookies, 2, context);
        const at = (scenario: ScenarioName) => (CARD_SCENARIOS.has(scenario) ? card.url : server.url);
        for (const scenario of [...names, 'checkout (card)', 'pay now'] as ScenarioName[]) {
          if (scenario === 'pay now') context.cardOrders = await newestOrders(url);
          const who = SELLER_SCENARIOS.has(scenario) ? context.sellerCookies : cookies;
          const api = () => run(at(scenario), 'PostgreSQL', scenario, who, options.seconds, context);
          const script = scripts[scenario];
          if (!script) {
            postgresql.push(await api());
            continue;
          }
          const compared = await compareRounds(`PostgreSQL: ${scenario}`, options.rounds, api, () =>
            pgbench(url, script, options.seconds, BUYERS),
          );
          postgresql.push(compared.api);
          comparisons.push(compared.comparison);
        }
        // The two checkouts alternately on the one database, the order reversed every other round.
        const byDefault: ProviderRun = { provider: 'default (pay the nursery)', runs: [] };
        const byCard: ProviderRun = { provider: 'card (Stripe)', runs: [] };
        for (let round = 0; round < options.rounds; round++) {
          const pair = [
            { into: byDefault, scenario: 'checkout' as const },
            { into: byCard, scenario: 'checkout (card)' as const },
          ];
          for (const { into, scenario } of round % 2 === 0 ? pair : pair.reverse())
            into.runs.push(
              (await run(at(scenario), 'alternating', scenario, cookies, options.seconds, context)).rps,
            );
        }
        providers.push(byDefault, byCard);
        await card.stop();
        await server.stop();
      } finally {
        await stripe.close();
      }
    });
  }
  return { pglite, postgresql, comparisons, providers };
}
