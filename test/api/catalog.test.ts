import type { CatalogFacets, Product } from '@domain/catalog/responses';
import { productListQuerySchema } from '@domain/catalog/schemas';
import { CUTTING_SIZES, FORMS, POLLINATIONS, VARIETIES } from '@domain/constants';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../server/src/db/connect';
import { newsletterSubscribers, products, users } from '../../server/src/db/schema';
import { CAPPED_LIST_TTL_MS, CatalogService } from '../../server/src/modules/catalog/catalog-service';
import { resolveSearch } from '../../server/src/modules/catalog/search';
import { Client, createTestApp, type TestApp } from '../support/app';
import { createCatalog, insertListing, type Listing } from '../support/catalog';
import { testDatabaseKind } from '../support/database';

let t: TestApp;
let listings: Listing[];
let client: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ listings } = await createCatalog(t.database.db));
  client = new Client(t.server);
});
afterAll(async () => {
  await t?.close();
});

interface Filters {
  variety?: string[];
  form?: string[];
  cuttingSize?: string[];
  pollination?: string[];
  organic?: boolean;
  pesticideFree?: boolean;
  inStock?: boolean;
  minPrice?: number;
  maxPrice?: number;
}

/** The oracle: which fixture listings a filter set matches. */
function matches(l: Listing, f: Filters): boolean {
  if (f.variety?.length && !f.variety.includes(l.variety)) return false;
  if (f.form?.length && !f.form.includes(l.form)) return false;
  if (f.cuttingSize?.length && !(l.cuttingSize && f.cuttingSize.includes(l.cuttingSize))) return false;
  if (f.pollination?.length && !(l.pollination && f.pollination.includes(l.pollination))) return false;
  if (f.organic && !l.organic) return false;
  if (f.pesticideFree && !l.pesticideFree) return false;
  if (f.inStock && !l.inStock) return false;
  if (f.minPrice !== undefined && l.priceCents < Math.round(f.minPrice * 100)) return false;
  if (f.maxPrice !== undefined && l.priceCents > Math.round(f.maxPrice * 100)) return false;
  return true;
}

function query(f: Filters & { sort?: string; page?: number; limit?: number; search?: string }): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) {
      if (v.length) p.set(k, v.join(','));
    } else if (typeof v === 'boolean') {
      if (v) p.set(k, 'true');
    } else p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

