/**
 * The catalog's counts held in memory (server/src/modules/catalog/catalog-index.ts, docs/decisions/0041): on random
 * filter sets, whole catalog and one seller's, its facets are the statements' (facets.ts), its totals the
 * listings counted plainly and its pages the list's (list.ts), in every order, before and after random changes applied by id; and the app's own index, fed by the
 * catalog's notifications, counts a change made on another instance on the next read there.
 */
import { CATALOG_FILTERS, type CatalogFilter, type CatalogFilters } from '@domain/catalog/filters';
import type { CatalogFacets } from '@domain/catalog/responses';
import { catalogFilterSchema, productListQuerySchema, SORTS } from '@domain/catalog/schemas';
import { STATE_CODES } from '@domain/shipping';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { queryRows } from '../../server/src/db/connect';
import { products } from '../../server/src/db/schema';
import { CatalogIndex } from '../../server/src/modules/catalog/catalog-index';
import { FacetCounts } from '../../server/src/modules/catalog/facets';
import { ProductList } from '../../server/src/modules/catalog/list';
import { resolveSearch } from '../../server/src/modules/catalog/search';
import { Client, createTestApp, type TestApp } from '../support/app';
import { createCatalog, insertListing } from '../support/catalog';
import { listingInput, signUpNursery } from '../support/fixtures';

const FILTERS = CATALOG_FILTERS as readonly CatalogFilter[];
const PLACES = ['CA', 'HI', 'NY', 'TX'] as const;

let t: TestApp;
let sellers: Array<{ id: number; username: string }>;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  sellers = [];
  for (const prefix of ['ix_a', 'ix_b']) {
    const { sellerId } = await createCatalog(db, prefix);
    sellers.push({ id: sellerId, username: `${prefix}_seller` });
  }
  // Places some listings may not go to, several sets of them.
  await db.execute(sql`update products set blocked_to = case id % 4
                         when 0 then array['CA']::text[] when 1 then array['CA','HI']::text[]
                         when 2 then array['NY']::text[] else '{}'::text[] end`);
  // Searched words said more often by some listings: their relevance differs (a search's order in the default sort).
  await db.execute(
    sql`update products set description = description || repeat(' sugar yellow cutting', id % 5)`,
  );
});
afterAll(async () => {
  await t?.close();
});

/** A random filter set, as the API parses it, and maybe one of the sellers to scope it to. */
const filterSets = fc
  .record({
    lists: fc.array(fc.nat(), { maxLength: 3 }),
    flags: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    place: fc.option(fc.constantFrom(...PLACES), { nil: undefined }),
    min: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: undefined }),
    span: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: undefined }),
    seller: fc.option(fc.nat(1), { nil: undefined }),
    // Words of the listings, one naming dragon fruit itself (no restriction), one matching nothing.
    search: fc.option(fc.constantFrom('sugar', 'cutting', 'yellow dragon', 'seeds', 'pitaya', 'zzqxj'), {
      nil: undefined,
    }),
  })
  .map(({ lists, flags, place, min, span, seller, search }) => {
    const query: Record<string, string> = {};
    if (search) query.search = search;
    const listFilters = FILTERS.filter((f) => f.kind === 'list');
    lists.forEach((n, i) => {
      const f = listFilters[n % listFilters.length];
      if (f?.kind !== 'list') return;
      const chosen = f.options.filter((_, j) => (n >> j) % 2 === i % 2).map((o) => o.value);
      if (chosen.length > 0) query[f.key] = chosen.join(',');
    });
    FILTERS.filter((f) => f.kind === 'flag').forEach((f, i) => {
      if (flags[i]) query[f.key] = 'true';
    });
    if (place) query.shipsTo = place;
    if (min !== undefined) query.minPrice = (min / 100).toFixed(2);
    if (span !== undefined) query.maxPrice = (((min ?? 0) + span) / 100).toFixed(2);
    const sellerIndex = seller;
    return { query, sellerIndex };
  });

