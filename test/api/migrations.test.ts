/**
 * Upgrading a database that has orders (docs/product.md#shipments): migration 0014 gives each existing order one
 * shipment per seller, its status from its lines, and drops the old status columns. The migrations run one by one on
 * an embedded database, as they would on a site upgraded from the version before shipments.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/connect';
import * as schema from '../../server/src/db/schema';
import { DisplayNames } from '../../server/src/modules/accounts';

const migrations = path.join(import.meta.dirname, '../../server/src/db/migrations');
const files = readdirSync(migrations)
  .filter((f) => f.endsWith('.sql'))
  .sort();

async function apply(db: PGlite, file: string): Promise<void> {
  for (const statement of readFileSync(path.join(migrations, file), 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
}

describe('migration 0014 on a database with orders', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite({ extensions: { pg_trgm, fuzzystrmatch } });
    for (const file of files.filter((f) => f < '0014')) await apply(db, file);
    // Two sellers, a buyer, a listing each; four orders in the old shape.
    await db.exec(`
      insert into users (id, username, password, email, is_seller, ship_from_state) values
        (1, 'nursery_a', 'x', 'a@example.com', true, 'FL'), (2, 'nursery_b', 'x', 'b@example.com', true, 'CA'),
        (3, 'grower', 'x', 'g@example.com', false, null);
      insert into products (id, seller_id, title, description, variety, form, ships_as, price_cents, quantity,
                            image_url)
      values (10, 1, 'A cutting', 'd', 'Sugar Dragon', 'seed', 'seeds', 500, 5, '/a.svg'),
             (11, 2, 'B cutting', 'd', 'Sugar Dragon', 'seed', 'seeds', 700, 5, '/b.svg');
      insert into orders (id, user_id, status, subtotal_cents, shipping_cents, total_cents, created_at) values
        (100, 3, 'pending', 1200, 1299, 2499, '2026-01-01T10:00:00Z'),
        (101, 3, 'shipped', 500, 1299, 1799, '2026-01-02T10:00:00Z'),
        (102, 3, 'cancelled', 1200, 1299, 2499, '2026-01-03T10:00:00Z'),
        (103, 3, 'pending', 1200, 1299, 2499, '2026-01-04T10:00:00Z');
      insert into order_items (id, order_id, product_id, title, quantity, price_cents, status) values
        (1000, 100, 10, 'A cutting', 1, 500, 'pending'), (1001, 100, 11, 'B cutting', 1, 700, 'pending'),
        (1002, 101, 10, 'A cutting', 1, 500, 'shipped'),
        (1003, 102, 10, 'A cutting', 1, 500, 'cancelled'), (1004, 102, 11, 'B cutting', 1, 700, 'cancelled'),
        (1005, 103, 10, 'A cutting', 1, 500, 'shipped'), (1006, 103, 11, 'B cutting', 1, 700, 'pending');
    `);
    for (const file of files.filter((f) => f >= '0014')) await apply(db, file);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('gives each order one shipment per seller, with the status of its lines', async () => {
    const { rows } = await db.query<{
      order_id: number;
      seller_id: number;
      status: string;
      ship_from_state: string | null;
      shipped: boolean;
      cancelled_by: string | null;
    }>(`select order_id, seller_id, status, ship_from_state, shipped_at is not null as shipped, cancelled_by
        from shipments order by order_id, seller_id`);
    expect(rows).toEqual([
      {
        order_id: 100,
        seller_id: 1,
        status: 'pending',
        ship_from_state: 'FL',
        shipped: false,
        cancelled_by: null,
      },
      {
        order_id: 100,
        seller_id: 2,
        status: 'pending',
        ship_from_state: 'CA',
        shipped: false,
        cancelled_by: null,
      },
      {
        order_id: 101,
        seller_id: 1,
        status: 'shipped',
        ship_from_state: 'FL',
        shipped: true,
        cancelled_by: null,
      },
      {
        order_id: 102,
        seller_id: 1,
        status: 'cancelled',
        ship_from_state: 'FL',
        shipped: false,
        cancelled_by: 'buyer',
      },
      {
        order_id: 102,
        seller_id: 2,
        status: 'cancelled',
        ship_from_state: 'CA',
        shipped: false,
        cancelled_by: 'buyer',
      },
      {
        order_id: 103,
        seller_id: 1,
        status: 'shipped',
        ship_from_state: 'FL',
        shipped: true,
        cancelled_by: null,
      },
      {
        order_id: 103,
        seller_id: 2,
        status: 'pending',
        ship_from_state: 'CA',
        shipped: false,
        cancelled_by: null,
      },
    ]);
  });

  it('ties every line to its seller’s shipment and drops the old status columns', async () => {
    const { rows } = await db.query<{ id: number; same: boolean }>(
      `select oi.id, s.order_id = oi.order_id and s.seller_id = p.seller_id as same
       from order_items oi join shipments s on s.id = oi.shipment_id join products p on p.id = oi.product_id
       order by oi.id`,
    );
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.same)).toBe(true);
    const { rows: columns } = await db.query<{ table_name: string }>(
      `select table_name from information_schema.columns
       where column_name = 'status' and table_name in ('orders', 'order_items')`,
    );
    expect(columns).toEqual([]);
  });
});

describe("migration 0020 on listings saved before a cutting's size followed its length", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite({ extensions: { pg_trgm, fuzzystrmatch } });
    for (const file of files.filter((f) => f < '0020')) await apply(db, file);
    await db.exec(`
      insert into users (id, username, password, email, is_seller, ship_from_state) values
        (1, 'nursery_a', 'x', 'a@example.com', true, 'FL');
      insert into products (id, seller_id, title, description, variety, form, cutting_size, ships_as, length_inches,
                            price_cents, quantity, image_url)
      values (20, 1, 'Long, said 6', 'd', 'Sugar Dragon', 'cutting', '6 inch', 'unrooted-cutting', 14, 900, 5, '/a.svg'),
             (21, 1, 'Short, said 12', 'd', 'Sugar Dragon', 'cutting', '12 inch', 'unrooted-cutting', 6, 900, 5, '/a.svg'),
             (22, 1, 'Multi-tip', 'd', 'Sugar Dragon', 'cutting', 'multi-tip', 'unrooted-cutting', 20, 900, 5, '/a.svg'),
             (23, 1, 'No length', 'd', 'Sugar Dragon', 'cutting', '6 inch', 'unrooted-cutting', null, 900, 5, '/a.svg'),
             (24, 1, 'No size', 'd', 'Sugar Dragon', 'cutting', null, 'unrooted-cutting', 12, 900, 5, '/a.svg'),
             (25, 1, 'Right', 'd', 'Sugar Dragon', 'cutting', '12 inch', 'unrooted-cutting', 14, 900, 5, '/a.svg');
    `);
    for (const file of files.filter((f) => f >= '0020')) await apply(db, file);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("sets each single-tip cutting's size from its length, and leaves multi-tip and unmeasured ones", async () => {
    const { rows } = await db.query<{ id: number; cutting_size: string | null }>(
      'select id, cutting_size from products order by id',
    );
    expect(rows.map((r) => [r.id, r.cutting_size])).toEqual([
      [20, '12 inch'],
      [21, '6 inch'],
      [22, 'multi-tip'],
      [23, '6 inch'],
      [24, '12 inch'],
      [25, '12 inch'],
    ]);
    // The facet summary followed: the two "6 inch" cuttings are the short one and the unmeasured one.
    const { rows: sizes } = await db.query<{ cutting_size: string; n: number }>(
      'select cutting_size, sum(n)::int as n from catalog_facet_counts group by 1 having sum(n) <> 0 order by 1',
    );
    expect(sizes).toEqual([
      { cutting_size: '12 inch', n: 3 },
      { cutting_size: '6 inch', n: 2 },
      { cutting_size: 'multi-tip', n: 1 },
    ]);
  });
});

describe('migration 0021 on orders placed before payments', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite({ extensions: { pg_trgm, fuzzystrmatch } });
    for (const file of files.filter((f) => f < '0021')) await apply(db, file);
    // Three sellers' shipments in one order (lines 1000, 1000 and 2000 cents, shipping 1299), and an order of one.
    await db.exec(`
      insert into users (id, username, password, email, is_seller, ship_from_state) values
        (1, 'nursery_a', 'x', 'a@example.com', true, 'FL'), (2, 'nursery_b', 'x', 'b@example.com', true, 'CA'),
        (3, 'nursery_c', 'x', 'c@example.com', true, 'TX'), (4, 'grower', 'x', 'g@example.com', false, null);
      insert into products (id, seller_id, title, description, variety, form, ships_as, price_cents, quantity,
                            image_url)
      values (10, 1, 'A', 'd', 'Sugar Dragon', 'seed', 'seeds', 500, 9, '/a.svg'),
             (11, 2, 'B', 'd', 'Sugar Dragon', 'seed', 'seeds', 1000, 9, '/b.svg'),
             (12, 3, 'C', 'd', 'Sugar Dragon', 'seed', 'seeds', 2000, 9, '/c.svg');
      insert into orders (id, user_id, subtotal_cents, shipping_cents, total_cents, created_at) values
        (100, 4, 4000, 1299, 5299, '2026-01-01T10:00:00Z'), (101, 4, 500, 1299, 1799, '2026-01-02T10:00:00Z');
      insert into shipments (id, order_id, seller_id, created_at) values
        (200, 100, 1, '2026-01-01T10:00:00Z'), (201, 100, 2, '2026-01-01T10:00:00Z'),
        (202, 100, 3, '2026-01-01T10:00:00Z'), (203, 101, 1, '2026-01-02T10:00:00Z');
      insert into order_items (order_id, shipment_id, product_id, title, quantity, price_cents) values
        (100, 200, 10, 'A', 2, 500), (100, 201, 11, 'B', 1, 1000), (100, 202, 12, 'C', 1, 2000),
        (101, 203, 10, 'A', 1, 500);
    `);
    for (const file of files.filter((f) => f >= '0021')) await apply(db, file);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('settles each shipment by the split rule, paid when placed, with a payment per order', async () => {
    const { rows } = await db.query<{
      shipment_id: number;
      lines: number;
      share: number;
      gross: number;
      net: number;
    }>(
      `select shipment_id, lines_cents as lines, shipping_cents as share, gross_cents as gross, net_cents as net
       from shipment_settlements where paid_at is not null order by shipment_id`,
    );
    // 1299 by 1000:1000:2000 is 324.75, 324.75, 649.5: 324, 324, 649 and two cents left, to the largest remainders
    // (the two .75s, shipments 200 and 201).
    expect(rows.map((r) => [r.shipment_id, r.lines, r.share, r.gross, r.net])).toEqual([
      [200, 1000, 325, 1325, 1325],
      [201, 1000, 325, 1325, 1325],
      [202, 2000, 649, 2649, 2649],
      [203, 500, 1299, 1799, 1799],
    ]);
    const { rows: paid } = await db.query<{ order_id: number; provider: string; amount: number }>(
      'select order_id, provider, amount_cents as amount from payments order by order_id',
    );
    expect(paid).toEqual([
      { order_id: 100, provider: 'direct', amount: 5299 },
      { order_id: 101, provider: 'direct', amount: 1799 },
    ]);
  });

  it('keeps the ledger append-only', async () => {
    await db.exec(
      `insert into ledger_entries (order_id, shipment_id, seller_id, kind, amount_cents, provider)
       values (100, 200, 1, 'received_by_seller', 1325, 'direct')`,
    );
    await expect(db.exec('update ledger_entries set amount_cents = 1')).rejects.toThrow(/append-only/);
    await expect(db.exec('delete from ledger_entries')).rejects.toThrow(/append-only/);
    await expect(
      db.exec(
        `insert into ledger_entries (order_id, kind, amount_cents, provider) values (100, 'charge', 0, 'direct')`,
      ),
    ).rejects.toThrow(/ledger_entries_amount_positive/);
  });
});

describe('migration 0028 and the first start-up on shop names that read alike', () => {
  let db: PGlite;
  let ran: boolean[];
  beforeAll(async () => {
    db = new PGlite({ extensions: { pg_trgm, fuzzystrmatch } });
    for (const file of files.filter((f) => f < '0028')) await apply(db, file);
    // Shop names unique by lower case (0026), yet reading alike: a no-break space, fullwidth letters, another
    // member's username (a later buyer's), the marketplace's own name; and a name a rename would have taken.
    await db.exec(`
      insert into users (id, username, password, email, is_seller, business_name) values
        (1, 'sunny', 'x', '1@example.com', true, 'Sunny Farm'),
        (2, 'ava', 'x', '2@example.com', true, 'Sunny\u00a0Farm'),
        (3, 'bob', 'x', '3@example.com', true, 'ＳＵＮＮＹ ＦＡＲＭ'),
        (4, 'carl', 'x', '4@example.com', true, 'Dee'),
        (5, 'dee', 'x', '5@example.com', false, null),
        (6, 'eve', 'x', '6@example.com', true, 'EVE'),
        (7, 'fay', 'x', '7@example.com', true, 'Dragon Fruit Marketplace'),
        (8, 'gus', 'x', '8@example.com', true, 'Viveros Peñasco'),
        (9, 'hal', 'x', '9@example.com', true, 'Sunny Farm (ava)');
    `);
    for (const file of files.filter((f) => f >= '0028')) await apply(db, file);
    const names = new DisplayNames(drizzle(db, { schema }) as unknown as Db);
    ran = [await names.rebuild(), await names.rebuild()];
  });
  afterAll(async () => {
    await db?.close();
  });

  it('renames each later look-alike to "Name (username)", and a name that reads as a username whoever came first', async () => {
    const { rows } = await db.query<{ id: number; business_name: string | null }>(
      'select id, business_name from users order by id',
    );
    expect(rows.map((r) => r.business_name)).toEqual([
      'Sunny Farm',
      'Sunny\u00a0Farm (ava 2)',
      'ＳＵＮＮＹ ＦＡＲＭ (bob)',
      'Dee (carl)',
      null,
      'EVE',
      'Dragon Fruit Marketplace (fay)',
      'Viveros Peñasco',
      'Sunny Farm (ava)',
    ]);
    expect(ran).toEqual([true, false]);
  });

  it('gives every username its key, and every shop name that is not its own username one', async () => {
    const { rows } = await db.query<{ key: string; user_id: number; kind: string }>(
      'select key, user_id, kind from display_names order by user_id, kind',
    );
    expect(rows.map((r) => [r.user_id, r.kind, r.key])).toEqual([
      [1, 'shop', 'sunny farm'],
      [1, 'username', 'sunny'],
      [2, 'shop', 'sunny farm (ava 2)'],
      [2, 'username', 'ava'],
      [3, 'shop', 'sunny farm (bob)'],
      [3, 'username', 'bob'],
      [4, 'shop', 'dee (carl)'],
      [4, 'username', 'carl'],
      [5, 'username', 'dee'],
      [6, 'username', 'eve'],
      [7, 'shop', 'dragon fruit marketplace (fay)'],
      [7, 'username', 'fay'],
      [8, 'shop', 'viveros peñasco'],
      [8, 'username', 'gus'],
      [9, 'shop', 'sunny farm (ava)'],
      [9, 'username', 'hal'],
    ]);
  });

  it('gives a user inserted later its username key, whatever writes it', async () => {
    await db.exec(
      `insert into users (id, username, password, email) values (10, 'Ivy', 'x', '10@example.com')`,
    );
    await expect(
      db.exec(
        `insert into users (id, username, password, email) values (11, 'sunny farm', 'x', '11@example.com')`,
      ),
    ).rejects.toThrow(/display_names_pkey/);
    const { rows } = await db.query<{ key: string }>('select key from display_names where user_id = 10');
    expect(rows).toEqual([{ key: 'ivy' }]);
  });
});
