/**
 * The soak (docs/quality.md#reliability and #performance-budgets): 200 signed-in buyers on their own connections for 60 s against PostgreSQL,
 * each browsing the catalog, opening listings, adding to the cart and checking out (every third round). At the
 * end the database must reconcile with what the buyers were told: no 5xx, every acknowledged order present with
 * its lines, no order that was not acknowledged, no duplicate for an Idempotency-Key, and each listing's stock
 * down by exactly the units ordered.
 */
import { sql } from 'drizzle-orm';
import { connect, type Database, queryRows } from '../server/src/db/connect';
import { addresses, products, users } from '../server/src/db/schema';
import { hashPassword } from '../server/src/security/passwords';
import { drive, type Step } from './drive';
import type { LoadResult } from './load';
import { login, startServer, withBenchDatabase } from './server';

const BUYERS = 200;
const LISTINGS = 40;
const STOCK = 1_000_000;
const PASSWORD = 'soak-password-123';
const SELLER_ID = 950_000;
const FIRST_LISTING = 960_001;

/** The price of the i-th soak listing, in cents. */
const priceCents = (i: number) => 500 + i * 25;
/** The prices a buyer is shown: a checkout carries them all (those of listings not in the cart are not used). */
const SHOWN_PRICES = Array.from({ length: LISTINGS }, (_, i) => ({
  productId: FIRST_LISTING + i,
  price: priceCents(i) / 100,
}));

async function prepare({ db }: Database): Promise<void> {
  const password = await hashPassword(PASSWORD);
  await db.insert(users).values([
    {
      id: SELLER_ID,
      username: 'soak_seller',
      email: 'soak_seller@example.com',
      password,
      isSeller: true,
      shipFromState: 'FL',
      // Without instructions nobody could buy from it under the default way of paying.
      paymentInstructions: 'Zelle to soak_seller@example.com, with the order number in the memo.',
    },
    ...Array.from({ length: BUYERS }, (_, i) => ({
      id: SELLER_ID + 1 + i,
      username: `soak_buyer_${i}`,
      email: `soak_buyer_${i}@example.com`,
      password,
    })),
  ]);
  // Each buyer's default address, in the seller's state (what checkout ships to).
  await db.insert(addresses).values(
    Array.from({ length: BUYERS }, (_, i) => ({
      userId: SELLER_ID + 1 + i,
      name: `Soak Buyer ${i}`,
      line1: '100 Biscayne Blvd',
      city: 'Miami',
      state: 'FL',
      zip: '33132',
      isDefault: true,
    })),
  );
  await db.insert(products).values(
    Array.from({ length: LISTINGS }, (_, i) => ({
      id: FIRST_LISTING + i,
      sellerId: SELLER_ID,
      title: `Soak listing ${i}`,
      description: 'A listing for the soak test.',
      variety: 'Sugar Dragon',
      form: 'cutting',
      cuttingSize: '12 inch',
      shipsAs: 'unrooted-cutting' as const,
      quantity: STOCK,
      priceCents: priceCents(i),
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
    })),
  );
}

export interface SoakResult {
  load: LoadResult;
  acknowledged: number;
  /** Every way the database disagrees with the answers; empty when it reconciles. */
  problems: string[];
}

export async function soak(options: { pgUrl: string; port: number; seconds: number }): Promise<SoakResult> {
  const name = `dfm_bench_soak_${process.pid}`;
  return await withBenchDatabase(options.pgUrl, name, async (url) => {
    const setup = await connect({ databaseUrl: url, maxConnections: 2 });
    await setup.migrate();
    await prepare(setup);
    await setup.close();

    const server = await startServer({ DATABASE_URL: url }, options.port);
    const cookies: string[] = [];
    for (let i = 0; i < BUYERS; i++) cookies.push(await login(server.url, `soak_buyer_${i}`, PASSWORD));

    const acknowledged = new Map<number, number>(); // order id → buyer
    const workers = cookies.map((cookie, buyer) => ({
      cookie,
      steps: (round: number): Step[] => {
        const listing = FIRST_LISTING + ((buyer * 7 + round * 13) % LISTINGS);
        const key = `soak-${buyer}-${round}`;
        const steps: Step[] = [
          { method: 'GET', path: `/api/products?page=${1 + (round % 5)}&sort=price-low-high`, timed: true },
          { method: 'GET', path: `/api/products/${listing}`, timed: true },
          {
            method: 'POST',
            path: '/api/cart',
            body: { productId: listing, quantity: 1 + (round % 2) },
            timed: true,
          },
        ];
        if (round % 3 === 2)
          steps.push({
            method: 'POST',
            path: '/api/orders',
            body: { lines: SHOWN_PRICES },
            timed: true,
            headers: { 'idempotency-key': key },
            onResponse: (status, body) => {
              if (status !== 201) return;
              acknowledged.set((JSON.parse(body) as { id: number }).id, buyer);
            },
          });
        return steps;
      },
    }));
    const load = await drive(`PostgreSQL soak: ${BUYERS} buyers`, server.url, workers, options.seconds);
    await server.stop();

    const check = await connect({ databaseUrl: url, maxConnections: 1 });
    const problems: string[] = [];
    try {
      const orders = await queryRows<{ id: number; userId: number; key: string | null; lines: number }>(
        check.db,
        sql`select o.id, o.user_id as "userId", o.idempotency_key as key, count(oi.id)::int as lines
            from orders o left join order_items oi on oi.order_id = o.id
            where o.user_id > ${SELLER_ID} group by o.id`,
      );
      const ids = new Set(orders.map((o) => o.id));
      const missing = [...acknowledged.keys()].filter((id) => !ids.has(id));
      if (missing.length) problems.push(`${missing.length} acknowledged orders are missing`);
      const unacknowledged = orders.filter((o) => !acknowledged.has(o.id));
      if (unacknowledged.length)
        problems.push(`${unacknowledged.length} orders were written but never acknowledged`);
      const empty = orders.filter((o) => o.lines === 0);
      if (empty.length) problems.push(`${empty.length} orders have no lines`);
      const keys = orders.map((o) => o.key);
      if (new Set(keys).size !== keys.length) problems.push('an Idempotency-Key placed two orders');
      const stock = await queryRows<{ id: number; quantity: number; sold: number }>(
        check.db,
        sql`select p.id, p.quantity, coalesce(sum(oi.quantity), 0)::int as sold
            from products p left join order_items oi on oi.product_id = p.id
            where p.id >= ${FIRST_LISTING} group by p.id`,
      );
      const off = stock.filter((p) => p.quantity !== STOCK - p.sold);
      if (off.length) problems.push(`${off.length} listings' stock disagrees with their orders`);
      if (load.serverErrors) problems.push(`${load.serverErrors} answers were 5xx`);
      if (load.errors) problems.push(`${load.errors} requests failed without an answer`);
    } finally {
      await check.close();
    }
    return { load, acknowledged: acknowledged.size, problems };
  });
}