/** The visible listings matching every filter, counted plainly from the rows. */
async function plainTotal(f: CatalogFilters, sellerId: number | null): Promise<number> {
  const rows = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select * from products where archived_at is null`,
  );
  const values = f as unknown as Record<string, unknown>;
  return rows.filter((r) => {
    if (sellerId !== null && r.seller_id !== sellerId) return false;
    for (const filter of FILTERS) {
      const column = (products as unknown as Record<string, { name: string }>)[filter.column]?.name as string;
      if (filter.kind === 'list') {
        const chosen = values[filter.key] as string[];
        if (chosen.length > 0 && !chosen.includes(r[column] as string)) return false;
      } else if (filter.kind === 'flag') {
        if (values[filter.key] === true && r[column] !== true) return false;
      } else if (filter.kind === 'destination') {
        const place = values[filter.key] as string | null;
        if (place !== null && (r[column] as string[]).includes(place)) return false;
      } else {
        const cents = Number(r[column]);
        const min = values[filter.min.param] as number | null;
        const max = values[filter.max.param] as number | null;
        if (min !== null && cents < Math.round(min * 100)) return false;
        if (max !== null && cents > Math.round(max * 100)) return false;
      }
    }
    return true;
  }).length;
}

/** What `read` answers with the index finding pages each way: a top k of the matches, and a walk in the sort's order. */
function eachWay<T>(index: CatalogIndex, read: () => T): Array<{ way: 'top' | 'walk'; found: T }> {
  return (['top', 'walk'] as const).map((way) => {
    index.pageWay = way;
    try {
      return { way, found: read() };
    } finally {
      index.pageWay = 'cheaper';
    }
  });
}

async function expectSameCounts(index: CatalogIndex, runs: number): Promise<void> {
  const statements = new FacetCounts(t.database.catalogDb);
  // A small relevance window: pages of a search in the default order cross it.
  const window = 3;
  const lists = new ProductList(t.database.catalogDb, t.database.db, 'direct', window);
  // Every listing in every order, whole and per seller, both ways.
  for (const seller of [null, ...sellers])
    for (const sort of SORTS) {
      const q = productListQuerySchema.parse({
        sort,
        limit: '100',
        ...(seller ? { seller: seller.username } : {}),
      });
      const expected = (await lists.list(q, seller?.id ?? null, null)).items.map((p) => p.id);
      for (const { way, found } of eachWay(index, () => index.page(q, seller?.id ?? null, sort, 0, 100)))
        expect(found?.ids, `${sort} ${way}`).toEqual(expected);
    }
  await fc.assert(
    fc.asyncProperty(
      filterSets,
      fc.constantFrom(...SORTS),
      fc.constantFrom(1, 2, 3, 4, 250),
      async ({ query, sellerIndex }, sort, page) => {
        const seller = sellerIndex === undefined ? null : (sellers[sellerIndex] ?? null);
        const f = catalogFilterSchema.parse({
          ...query,
          ...(seller ? { seller: seller.username } : {}),
        }) as CatalogFilters;
        const sellerId = seller?.id ?? null;
        // A search's matches are read by id, then counted and ordered by the index.
        const resolved = f.search ? await resolveSearch(t.database.db, f.search) : { tsquery: null };
        if (!resolved) return;
        const { tsquery } = resolved;
        const matches = tsquery === null ? undefined : await index.matching(tsquery);
        expect(index.facets(f, sellerId, matches), JSON.stringify(query)).toEqual(
          await statements.facets(f, sellerId),
        );
        if (!f.search)
          expect(index.total(f, sellerId), JSON.stringify(query)).toBe(await plainTotal(f, sellerId));
        // A page in each order, as the list's statements read it.
        const q = productListQuerySchema.parse({
          ...query,
          ...(seller ? { seller: seller.username } : {}),
          sort,
          page: String(page),
          limit: '5',
        });
        const expected = await lists.list(q, sellerId, tsquery);
        const read = () =>
          index.page(q, sellerId, q.sort, (q.page - 1) * q.limit, q.limit, matches && { matches, window });
        for (const { way, found } of eachWay(index, read)) {
          expect(found?.ids, `${JSON.stringify(query)} ${sort} page ${page} ${way}`).toEqual(
            expected.items.map((p) => p.id),
          );
          expect(found?.total).toBe(expected.total);
        }
      },
    ),
    { numRuns: runs },
  );
}

describe('the catalog index', () => {
  it('is not ready, and answers nothing, until it is built', async () => {
    const index = new CatalogIndex(t.database.db);
    expect(index.ready).toBe(false);
    expect(index.facets(catalogFilterSchema.parse({}) as CatalogFilters)).toBeNull();
    await index.build();
    expect(index.ready).toBe(true);
    expect(index.total(catalogFilterSchema.parse({}) as CatalogFilters)).toBe(
      await plainTotal(catalogFilterSchema.parse({}) as CatalogFilters, null),
    );
  });

  it('counts what the statements count, for any filters, whole and per seller', async () => {
    const index = new CatalogIndex(t.database.db);
    await index.build();
    await expectSameCounts(index, 60);
  });

  it('stays exact through listings changed, moved, archived, added and deleted, then built again', async () => {
    const index = new CatalogIndex(t.database.db);
    await index.build();
    const { db } = t.database;
    const ids = (await db.select({ id: products.id }).from(products)).map((r) => r.id).sort((a, b) => a - b);
    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    await db.update(products).set({ priceCents: 1, variety: 'Red Jaina' }).where(eq(products.id, a));
    await db.update(products).set({ inStock: false, quantity: 0, organic: true }).where(eq(products.id, b));
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, c));
    await db
      .update(products)
      .set({ sellerId: sellers[1]?.id as number })
      .where(eq(products.id, d));
    await db
      .update(products)
      .set({ blockedTo: [...STATE_CODES.slice(0, 3), 'TX'] })
      .where(eq(products.id, e));
    await db.delete(products).where(eq(products.id, f));
    const added = await insertListing(db, sellers[0]?.id as number, {
      title: 'Added after the build',
      variety: 'Dark Star',
      form: 'seed',
      cuttingSize: null,
      pollination: 'cross',
      shipsAs: 'seeds',
      organic: true,
      quantity: 5,
      priceCents: 29_999,
      imageUrl: '/images/products/dark-star-seed.svg',
      blockedTo: ['HI'],
    });
    // One change applied twice, and an id that was never a listing: neither changes a count.
    await index.apply([a, b, c, d, e, f, added.id, a, 2_000_000_000]);
    expect(index.changes).toBeGreaterThan(0);
    await expectSameCounts(index, 40);
    // A listing changed back and forth is counted as it is now.
    await db.update(products).set({ priceCents: 25_000, variety: 'Sugar Dragon' }).where(eq(products.id, a));
    await db.update(products).set({ archivedAt: null }).where(eq(products.id, c));
    await index.apply([a, c]);
    await expectSameCounts(index, 30);
    await index.build();
    expect(index.changes).toBe(0);
    await expectSameCounts(index, 30);
  });
});

describe("a search's matches", () => {
  it('are ordered by relevance in the default sort, a window of the most popular, then the others', async () => {
    const index = new CatalogIndex(t.database.db);
    await index.build();
    const window = 4;
    const lists = new ProductList(t.database.catalogDb, t.database.db, 'direct', window);
    const tsquery = (await resolveSearch(t.database.db, 'sugar'))?.tsquery as string;
    const matches = await index.matching(tsquery);
    // The window's relevance differs from listing to listing: ordering by it moves them.
    const q = productListQuerySchema.parse({ search: 'sugar', limit: '3' });
    const byPopularity = index.page(q, null, 'popularity', 0, window, { matches, window: 0 })?.ids ?? [];
    expect(new Set(byPopularity.map((id) => matches.ranks[matches.ids.indexOf(id)])).size).toBeGreaterThan(1);
    for (const page of [1, 2, 3]) {
      const p = productListQuerySchema.parse({ search: 'sugar', limit: '3', page: String(page) });
      const expected = await lists.list(p, null, tsquery);
      expect(index.page(p, null, p.sort, (page - 1) * 3, 3, { matches, window })).toEqual({
        total: expected.total,
        ids: expected.items.map((item) => item.id),
      });
    }
  });

  it('are read once for requests that ask at the same time, and again after a change', async () => {
    const index = new CatalogIndex(t.database.db);
    await index.build();
    const resolved = await resolveSearch(t.database.db, 'sugar');
    const tsquery = resolved?.tsquery as string;
    const [a, b] = await Promise.all([index.matching(tsquery), index.matching(tsquery)]);
    expect(a.ids.length).toBeGreaterThan(0);
    // One read: the same ids, not an equal copy.
    expect(b).toBe(a);
    expect(await index.matching(tsquery)).toBe(a);
    // A change may have changed any listing's words: a request after it reads them again, even while a read begun
    // before it is under way (here, of "cutting", not read yet).
    const other = (await resolveSearch(t.database.db, 'cutting'))?.tsquery as string;
    const during = index.matching(other);
    const applied = index.apply([a.ids[0] as number]);
    const afterOther = index.matching(other);
    expect(await afterOther).not.toBe(await during);
    expect(await afterOther).toEqual(await during);
    await applied;
    const after = await index.matching(tsquery);
    expect(after).not.toBe(a);
    expect(after).toEqual(a);
  });
});

describe("the app's catalog index, fed by the notifications", () => {
  const everything = catalogFilterSchema.parse({}) as CatalogFilters;

  it('counts a change made on another instance on the very next read there (a sync notification first)', async () => {
    // A second instance over the same database: its own listener and index.
    const other = await buildApp({ database: t.database, config: t.config });
    await other.server.ready();
    try {
      await Promise.all([t.catalogIndex?.build(), other.catalogIndex?.build()]);
      expect(other.catalogIndex?.ready).toBe(true);
      const visitor = new Client(other.server);
      const facets = async (query = '') =>
        (await visitor.get<CatalogFacets>(`/api/products/facets${query}`)).body;
      const total = async (query = '') =>
        Number((await visitor.get(`/api/products${query}`)).headers['x-total-count']);
      const before = await facets('?minPrice=123.45&maxPrice=123.46');
      const totalBefore = await total();
      // Listed on the first instance, read at once on the second.
      const nursery = await signUpNursery(t, { listing: { price: 123.45, variety: 'Dark Star' } });
      const after = await facets('?minPrice=123.45&maxPrice=123.46');
      expect(after.variety['Dark Star']).toBe((before.variety['Dark Star'] ?? 0) + 1);
      expect(await total()).toBe(totalBefore + 1);
      // The second instance's index answered: it applied the listing heard.
      expect(other.catalogIndex?.changes).toBeGreaterThan(0);
      expect(await facets()).toEqual(await new FacetCounts(t.database.catalogDb).facets(everything));
      // Moved out of the range, then archived: each counted on the next read.
      await nursery.client.put(
        `/api/products/${nursery.listing.id}`,
        listingInput({ price: 200, variety: 'Dark Star' }),
      );
      expect((await facets('?minPrice=123.45&maxPrice=123.46')).variety['Dark Star']).toBe(
        before.variety['Dark Star'],
      );
      await nursery.client.delete(`/api/products/${nursery.listing.id}`);
      expect(await total()).toBe(totalBefore);
    } finally {
      await other.server.close();
    }
  });

  it("answers a search's list from its matches, as the statements do, and counts a change on the next read", async () => {
    const index = t.catalogIndex as CatalogIndex;
    await index.build();
    const visitor = new Client(t.server);
    const lists = new ProductList(t.database.catalogDb, t.database.db, 'direct');
    const list = async (query: Record<string, string>) => {
      const res = await visitor.get<Array<{ id: number }>>(`/api/products?${new URLSearchParams(query)}`);
      expect(res.status).toBe(200);
      return { total: Number(res.headers['x-total-count']), ids: res.body.map((p) => p.id) };
    };
    for (const sort of SORTS)
      for (const query of [
        { search: 'sugar', sort } as Record<string, string>,
        { search: 'yellow cutting', inStock: 'true', maxPrice: '150', sort, page: '2', limit: '4' },
        { search: 'sugar', seller: sellers[1]?.username as string, sort },
      ]) {
        const q = productListQuerySchema.parse(query);
        const resolved = await resolveSearch(t.database.db, q.search as string);
        const sellerId = q.seller ? (sellers.find((s) => s.username === q.seller)?.id ?? null) : null;
        const expected = await lists.list(q, sellerId, resolved?.tsquery ?? null);
        expect(await list(query), JSON.stringify(query)).toEqual({
          total: expected.total,
          ids: expected.items.map((p) => p.id),
        });
      }
    // A listing whose words are new is found by the very next search (the word unknown before: no match).
    expect(await list({ search: 'zyzzyva' })).toEqual({ total: 0, ids: [] });
    const nursery = await signUpNursery(t, {
      listing: { title: 'Zyzzyva Sugar cutting', variety: 'Dark Star' },
    });
    expect((await list({ search: 'zyzzyva' })).ids).toEqual([nursery.listing.id]);
    await nursery.client.put(
      `/api/products/${nursery.listing.id}`,
      listingInput({ title: 'Plain Sugar cutting', variety: 'Dark Star' }),
    );
    expect(await list({ search: 'zyzzyva' })).toEqual({ total: 0, ids: [] });
    await nursery.client.delete(`/api/products/${nursery.listing.id}`);
  });

  it('names every listing of a statement that changed hundreds, in notifications of 500', async () => {
    const index = t.catalogIndex as CatalogIndex;
    await index.build();
    const seller = sellers[0]?.id as number;
    const columns = (
      await queryRows<{ name: string }>(
        t.database.db,
        sql`select column_name as name from information_schema.columns
            where table_name = 'products' and is_generated = 'NEVER' and column_default is null`,
      )
    ).map((c) => `"${c.name}"`);
    const copied = await queryRows<{ id: number }>(
      t.database.db,
      sql.raw(`insert into products (${columns.join(', ')})
               select ${columns.map((c) => (c === '"title"' ? `"title" || ' copy ' || g` : `p.${c}`)).join(', ')}
               from products p, generate_series(1, 1200) g
               where p.id = (select min(id) from products where seller_id = ${seller} and archived_at is null)
               returning id`),
    );
    expect(copied).toHaveLength(1200);
    expect(await index.fresh()).toBe(true);
    expect(index.total(everything)).toBe(await plainTotal(everything, null));
    await t.database.db.execute(
      sql`delete from products where id = any(${sql.param(copied.map((r) => r.id))}::int[])`,
    );
    expect(await index.fresh()).toBe(true);
    expect(index.total(everything)).toBe(await plainTotal(everything, null));
  });

  it('lets the statements answer while its listener is lost, and builds again when it is back', async () => {
    const index = t.catalogIndex as CatalogIndex;
    await index.build();
    index.setListening(false);
    expect(index.ready).toBe(false);
    expect(await index.fresh()).toBe(false);
    const visitor = new Client(t.server);
    const res = await visitor.get<CatalogFacets>('/api/products/facets?minPrice=5');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      await new FacetCounts(t.database.catalogDb).facets(
        catalogFilterSchema.parse({ minPrice: '5' }) as CatalogFilters,
      ),
    );
    index.setListening(true);
    await index.build();
    expect(index.ready).toBe(true);
    expect(await index.fresh()).toBe(true);
  });

  it('builds again when told of too many changes to name, and answers from the statements meanwhile', async () => {
    const index = t.catalogIndex as CatalogIndex;
    await index.build();
    index.heard('p:*');
    expect(index.ready).toBe(false);
    await index.build();
    expect(index.ready).toBe(true);
    expect(index.total(everything)).toBe(await plainTotal(everything, null));
  });

  it('sends the read to the statements when its sync is not heard back within the time allowed', async () => {
    const deaf = new CatalogIndex(t.database.db, { channel: 'nobody_listens_here', syncTimeoutMs: 50 });
    await deaf.build();
    deaf.setListening(true);
    expect(await deaf.fresh()).toBe(false);
  });
});
