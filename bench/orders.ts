/**
 * Cart and checkout under load, on PGlite and PostgreSQL: 10 buyers, each signed in on its own connection, each
 * buying its own listing (a hot single listing is the race test's job, not a throughput figure).
 * - cart add: POST /api/cart, one unit onto the buyer's line;
 * - cart update: PUT /api/cart/:id;
 * - checkout: POST /api/cart then POST /api/orders; the figures are the checkouts (with their shipment and the
 *   outbox's notifications, written in the same statement);
 * - bell: GET /api/notifications/unread, the count each open tab asks for every minute (each buyer has a
 *   notification per checkout by then);
 * - seller shipments: the seller's Orders tab over SELLER_ORDERS orders, GET /api/seller/shipments (to ship, page 1)
 *   then ?status=shipped&page=10, 10 connections of the seller;
 * - seller missed: the dashboard's GET /api/seller/missed (its listings counted by how they ship, and the last 30
 *   days' searches from the states a certificate it lacks keeps them out of), 10 connections of the seller.
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
import { connect, type Database } from '../server/src/db/connect';
import { addresses, cartItems, products, users } from '../server/src/db/schema';
import { hashPassword } from '../server/src/security/passwords';
import { drive, type Step, type Worker } from './drive';
import type { LoadResult } from './load';
import { type Comparison, compareRounds, inline, pgbench, pgbenchScript } from './pgbench';
import { login, startServer, withBenchDatabase } from './server';

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
  await sellerHistory(database);
  await resetCarts(database);
}

/** SELLER_ORDERS past orders of the seller's listings, one shipment and one line each, a minute apart. */
async function sellerHistory({ db }: Database): Promise<void> {
  const first = FIRST_SELLER_ORDER - 1;
  await db.execute(sql`
    insert into orders (id, user_id, subtotal_cents, shipping_cents, total_cents, ship_to_name, ship_to_line1,
                        ship_to_city, ship_to_state, ship_to_zip, created_at)
    select ${first} + g, ${buyerId(0)} + g % ${BUYERS}, ${PRICE_CENTS}, 1299, ${PRICE_CENTS} + 1299, 'Bench Buyer',
           '100 Biscayne Blvd', 'Miami', 'FL', '33132', now() - make_interval(mins => ${SELLER_ORDERS} - g)
    from generate_series(1, ${SELLER_ORDERS}) g`);
  await db.execute(sql`
    insert into shipments (id, order_id, seller_id, status, ship_from_state, carrier, tracking_number, shipped_at,
                           delivered_at, delivered_by, created_at)
    select ${first} + g, ${first} + g, ${SELLER_ID}, s.status, 'FL',
           case when s.status = 'pending' then null else 'usps' end,
           case when s.status = 'pending' then null else lpad((9400100000000000000000 + g)::text, 22, '0') end,
           case when s.status = 'pending' then null else o.created_at + interval '1 day' end,
           case when s.status = 'delivered' then o.created_at + interval '4 days' end,
           case when s.status = 'delivered' then 'buyer' end,
           o.created_at
    from generate_series(1, ${SELLER_ORDERS}) g
    join orders o on o.id = ${first} + g
    cross join lateral (select case when g % 10 < 3 then 'pending' when g % 10 < 6 then 'shipped'
                                    else 'delivered' end as status) s`);
  await db.execute(sql`
    insert into order_items (order_id, shipment_id, product_id, title, quantity, price_cents)
    select ${first} + g, ${first} + g, ${productId(0)} + g % ${BUYERS}, 'Bench cutting', 1, ${PRICE_CENTS}
    from generate_series(1, ${SELLER_ORDERS}) g`);
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

type Captured = Record<'add' | 'update' | 'checkout' | 'bell' | 'shipments' | 'missed', string[]>;

/**
 * The SQL each scenario's request sends for buyer 0 (the session lookup included), with its transaction
 * boundaries: the real app, in-process on a logging connection, answering the very requests the load sends.
 */
async function captureScripts(url: string): Promise<Captured> {
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
  const app = await buildApp({ database, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }) });
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
    const send = async (step: Step, cookie = buyerCookie) => {
      capture = [];
      const res = await app.server.inject({
        method: step.method,
        url: step.path,
        headers: { origin, cookie },
        ...(step.body === undefined ? {} : { payload: step.body as object }),
      });
      if (res.statusCode >= 300)
        throw new Error(`${step.method} ${step.path}: ${res.statusCode} ${res.body}`);
      const sent = capture;
      capture = null;
      return sent;
    };
    const [add, update, checkout] = [
      SCENARIOS['cart add'](0)(0),
      SCENARIOS['cart update'](0)(1),
      SCENARIOS.checkout(0)(0),
    ];
    const shipments = SCENARIOS['seller shipments']()(0);
    const captured: Captured = {
      add: await send(add[0] as Step),
      update: await send(update[0] as Step),
      checkout: [...(await send(checkout[0] as Step)), ...(await send(checkout[1] as Step))],
      bell: await send(SCENARIOS.bell()(0)[0] as Step),
      shipments: [
        ...(await send(shipments[0] as Step, sellerCookie)),
        ...(await send(shipments[1] as Step, sellerCookie)),
      ],
      missed: await send(SCENARIOS['seller missed']()(0)[0] as Step, sellerCookie),
    };
    await resetCarts(database);
    return captured;
  } finally {
    await app.server.close();
    await database.close();
  }
}

