import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUTTING_SIZES, DEMO_BUYER, DEMO_SELLER, FORMS, VARIETIES } from '@domain/constants';
import { returnAddressSchema } from '@domain/shipping/seller-profile';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { connect, queryRows } from '../../server/src/db/connect';
import { products, users } from '../../server/src/db/schema';
import { lookupZip, zipProblem } from '../../server/src/modules/shipping/zips';
import { seedDemoData } from '../../server/src/seed';
import { Client } from '../support/app';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../support/database';

describe('demo data', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await seedDemoData(database, { seedDemo: true })).toBe(true);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('covers the catalog the spec describes', async () => {
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(48);
    expect(new Set(rows.map((r) => r.variety))).toEqual(new Set(VARIETIES));
    expect(new Set(rows.map((r) => r.form))).toEqual(new Set(FORMS));
    expect(new Set(rows.map((r) => r.pollination).filter(Boolean))).toEqual(new Set(['self', 'cross']));
    expect(new Set(rows.map((r) => r.cuttingSize).filter(Boolean))).toEqual(new Set(CUTTING_SIZES));
    expect(rows.every((r) => r.form === 'cutting' || r.cuttingSize === null)).toBe(true);
    for (const [organic, pesticideFree] of [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ]) {
      expect(rows.some((r) => r.organic === organic && r.pesticideFree === pesticideFree)).toBe(true);
    }
    expect(rows.filter((r) => !r.inStock).length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.inStock === r.quantity > 0)).toBe(true);
    const prices = rows.map((r) => r.priceCents);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...prices)).toBeLessThanOrEqual(30_000);
    expect(rows.every((r) => /^\/images\/products\/[a-z-]+\.svg$/.test(r.imageUrl))).toBe(true);
  });

  it('has the demo buyer, the demo seller and at least 3 sellers in Florida', async () => {
    const all = await database.db.select().from(users);
    const buyer = all.find((u) => u.username === DEMO_BUYER.username);
    const seller = all.find((u) => u.username === DEMO_SELLER.username);
    expect(buyer?.isSeller).toBe(false);
    expect(seller?.isSeller).toBe(true);
    const floridaSellers = all.filter((u) => u.isSeller && u.location?.endsWith('Florida'));
    expect(floridaSellers.length).toBeGreaterThanOrEqual(3);
  });

  it('gives each nursery a business name and a return address in its city that its profile would accept', async () => {
    const sellers = (await database.db.select().from(users)).filter((u) => u.isSeller);
    expect(sellers.length).toBeGreaterThanOrEqual(3);
    for (const s of sellers) {
      expect(s.businessName, s.username).toMatch(/\S/);
      const address = returnAddressSchema.parse({
        line1: s.returnLine1,
        line2: s.returnLine2,
        city: s.returnCity,
        state: s.returnState,
        zip: s.returnZip,
      });
      expect(address, s.username).not.toBeNull();
      expect(s.location, s.username).toMatch(new RegExp(`^${address?.city}, `));
      expect(await zipProblem(lookupZip, address as { zip: string; state: string }), s.username).toBeNull();
    }
  });

  it('has real reviews from verified purchases, with ratings that match them', async () => {
    const ratings = await queryRows<{ id: number; count: number; sum: number; n: number; total: number }>(
      database.db,
      sql`select p.id, p.rating_count as count, p.rating_sum as sum,
                 count(r.id)::int as n, coalesce(sum(r.rating), 0)::int as total
          from products p left join reviews r on r.product_id = p.id group by p.id`,
    );
    expect(ratings.filter((r) => r.n > 0).length).toBeGreaterThanOrEqual(10);
    expect(ratings.every((r) => r.count === r.n && r.sum === r.total)).toBe(true);
    const unverified = await queryRows<{ id: number }>(
      database.db,
      sql`select r.id from reviews r where not exists (
            select 1 from order_items oi join orders o on o.id = oi.order_id
            join shipments s on s.id = oi.shipment_id
            where o.user_id = r.user_id and oi.product_id = r.product_id and s.status <> 'cancelled')`,
    );
    expect(unverified).toEqual([]);
    // The demo buyer has a delivered order to review; the demo seller has a shipment to ship.
    const demo = await queryRows<{ username: string; status: string }>(
      database.db,
      sql`select u.username, sh.status from shipments sh
          join orders o on o.id = sh.order_id join users u on u.id = o.user_id
          join users s on s.id = sh.seller_id
          where u.username = ${DEMO_BUYER.username} or (s.username = ${DEMO_SELLER.username} and sh.status = 'pending')`,
    );
    expect(demo).toContainEqual({ username: DEMO_BUYER.username, status: 'delivered' });
    expect(demo.some((d) => d.status === 'pending')).toBe(true);
  });

  it('lets the demo accounts sign in and shows them on the demo endpoint', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' });
    const app = await buildApp({ database, config });
    try {
      for (const account of [DEMO_BUYER, DEMO_SELLER]) {
        const res = await new Client(app.server).post('/api/auth/login', account);
        expect(res.status, account.username).toBe(200);
      }
      const demo = await new Client(app.server).get('/api/auth/demo');
      expect(demo.status).toBe(200);
      expect(demo.body).toEqual({ buyer: DEMO_BUYER, seller: DEMO_SELLER });
    } finally {
      await app.server.close();
    }
  });

  it('gives growers in California, Texas, Arizona and Hawaii a dozen cuttings or plants, and shows what may not go', async () => {
    const rows = await database.db.select().from(products);
    const plants = rows.filter((r) => r.form !== 'seed' && r.inStock);
    for (const state of ['CA', 'TX', 'AZ', 'HI', 'FL', 'NY']) {
      const buyable = plants.filter((r) => !r.blockedTo.includes(state));
      expect(buyable.length, state).toBeGreaterThanOrEqual(12);
      // A mix: what a missing certificate or a state's rule refuses still shows (with "Show all").
      if (state !== 'NY') expect(buyable.length, state).toBeLessThan(plants.length);
    }
    // A California nursery, whose cuttings go to California without a certificate.
    const sellers = await database.db.select().from(users);
    const californian = sellers.find((u) => u.isSeller && u.shipFromState === 'CA');
    expect(californian).toBeDefined();
    expect(plants.some((r) => r.sellerId === californian?.id && r.form === 'cutting')).toBe(true);
    // The sellers' blocked_to is what their certificates give, as the listings service would compute it.
    const [held] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from seller_certificates`,
    );
    expect(Number(held?.n)).toBeGreaterThan(0);
  });

  it("sends every demo order to its buyer's address, as the shipping rules allow, with what they ask for", async () => {
    const rows = await queryRows<{
      state: string | null;
      from: string;
      labels: string[];
      certificates: unknown[];
    }>(
      database.db,
      sql`select o.ship_to_state as state, s.ship_from_state as "from", s.labels, s.certificates
          from orders o join shipments s on s.order_id = o.id`,
    );
    expect(rows.length).toBeGreaterThan(10);
    // Every order has an address (the packing slip's consignee); a parcel into California carries its label, and
    // one from Florida its nematode certificate.
    expect(rows.every((r) => r.state !== null)).toBe(true);
    const toCalifornia = rows.filter((r) => r.state === 'CA' && r.from === 'FL');
    expect(toCalifornia.length).toBeGreaterThan(0);
    for (const r of toCalifornia) {
      expect(r.labels.length).toBeGreaterThan(0);
      expect(JSON.stringify(r.certificates)).toContain('ca-nematode');
    }
    // The demo buyer can check out at once: a default address.
    const [buyerAddress] = await queryRows<{ state: string }>(
      database.db,
      sql`select a.state from addresses a join users u on u.id = a.user_id
          where u.username = ${DEMO_BUYER.username} and a.is_default`,
    );
    expect(buyerAddress?.state).toBe('TX');
  });

  it('seeds only once', async () => {
    const [before] = await database.db.select({ n: count() }).from(products);
    expect(await seedDemoData(database, { seedDemo: true })).toBe(false);
    const [after] = await database.db.select({ n: count() }).from(products);
    expect(after?.n).toBe(before?.n);
  });
});

describe('seeding rules', () => {
  it('seeds only when demo data is asked for: a fresh database under a production configuration gets none', async () => {
    const database = await createTestDatabase();
    try {
      expect(await seedDemoData(database, { seedDemo: false })).toBe(false);
      const production = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example.com' });
      expect(await seedDemoData(database, { seedDemo: production.seedDemo })).toBe(false);
      const [{ n } = { n: -1 }] = await database.db.select({ n: count() }).from(users);
      expect(n).toBe(0);
    } finally {
      await database.destroy();
    }
  });

  it('never shows the demo accounts in production, even when the database holds them', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example.com' }),
    });
    try {
      expect(await seedDemoData(database, { seedDemo: true })).toBe(true);
      const demo = await new Client(app.server).get('/api/auth/demo');
      expect(demo.status).toBe(404);
      expect(demo.body).toEqual({ message: 'No demo accounts on this site' });
      expect(JSON.stringify(demo.body)).not.toContain(DEMO_SELLER.password);
    } finally {
      await app.server.close();
      await database.destroy();
    }
  });

  it('does not give away the demo names when someone else registered them', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ database, config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }) });
    try {
      for (const account of [DEMO_BUYER, DEMO_SELLER]) {
        const res = await new Client(app.server).post('/api/auth/register', {
          username: account.username,
          email: `${account.username}@example.com`,
          password: 'someone else entirely',
          isSeller: false,
        });
        expect(res.status).toBe(201);
      }
      expect((await new Client(app.server).get('/api/auth/demo')).status).toBe(404);
    } finally {
      await app.server.close();
      await database.destroy();
    }
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('restarting on an existing embedded database', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dfm-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every row and does not seed again', async () => {
    const first = await connect({ dataDir: dir });
    await first.migrate();
    expect(await seedDemoData(first, { seedDemo: true })).toBe(true);
    await first.db.insert(users).values({ username: 'kept_user', email: 'kept@example.com', password: 'x' });
    await first.db.update(products).set({ quantity: 7 }).where(eq(products.id, 1));
    const [{ n: productCount } = { n: 0 }] = await first.db.select({ n: count() }).from(products);
    await first.close();

    const second = await connect({ dataDir: dir });
    await second.migrate();
    expect(await seedDemoData(second, { seedDemo: true })).toBe(false);
    const [kept] = await second.db.select().from(users).where(eq(users.username, 'kept_user'));
    expect(kept?.email).toBe('kept@example.com');
    const [p1] = await second.db.select().from(products).where(eq(products.id, 1));
    expect(p1?.quantity).toBe(7);
    const [{ n } = { n: 0 }] = await second.db.select({ n: count() }).from(products);
    expect(n).toBe(productCount);
    const [{ demos } = { demos: 0 }] = await second.db
      .select({ demos: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.username, DEMO_SELLER.username));
    expect(demos).toBe(1);
    await second.close();
  });
});