async function list(f: Parameters<typeof query>[0]) {
  const res = await client.get<Product[]>(`/api/products${query(f)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { items: res.body, total: res.headers['x-total-count'] as string };
}

const popularity = (a: Listing, b: Listing) =>
  b.unitsSold - a.unitsSold || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

describe('GET /api/products', () => {
  it('lists every visible listing by popularity, with the total, the seller and the rating', async () => {
    const { items, total } = await list({ limit: 100 });
    expect(total).toBe(String(listings.length));
    expect(items.map((p) => p.id)).toEqual([...listings].sort(popularity).map((l) => l.id));
    const first = items[0] as Product;
    expect(first.seller).toMatchObject({ username: 'cat_seller', location: 'Miami, Florida' });
    expect(first.rating).toEqual({ average: null, count: 0 });
    expect(typeof first.price).toBe('number');
    expect(first).not.toHaveProperty('searchText');
  });

  it.each([
    ['variety', { variety: ['Sugar Dragon', 'Dark Star'] }],
    ['form', { form: ['seed'] }],
    ['cuttingSize', { cuttingSize: ['6 inch', 'multi-tip'] }],
    ['pollination', { pollination: ['cross'] }],
    ['organic', { organic: true }],
    ['pesticideFree', { pesticideFree: true }],
    ['inStock', { inStock: true }],
    ['minPrice', { minPrice: 100 }],
    ['maxPrice', { maxPrice: 60.5 }],
    ['price range', { minPrice: 20, maxPrice: 150 }],
    ['three filters', { variety: ['Yellow Dragon', 'Red Jaina', 'Thai Red'], organic: true, inStock: true }],
    [
      'everything',
      { form: ['cutting'], cuttingSize: ['12 inch'], pollination: ['self'], organic: true, maxPrice: 300 },
    ],
  ] as Array<[string, Filters]>)('filters by %s', async (_name, f) => {
    const expected = listings.filter((l) => matches(l, f)).sort(popularity);
    expect(expected.length).toBeGreaterThan(0);
    const { items, total } = await list({ ...f, limit: 100 });
    expect(total).toBe(String(expected.length));
    expect(items.map((p) => p.id)).toEqual(expected.map((l) => l.id));
  });

  it('matches the oracle for random filter combinations', async () => {
    const sub = <T>(xs: readonly T[]) => fc.subarray([...xs], { maxLength: Math.min(3, xs.length) });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          variety: sub(VARIETIES),
          form: sub(FORMS),
          cuttingSize: sub(CUTTING_SIZES),
          pollination: sub(POLLINATIONS),
          organic: fc.boolean(),
          pesticideFree: fc.boolean(),
          inStock: fc.boolean(),
          minPrice: fc.option(fc.integer({ min: 0, max: 150 }), { nil: undefined }),
          maxPrice: fc.option(fc.integer({ min: 150, max: 300 }), { nil: undefined }),
        }),
        async (f) => {
          const expected = listings.filter((l) => matches(l, f));
          const { items, total } = await list({ ...f, sort: 'price-low-high', limit: 100 });
          expect(total).toBe(String(expected.length));
          expect(items.map((p) => p.id)).toEqual(
            [...expected].sort((a, b) => a.priceCents - b.priceCents || a.id - b.id).map((l) => l.id),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each([
    ['price-low-high', (a: Listing, b: Listing) => a.priceCents - b.priceCents || a.id - b.id],
    ['price-high-low', (a: Listing, b: Listing) => b.priceCents - a.priceCents || b.id - a.id],
    ['newest', (a: Listing, b: Listing) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id],
    ['popularity', popularity],
  ])('sorts by %s', async (sort, compare) => {
    const { items } = await list({ sort, limit: 100 });
    expect(items.map((p) => p.id)).toEqual([...listings].sort(compare).map((l) => l.id));
  });

  it('pages through one variety in stock by popularity, each page the next in order', async () => {
    // One option of a list is an equality and the page reads its ids first (list.ts): the same answer as the oracle.
    for (const variety of ['Sugar Dragon', 'Thai Red']) {
      const f = { variety: [variety], inStock: true };
      const expected = listings
        .filter((l) => matches(l, f))
        .sort(popularity)
        .map((l) => l.id);
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 2) + 1; page++) {
        const { items, total } = await list({ ...f, page, limit: 2 });
        expect(total).toBe(String(expected.length));
        seen.push(...items.map((p) => p.id));
      }
      expect(seen).toEqual(expected);
    }
  });

  it('pages through the results 6 at a time by default, with the same total on every page', async () => {
    const expected = [...listings].sort(popularity).map((l) => l.id);
    const seen: number[] = [];
    const pages = Math.ceil(expected.length / 6);
    for (let page = 1; page <= pages; page++) {
      const { items, total } = await list({ page });
      expect(total).toBe(String(expected.length));
      expect(items.length).toBe(page < pages ? 6 : expected.length - 6 * (pages - 1));
      seen.push(...items.map((p) => p.id));
    }
    expect(seen).toEqual(expected);
    const past = await list({ page: pages + 1 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(String(expected.length));
  });

  it('finds listings by title, variety or description, ignoring case and tolerating typos', async () => {
    const exact = await list({ search: 'SUGAR DRAGON', limit: 100 });
    expect(exact.items.length).toBe(4);
    expect(exact.items.every((p) => p.variety === 'Sugar Dragon')).toBe(true);

    const typo = await list({ search: 'suger dragn', limit: 100 });
    expect(typo.items.length).toBeGreaterThanOrEqual(4);
    expect(typo.items.slice(0, 4).every((p) => p.variety === 'Sugar Dragon')).toBe(true);
    expect(typo.items.some((p) => p.variety === 'Yellow Dragon')).toBe(false);

    const description = await list({ search: 'grown in miami', limit: 100 });
    expect(description.items.length).toBe(listings.length);

    const combined = await list({ search: 'physical grafiti', form: ['seed'] });
    expect(combined.items.map((p) => p.title)).toEqual([expect.stringContaining('Physical Graffiti seed')]);

    // Every word must match: a Yellow Dragon listing has "dragon" but not "sugar".
    const twoWords = await list({ search: 'sugar miami', limit: 100 });
    expect(twoWords.items.length).toBe(4);

    const nothing = await list({ search: 'zzqqxx' });
    expect(nothing.items).toEqual([]);
    expect(nothing.total).toBe('0');
  });

  it('lets a word with letters stand for similar words, and a number only for itself and longer numbers', async () => {
    // Lot numbers as listings write them: "81629" and "816290" are known words, "81620" is not.
    await t.database.db.execute(
      sql`insert into search_words (word) values ('81629'), ('816290') on conflict do nothing`,
    );
    const resolved = async (term: string) => (await resolveSearch(t.database.db, term))?.tsquery ?? null;
    // "81620" is one digit from "81629", but it is another lot, not a typo of it.
    expect(await resolved('81620')).toBeNull();
    expect(await resolved('sugar 81620')).toBeNull();
    expect(await resolved('81629')).toBe("('81629' | '816290')");
    expect(await resolved('8162')).toBe("('81629' | '816290')");
    // A word starting with a letter still stands for its typos.
    expect(await resolved('suger')).toContain("'sugar'");
    expect(await resolved('lot81620x')).toBeNull();
  });

  it('ranks the most popular matches by relevance and pages through the rest by popularity', async () => {
    const dragons = listings.filter((l) => l.variety.includes('Dragon')).sort(popularity);
    expect(dragons.length).toBeGreaterThan(6);
    // Two listings say "dragon" more often: the third most popular and the least popular.
    const boosted = [dragons[2], dragons.at(-1)] as Listing[];
    const setDescription = (l: Listing, extra: string) =>
      t.database.db
        .update(products)
        .set({ description: `A ${l.form} of ${l.variety}. Grown in Miami.${extra}` })
        .where(eq(products.id, l.id));
    await Promise.all(boosted.map((l) => setDescription(l, ' Dragon, dragon, dragon.')));
    try {
      const full = (await list({ search: 'dragon', limit: 100 })).items.map((p) => p.id);
      const ids = dragons.map((l) => l.id);
      expect(full).toEqual([
        boosted[0]?.id,
        boosted[1]?.id,
        ...ids.filter((id) => !boosted.some((b) => b.id === id)),
      ]);

      // A window of 5: the five most popular are ranked, the rest follow by popularity; pages of 4 straddle it.
      const windowed = new CatalogService(t.database.db, t.database.catalogDb, 'direct', {
        relevanceWindow: 5,
      });
      const top = ids.slice(0, 5);
      const expected = [boosted[0]?.id, ...top.filter((id) => id !== boosted[0]?.id), ...ids.slice(5)];
      const seen: number[] = [];
      for (let page = 1; seen.length < ids.length; page++) {
        const q = productListQuerySchema.parse({ search: 'dragon', limit: '4', page: String(page) });
        const { items, total } = await windowed.list(q);
        expect(total).toBe(ids.length);
        expect(items.length).toBeGreaterThan(0);
        seen.push(...items.map((p) => p.id));
      }
      expect(seen).toEqual(expected);
    } finally {
      await Promise.all(boosted.map((l) => setDescription(l, '')));
    }
  });

  it('treats LIKE wildcards in a search term as plain text', async () => {
    const { items } = await list({ search: '%' });
    expect(items).toEqual([]);
  });

  it('hides archived listings', async () => {
    const target = listings[0] as Listing;
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, target.id));
    try {
      const { items, total } = await list({ limit: 100 });
      expect(total).toBe(String(listings.length - 1));
      expect(items.some((p) => p.id === target.id)).toBe(false);
      expect((await client.get(`/api/products/${target.id}`)).status).toBe(404);
    } finally {
      await t.database.db.update(products).set({ archivedAt: null }).where(eq(products.id, target.id));
    }
  });

  it.each([
    ['minPrice=abc', 'minPrice must be a number'],
    // Only plain decimal numbers: Number() would read these as 16, 5, 1000 and 12.
    ['minPrice=0x10', 'minPrice must be a number'],
    ['maxPrice=0b101', 'maxPrice must be a number'],
    ['maxPrice=1e3', 'maxPrice must be a number'],
    ['minPrice=%2012%20', 'minPrice must be a number'],
    ['maxPrice=Infinity', 'maxPrice must be a number'],
    ['minPrice=12.', 'minPrice must be a number'],
    ['page=0x2', 'page must be a whole number from 1'],
    ['limit=1e1', 'limit must be a whole number from 1'],
    ['maxPrice=-1', 'maxPrice cannot be negative'],
    ['minPrice=50&maxPrice=10', 'minPrice cannot be above maxPrice'],
    ['sort=cheapest', 'sort must be one of popularity, price-low-high, price-high-low, newest'],
    ['page=0', 'page must be a whole number from 1'],
    ['page=1.5', 'page must be a whole number from 1'],
    ['limit=1000', 'limit must be at most 100'],
    ['variety=Banana', 'Unknown variety: Banana'],
    ['form=tree', 'Unknown form: tree'],
    ['organic=yes', 'organic must be true or false'],
    [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
  ])('answers %s with 400 and a clear message', async (q, message) => {
    const res = await client.get<{ message: string }>(`/api/products?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('takes prices in plain decimal, with cents', async () => {
    const res = await client.get<Product[]>('/api/products?minPrice=12.50&maxPrice=100&limit=100');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((p) => p.price >= 12.5 && p.price <= 100)).toBe(true);
  });

  it.each(['0x10', '1e1', '+1', '%2012'])('answers the path id %s with 400 naming the id', async (id) => {
    const res = await client.get<{ message: string }>(`/api/products/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Product id must be a positive whole number');
  });
});

describe('GET /api/products totals', () => {
  /** Shapes the summary table answers (no search, no price) and shapes it cannot, each with its oracle. */
  const shapes: Filters[] = [
    {},
    { inStock: true },
    { variety: ['Sugar Dragon'] },
    { variety: ['Sugar Dragon', 'Yellow Dragon', 'Dark Star'], inStock: true },
    { form: ['cutting'], cuttingSize: ['12 inch'], organic: true },
    { pollination: ['self', 'cross'], pesticideFree: true, inStock: true },
    { variety: ['Sugar Dragon', 'Yellow Dragon'], inStock: true, minPrice: 10, maxPrice: 200 },
    { minPrice: 100 },
  ];

  it('counts from catalog_facet_counts what it can answer, as exactly as products would, through changes', async () => {
    // Its own app and catalog: this test changes listings and the summary, which count when the catalog index
    // cannot (it is off here).
    const own = await createTestApp(
      {},
      {
        configure: (c) => {
          c.catalogIndex = false;
        },
      },
    );
    try {
      const { db } = own.database;
      const via = new Client(own.server);
      const { listings: mine } = await createCatalog(db, 'totals');
      const [changed, emptied, archived, deleted] = mine.slice(-4) as [Listing, Listing, Listing, Listing];
      await db
        .update(products)
        .set({ variety: 'Sugar Dragon', form: 'cutting', cuttingSize: '12 inch', organic: true })
        .where(eq(products.id, changed.id));
      await db.update(products).set({ quantity: 0, inStock: false }).where(eq(products.id, emptied.id));
      await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));
      await db.delete(products).where(eq(products.id, deleted.id));
      const visible = (await db.select().from(products))
        .filter((p) => p.archivedAt === null)
        .map((p) => ({ ...p, pollination: p.pollination as Listing['pollination'] }));
      for (const f of shapes) {
        const res = await via.get<Product[]>(`/api/products${query(f)}`);
        expect(res.headers['x-total-count'], JSON.stringify(f)).toBe(
          String(visible.filter((l) => matches(l, f)).length),
        );
      }

      // The total of a shape without search or price is the summary's: one more in a combination of the filter
      // shows in the total, and one more in a combination outside it does not. (A count over products would not
      // move.) The price shape still counts listings.
      const sugar = { variety: ['Sugar Dragon'], inStock: true };
      const total = async (f: Filters) =>
        (await via.get<Product[]>(`/api/products${query(f)}`)).headers['x-total-count'];
      const before = Number(await total(sugar));
      const priced = await total({ ...sugar, minPrice: 1 });
      const bump = (variety: string, by: number) =>
        db.execute(sql`update catalog_facet_counts set n = n + ${by}
          where ctid = (select ctid from catalog_facet_counts where variety = ${variety} and in_stock limit 1)`);
      await bump('Sugar Dragon', 1);
      await bump('Dark Star', 1);
      try {
        expect(await total(sugar)).toBe(String(before + 1));
        expect(await total({ ...sugar, minPrice: 1 })).toBe(priced);
      } finally {
        await bump('Sugar Dragon', -1);
        await bump('Dark Star', -1);
      }
    } finally {
      await own.close();
    }
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'plans the list and facet reads for their parameters on every execution, and only them',
    async () => {
      // A generic plan, made without the parameters, turned the price-range count from an index-only scan of
      // products_filters_idx into a bitmap scan of products_price_idx visiting most of the range (see connect.ts).
      const mode = async (db: Db) =>
        (await queryRows<{ plan_cache_mode: string }>(db, sql`show plan_cache_mode`))[0]?.plan_cache_mode;
      expect(await mode(t.database.catalogDb)).toBe('force_custom_plan');
      expect(await mode(t.database.db)).toBe('auto');
      await t.database.db.transaction(async (tx) => expect(await mode(tx as unknown as Db)).toBe('auto'));
      // And no sequential scan of the listings, however cheap a LIMIT makes one look (see connect.ts).
      const seqscan = async (db: Db) =>
        (await queryRows<{ enable_seqscan: string }>(db, sql`show enable_seqscan`))[0]?.enable_seqscan;
      expect(await seqscan(t.database.catalogDb)).toBe('off');
      expect(await seqscan(t.database.db)).toBe('on');
    },
  );

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'never compiles the catalog reads with JIT, though sequential scans off make the summary look costly',
    async () => {
      // With enable_seqscan off, reading catalog_facet_counts whole is costed above 10^10, past jit_above_cost: a
      // PostgreSQL built with LLVM then compiled the facets on every request, 45 ms each (see connect.ts).
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        t.database.catalogDb,
        sql`explain select coalesce(sum(n) filter (where in_stock), 0) from catalog_facet_counts`,
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).not.toContain('JIT');
    },
  );

  it('caps totals above 10,000 whether they come from the summary or from listings', async () => {
    const own = await createTestApp();
    try {
      const { db } = own.database;
      const via = new Client(own.server);
      const { sellerId, listings: mine } = await createCatalog(db, 'capped');
      const fixture = (f: Filters) => mine.filter((l) => matches(l, f)).length;
      // 10,001 Dark Star seeds at $1.00, 0.5% of them organic.
      await db.execute(sql`
        insert into products (seller_id, title, description, variety, form, ships_as, organic, quantity, price_cents,
                              image_url)
        select ${sellerId}, 'Bulk Dark Star seed ' || i, 'Generated.', 'Dark Star', 'seed', 'seeds', i % 200 = 0, 1,
               100, '/images/products/dark-star-seed.svg'
        from generate_series(1, 10001) i`);
      const total = async (q: string) =>
        (await via.get<Product[]>(`/api/products?${q}`)).headers['x-total-count'];
      expect(await total('variety=Dark%20Star')).toBe('10000+');
      expect(await total('variety=Dark%20Star&maxPrice=1')).toBe('10000+');
      expect(await total('variety=Dark%20Star&form=seed&organic=true')).toBe(
        String(50 + fixture({ variety: ['Dark Star'], form: ['seed'], organic: true })),
      );
      expect(await total('variety=Dark%20Star&organic=true&maxPrice=1')).toBe('50');
      // Exactly 10,000 left (the fixture has one Dark Star seed): an exact total again.
      expect(fixture({ variety: ['Dark Star'], form: ['seed'] })).toBe(1);
      await db.execute(
        sql`update products set archived_at = now() where title in ('Bulk Dark Star seed 10000', 'Bulk Dark Star seed 10001')`,
      );
      expect(await total('variety=Dark%20Star&form=seed')).toBe('10000');
      expect(await total('variety=Dark%20Star&form=seed&maxPrice=1')).toBe('9999');
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/products broad searches', () => {
  /** An app of its own with 10,001 "wholesale" listings (a capped search), and a catalog service on a test clock. */
  async function broadSearch() {
    const own = await createTestApp();
    const { db, catalogDb } = own.database;
    const { sellerId } = await createCatalog(db, 'broad');
    await db.execute(sql`
      insert into products (seller_id, title, description, variety, form, ships_as, quantity, price_cents, image_url,
                            units_sold)
      select ${sellerId}, 'Wholesale Dark Star seed ' || i, 'Generated.', 'Dark Star', 'seed', 'seeds', 1, 100,
             '/images/products/dark-star-seed.svg', i % 1000
      from generate_series(1, 10001) i`);
    const clock = { now: 1_000_000 };
    const catalog = new CatalogService(db, catalogDb, 'direct', { now: () => clock.now });
    const search = (term: string, page = 1) =>
      catalog.list(productListQuerySchema.parse({ search: term, page: String(page) }));
    const facets = (query: Record<string, string>) => catalog.facets(productListQuerySchema.parse(query));
    const archive = (title: string) =>
      db.execute(sql`update products set archived_at = now() where title = ${title}`);
    return { own, db, clock, search, facets, archive, sellerId };
  }

  it('reuses a capped search total for a minute, never an exact one', async () => {
    const { own, clock, search, archive, sellerId, db } = await broadSearch();
    try {
      expect(await search('wholesale')).toMatchObject({ total: 10_000, capped: true });
      // Down to 9,999 matches: within the minute the list still says "10000+" without counting.
      await archive('Wholesale Dark Star seed 10000');
      await archive('Wholesale Dark Star seed 10001');
      clock.now += CAPPED_LIST_TTL_MS - 1;
      expect(await search('wholesale')).toMatchObject({ total: 10_000, capped: true });
      // After it, counted again: exact, and exact totals follow every change at once.
      clock.now += 1;
      expect(await search('wholesale')).toMatchObject({ total: 9_999, capped: false });
      await insertListing(db, sellerId, { title: 'Wholesale cutting' });
      expect(await search('wholesale')).toMatchObject({ total: 10_000, capped: false });
      await insertListing(db, sellerId, { title: 'Wholesale cutting two' });
      expect(await search('wholesale')).toMatchObject({ total: 10_000, capped: true });
    } finally {
      await own.close();
    }
  });

  it("reuses a capped search's relevance order for a minute, with current rows: archived listings leave at once", async () => {
    const { own, db, clock, search, archive } = await broadSearch();
    try {
      const first = await search('wholesale');
      expect(first.capped).toBe(true);
      const [top, second] = first.items as [Product, Product];
      // A listing far outside the window becomes the most popular; another on page 1 changes price, another is
      // archived.
      await db.execute(
        sql`update products set units_sold = 5000 where title = 'Wholesale Dark Star seed 1000'`,
      );
      await db.update(products).set({ priceCents: 4321 }).where(eq(products.id, second.id));
      await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, top.id));
      const cached = await search('wholesale');
      expect(cached.items.map((p) => p.id)).toEqual(first.items.slice(1).map((p) => p.id));
      expect(cached.items[0]?.price).toBe(43.21);
      // The next page still follows the same order: nothing repeated, nothing skipped.
      const next = await search('wholesale', 2);
      expect(next.items.some((p) => first.items.some((f) => f.id === p.id))).toBe(false);
      // After a minute the window is ranked again: the newly popular listing comes first.
      clock.now += CAPPED_LIST_TTL_MS;
      const fresh = await search('wholesale');
      expect(fresh.items[0]?.title).toBe('Wholesale Dark Star seed 1000');
      expect(fresh.items.some((p) => p.id === top.id)).toBe(false);
      await archive('Wholesale Dark Star seed 1000');
      expect((await search('wholesale')).items[0]?.id).toBe(second.id);
    } finally {
      await own.close();
    }
  });
  it("reuses a broad search's facets for a minute; a narrow search's are counted afresh", async () => {
    const { own, clock, facets, archive, sellerId, db } = await broadSearch();
    try {
      const broad = await facets({ search: 'wholesale' });
      expect(broad.variety['Dark Star']).toBe(10_001);
      expect(broad.form.seed).toBe(10_001);
      // Within the minute the 10,001 matches are not read again; after it they are.
      await archive('Wholesale Dark Star seed 7');
      clock.now += CAPPED_LIST_TTL_MS - 1;
      expect(await facets({ search: 'wholesale' })).toEqual(broad);
      clock.now += 1;
      expect((await facets({ search: 'wholesale' })).variety['Dark Star']).toBe(10_000);
      // A search of few matches (the same filters otherwise) follows every change at once.
      await insertListing(db, sellerId, { title: 'Rare cutting' });
      expect((await facets({ search: 'rare' })).variety['Sugar Dragon']).toBe(1);
      await insertListing(db, sellerId, { title: 'Rare cutting two' });
      expect((await facets({ search: 'rare' })).variety['Sugar Dragon']).toBe(2);
      // The price filter's facets read the listings too: kept only while they read more than 10,000.
      const priced = await facets({ minPrice: '0.5', maxPrice: '2' });
      expect(priced.variety['Dark Star']).toBeGreaterThanOrEqual(10_000);
      await archive('Wholesale Dark Star seed 8');
      expect(await facets({ minPrice: '0.5', maxPrice: '2' })).toEqual(priced);
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/products/facets', () => {
  async function expectFacetsMatchOracle(f: Filters, pool: Listing[] = listings, via: Client = client) {
    const res = await via.get<CatalogFacets>(`/api/products/facets${query(f)}`);
    expect(res.status).toBe(200);
    const count = (g: Filters) => pool.filter((l) => matches(l, g)).length;
    for (const v of VARIETIES) expect(res.body.variety[v], v).toBe(count({ ...f, variety: [v] }));
    for (const form of FORMS) expect(res.body.form[form], form).toBe(count({ ...f, form: [form] }));
    for (const s of CUTTING_SIZES) expect(res.body.cuttingSize[s], s).toBe(count({ ...f, cuttingSize: [s] }));
    for (const p of POLLINATIONS) expect(res.body.pollination[p], p).toBe(count({ ...f, pollination: [p] }));
    expect(res.body.organic).toBe(count({ ...f, organic: true }));
    expect(res.body.pesticideFree).toBe(count({ ...f, pesticideFree: true }));
    expect(res.body.inStock).toBe(count({ ...f, inStock: true }));
    const prices = pool
      .filter((l) => matches(l, { ...f, minPrice: undefined, maxPrice: undefined }))
      .map((l) => l.priceCents / 100);
    expect(res.body.price).toEqual(
      prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : { min: null, max: null },
    );
  }

  it.each([
    ['no filter', {}],
    ['the default in-stock filter', { inStock: true }],
    [
      'list filters (summary counts)',
      { variety: ['Sugar Dragon', 'American Beauty'], form: ['cutting', 'rooted'], inStock: true },
    ],
    ['a price range (counted over listings)', { minPrice: 50, maxPrice: 200, organic: true }],
  ] as Array<[string, Filters]>)('counts every option as a direct count would, with %s', async (_name, f) => {
    await expectFacetsMatchOracle(f);
  });

  it('counts within a search term', async () => {
    const res = await client.get<CatalogFacets>('/api/products/facets?search=sugar');
    expect(res.body.variety['Sugar Dragon']).toBe(4);
    expect(res.body.variety['Yellow Dragon']).toBe(0);
    expect(res.body.form).toEqual({ cutting: 1, rooted: 1, seed: 1, mature: 1 });
    const none = await client.get<CatalogFacets>('/api/products/facets?search=zzqqxx');
    expect(none.body.inStock).toBe(0);
    expect(none.body.price).toEqual({ min: null, max: null });
  });

  it('stays exact as listings are added, changed, archived and deleted', async () => {
    // Its own app and catalog: this test changes listings.
    const own = await createTestApp();
    try {
      const { db } = own.database;
      const { sellerId, listings: mine } = await createCatalog(db, 'facets');
      await insertListing(db, sellerId, {
        title: 'Extra Dark Star seed',
        description: 'Added by the test.',
        variety: 'Dark Star',
        form: 'seed',
        cuttingSize: null,
        pollination: 'cross',
        shipsAs: 'seeds',
        organic: true,
        quantity: 5,
        priceCents: 999,
        imageUrl: '/images/products/dark-star-seed.svg',
      });
      const [changed, emptied, archived, deleted, sold] = mine.slice(-5) as [
        Listing,
        Listing,
        Listing,
        Listing,
        Listing,
      ];
      await db
        .update(products)
        .set({ variety: 'Red Jaina', pesticideFree: true })
        .where(eq(products.id, changed.id));
      await db.update(products).set({ quantity: 0, inStock: false }).where(eq(products.id, emptied.id));
      await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));
      await db.delete(products).where(eq(products.id, deleted.id));
      // A sale that leaves a listing in stock moves it between no combinations.
      await db.update(products).set({ unitsSold: 1000, quantity: 1 }).where(eq(products.id, sold.id));

      const visible = (await db.select().from(products))
        .filter((p) => p.archivedAt === null)
        .map((p) => ({ ...p, pollination: p.pollination as Listing['pollination'] }));
      const via = new Client(own.server);
      await expectFacetsMatchOracle({}, visible, via);
      await expectFacetsMatchOracle({ inStock: true, variety: ['Red Jaina', 'Dark Star'] }, visible, via);
    } finally {
      await own.close();
    }
  });

  it('answers bad filters with 400', async () => {
    expect((await client.get('/api/products/facets?minPrice=x')).status).toBe(400);
  });
});

describe('GET /api/products/:id and its related listings and reviews', () => {
  it('shows one listing', async () => {
    const l = listings[5] as Listing;
    const res = await client.get<Product>(`/api/products/${l.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: l.id,
      title: l.title,
      price: l.priceCents / 100,
      quantity: l.quantity,
    });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers the id %s with 400', async (id) => {
    const res = await client.get<{ message: string }>(`/api/products/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Product id must be a positive whole number');
  });

  it('answers a missing listing with a JSON 404', async () => {
    const res = await client.get<{ message: string }>('/api/products/987654');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Product not found');
  });

  it('relates listings of the same variety first, then the same form', async () => {
    const l = listings.find((x) => x.variety === 'Thai Red' && x.form === 'seed') as Listing;
    const res = await client.get<Product[]>(`/api/products/${l.id}/related`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    expect(res.body.some((p) => p.id === l.id)).toBe(false);
    // Three other Thai Red listings exist, then one more seed listing fills the fourth place.
    expect(res.body.slice(0, 3).every((p) => p.variety === 'Thai Red')).toBe(true);
    expect(res.body[3]).toMatchObject({ form: 'seed' });
  });

  it('orders related listings in stock first, then by units sold, then newest id, leaving out itself and archived ones', async () => {
    // A variety of this test's own, so no other test's listings join it.
    const variety = `Related ${process.pid}`;
    const [seller] = await t.database.db
      .insert(users)
      .values({
        username: `related_${process.pid}`,
        email: `related_${process.pid}@example.com`,
        password: 'x',
        isSeller: true,
      })
      .returning({ id: users.id });
    const make = (
      n: number,
      o: { quantity: number; unitsSold: number; archived?: boolean; form?: string },
    ) => ({
      sellerId: (seller as { id: number }).id,
      title: `${variety} ${n}`,
      description: 'For the related listings test.',
      variety,
      form: o.form ?? 'rooted',
      shipsAs: 'potted' as const,
      quantity: o.quantity,
      inStock: o.quantity > 0,
      priceCents: 1000 + n,
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
      unitsSold: o.unitsSold,
      archivedAt: o.archived ? new Date() : null,
    });
    const rows = await t.database.db
      .insert(products)
      .values([
        make(0, { quantity: 5, unitsSold: 3 }),
        make(1, { quantity: 0, unitsSold: 90 }), // sold out: after every listing in stock
        make(2, { quantity: 5, unitsSold: 7 }),
        make(3, { quantity: 5, unitsSold: 7 }), // ties with 2 on units sold: the higher id first
        make(4, { quantity: 5, unitsSold: 50, archived: true }), // archived: never shown
        make(5, { quantity: 5, unitsSold: 1 }),
        make(6, { quantity: 5, unitsSold: 2 }),
      ])
      .returning({ id: products.id });
    const ids = rows.map((r) => r.id);
    const related = async (id: number) => {
      const res = await client.get<Product[]>(`/api/products/${id}/related`);
      expect(res.status).toBe(200);
      return res.body.map((p) => p.id);
    };
    // From listing 0: 3 and 2 (7 sold, higher id first), 6, 5; then the sold-out 1 would come, past the four.
    expect(await related(ids[0] as number)).toEqual([ids[3], ids[2], ids[6], ids[5]]);
    // From listing 3: 2, 0, 6, 5.
    expect(await related(ids[3] as number)).toEqual([ids[2], ids[0], ids[6], ids[5]]);
  });

  it('fills related listings with the same form, in the same order, when the variety has fewer than four others', async () => {
    const variety = `Lonely ${process.pid}`;
    const [seller] = await t.database.db
      .insert(users)
      .values({
        username: `lonely_${process.pid}`,
        email: `lonely_${process.pid}@example.com`,
        password: 'x',
        isSeller: true,
      })
      .returning({ id: users.id });
    const base = {
      sellerId: (seller as { id: number }).id,
      description: 'For the related listings test.',
      variety,
      form: 'mature',
      shipsAs: 'potted' as const,
      quantity: 3,
      inStock: true,
      priceCents: 2500,
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
    };
    const [one, two] = await t.database.db
      .insert(products)
      .values([
        { ...base, title: `${variety} one`, unitsSold: 1 },
        { ...base, title: `${variety} two`, unitsSold: 0 },
      ])
      .returning({ id: products.id });
    const mature = await t.database.db
      .select({
        id: products.id,
        inStock: products.inStock,
        unitsSold: products.unitsSold,
        variety: products.variety,
      })
      .from(products)
      .where(sql`${products.form} = 'mature' and ${products.archivedAt} is null`);
    const expected = [
      (two as { id: number }).id,
      ...mature
        .filter((p) => p.variety !== variety)
        .sort((a, b) => Number(b.inStock) - Number(a.inStock) || b.unitsSold - a.unitsSold || b.id - a.id)
        .slice(0, 3)
        .map((p) => p.id),
    ];
    const res = await client.get<Product[]>(`/api/products/${(one as { id: number }).id}/related`);
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.id)).toEqual(expected);
  });

  it('lists no reviews for a listing without any', async () => {
    const res = await client.get(`/api/products/${(listings[0] as Listing).id}/reviews`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await client.get('/api/products/987654/reviews')).status).toBe(404);
  });
});

describe('POST /api/newsletter', () => {
  it('stores an address once, whatever its case', async () => {
    const email = `Grower_${process.pid}@Example.com`;
    expect((await client.post('/api/newsletter', { email })).status).toBe(200);
    expect((await client.post('/api/newsletter', { email: email.toLowerCase() })).status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('gives a new and an already subscribed address the same answer (it must not tell who is subscribed)', async () => {
    const email = `known_${process.pid}@example.com`;
    const first = await client.post('/api/newsletter', { email });
    const again = await client.post('/api/newsletter', { email });
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect(first.body).toEqual({ message: 'Subscribed' });
  });

  it.each(['', 'not-an-email', 'a@b', 'a @b.co', 'a\u0000@b.co', 'a@b.co\u0007'])(
    'refuses %j with the spec message',
    async (email) => {
      const res = await client.post<{ message: string }>('/api/newsletter', { email });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a valid email address');
    },
  );
});