/** Turns buyer 0's captured SQL into a script for any pgbench client. */
function toScript(statements: string[]): string {
  const variables = [
    `\\set uid ${buyerId(0)} + :client_id`,
    `\\set pid ${productId(0)} + :client_id`,
    `\\set line_id ${lineId(0)} + :client_id`,
  ];
  const body = statements.map((q) =>
    q
      .replace(new RegExp(`\\b${buyerId(0)}\\b`, 'g'), ':uid')
      .replace(new RegExp(`\\b${productId(0)}\\b`, 'g'), ':pid')
      .replace(new RegExp(`\\b${lineId(0)}\\b`, 'g'), ':line_id'),
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

const SCENARIOS = {
  'cart add':
    (i: number): Worker['steps'] =>
    () => [
      { method: 'POST', path: '/api/cart', body: { productId: productId(i), quantity: 1 }, timed: true },
    ],
  'cart update':
    (i: number): Worker['steps'] =>
    (n) => [{ method: 'PUT', path: `/api/cart/${lineId(i)}`, body: { quantity: 1 + (n % 2) }, timed: true }],
  checkout:
    (i: number): Worker['steps'] =>
    () => [
      { method: 'POST', path: '/api/cart', body: { productId: productId(i), quantity: 1 }, timed: false },
      // The checkout carries the price the buyer was shown, as the client's does.
      {
        method: 'POST',
        path: '/api/orders',
        body: { lines: [{ productId: productId(i), price: PRICE_CENTS / 100 }] },
        timed: true,
      },
    ],
  bell: (): Worker['steps'] => () => [{ method: 'GET', path: '/api/notifications/unread', timed: true }],
  'seller shipments': (): Worker['steps'] => () => [
    { method: 'GET', path: '/api/seller/shipments?status=pending', timed: true },
    { method: 'GET', path: '/api/seller/shipments?status=shipped&page=10', timed: true },
  ],
  'seller missed': (): Worker['steps'] => () => [{ method: 'GET', path: '/api/seller/missed', timed: true }],
} as const;
/** The scenarios a seller's sessions run; the others are the buyers'. */
const SELLER_SCENARIOS: ReadonlySet<ScenarioName> = new Set(['seller shipments', 'seller missed']);
type ScenarioName = keyof typeof SCENARIOS;

function run(url: string, label: string, name: ScenarioName, cookies: string[], seconds: number) {
  const workers = cookies.map((cookie, i) => ({ cookie, steps: SCENARIOS[name](i) }));
  return drive(`${label}: ${name}`, url, workers, seconds);
}

/**
 * A second of adding and updating, unmeasured: the server's JIT and each connection's prepared statements warm
 * up. (Not checkout: it empties the carts, and the update scenario needs each buyer's line.)
 */
async function warmUp(url: string, cookies: string[]): Promise<void> {
  for (const name of ['cart add', 'cart update'] as const) await run(url, 'warm-up', name, cookies, 1);
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
  const names = Object.keys(SCENARIOS) as ScenarioName[];

  const dir = mkdtempSync(path.join(os.tmpdir(), 'dfm-bench-orders-'));
  try {
    const setup = await connect({ dataDir: dir });
    await setup.migrate();
    await prepare(setup);
    await setup.close();
    const server = await startServer({ DATA_DIR: dir, SEED_DEMO: 'false' }, options.port);
    const cookies = await signIn(server.url);
    const sellerCookies = await signIn(server.url, true);
    await warmUp(server.url, cookies);
    for (const name of names)
      pglite.push(
        await run(
          server.url,
          'PGlite',
          name,
          SELLER_SCENARIOS.has(name) ? sellerCookies : cookies,
          options.seconds,
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
      const scripts = await captureScripts(url);
      const server = await startServer({ DATABASE_URL: url }, options.port);
      const cookies = await signIn(server.url);
      const sellerCookies = await signIn(server.url, true);
      await warmUp(server.url, cookies);
      // The seller's lists: each connection runs their statements well past five times first, so PostgreSQL has
      // chosen between custom and generic plans before the figures are taken.
      await run(server.url, 'warm-up', 'seller shipments', sellerCookies, 2);
      await run(server.url, 'warm-up', 'seller missed', sellerCookies, 2);
      for (const scenario of names) {
        const statements =
          scenario === 'checkout'
            ? [...scripts.add, ...scripts.checkout]
            : scenario === 'seller shipments'
              ? scripts.shipments
              : scenario === 'seller missed'
                ? scripts.missed
                : scenario === 'bell'
                  ? scripts.bell
                  : scripts[scenario === 'cart add' ? 'add' : 'update'];
        const who = SELLER_SCENARIOS.has(scenario) ? sellerCookies : cookies;
        const { api, comparison } = await compareRounds(
          `PostgreSQL: ${scenario}`,
          options.rounds,
          () => run(server.url, 'PostgreSQL', scenario, who, options.seconds),
          () => pgbench(url, toScript(statements), options.seconds, BUYERS),
        );
        postgresql.push(api);
        comparisons.push(comparison);
      }
      await server.stop();
    });
  }
  return { pglite, postgresql, comparisons };
}
