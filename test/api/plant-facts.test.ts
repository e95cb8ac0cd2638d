/**
 * A listing's plant facts (docs/product.md#validation, Listing): the catalog filters over them (totals from the
 * summary and from a scan of the listings, facet counts), and how sellers set them: defaults, validation, edits.
 */
import type { CatalogFacets, Product } from '@domain/catalog/responses';
import { DEFAULT_SHIPS_AS, FORMS, SHIPS_AS } from '@domain/constants';
import { LISTING_MESSAGES } from '@domain/listings/schemas';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { Client, createTestApp, type TestApp } from '../support/app';
import { createCatalog } from '../support/catalog';
import { createListing, listingInput, signUpBuyer, signUpNursery } from '../support/fixtures';

let t: TestApp;
let client: Client;

beforeAll(async () => {
  t = await createTestApp();
  await createCatalog(t.database.db, 'plant');
  client = new Client(t.server);
});
afterAll(async () => {
  await t?.close();
});

interface Filters {
  form?: string[];
  shipsAs?: string[];
  rooted?: boolean;
  callused?: boolean;
  grafted?: boolean;
  organic?: boolean;
  inStock?: boolean;
  minPrice?: number;
}

type Row = typeof products.$inferSelect;

/** The oracle: which listings a filter set matches. */
function matches(l: Row, f: Filters): boolean {
  if (f.form?.length && !f.form.includes(l.form)) return false;
  if (f.shipsAs?.length && !f.shipsAs.includes(l.shipsAs)) return false;
  if (f.rooted && !l.rooted) return false;
  if (f.callused && !l.callused) return false;
  if (f.grafted && !l.grafted) return false;
  if (f.organic && !l.organic) return false;
  if (f.inStock && !l.inStock) return false;
  if (f.minPrice !== undefined && l.priceCents < Math.round(f.minPrice * 100)) return false;
  return true;
}

function query(f: Filters & { sort?: string; limit?: number }): string {
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

/** The visible listings as stored now: the oracle's pool (tests below add listings through the API). */
const visible = () => t.database.db.select().from(products).where(isNull(products.archivedAt));

const count = (pool: Row[], f: Filters) => pool.filter((l) => matches(l, f)).length;

async function total(f: Filters, via = client): Promise<string | undefined> {
  const res = await via.get<Product[]>(`/api/products${query(f)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.headers['x-total-count'] as string | undefined;
}

async function expectPlantFacets(f: Filters, pool: Row[], via = client) {
  const res = await via.get<CatalogFacets>(`/api/products/facets${query(f)}`);
  expect(res.status).toBe(200);
  for (const s of SHIPS_AS) expect(res.body.shipsAs[s], s).toBe(count(pool, { ...f, shipsAs: [s] }));
  expect(res.body.rooted, 'rooted').toBe(count(pool, { ...f, rooted: true }));
  expect(res.body.callused, 'callused').toBe(count(pool, { ...f, callused: true }));
  expect(res.body.grafted, 'grafted').toBe(count(pool, { ...f, grafted: true }));
}

describe('the plant filters of GET /api/products and /facets', () => {
  it('have listings on both sides of each in the test catalog', async () => {
    const pool = await visible();
    for (const f of [
      ...SHIPS_AS.map((s) => ({ shipsAs: [s] })),
      { rooted: true },
      { callused: true },
      { grafted: true },
    ]) {
      const n = count(pool, f);
      expect(n, JSON.stringify(f)).toBeGreaterThan(0);
      expect(n, JSON.stringify(f)).toBeLessThan(pool.length);
    }
    // Rooted is what the database derives from how a listing ships, and only unrooted cuttings are callused.
    for (const l of pool) {
      expect(l.rooted).toBe(l.shipsAs === 'bare-root' || l.shipsAs === 'potted');
      if (l.callused) expect(l.shipsAs).toBe('unrooted-cutting');
      if (l.rootstock !== null) expect(l.grafted).toBe(true);
    }
  });

  it.each([
    ['shipsAs, one option', { shipsAs: ['unrooted-cutting'] }],
    ['shipsAs, two options', { shipsAs: ['bare-root', 'potted'] }],
    ['shipsAs seeds, in stock', { shipsAs: ['seeds'], inStock: true }],
    ['rooted', { rooted: true }],
    ['callused', { callused: true }],
    ['grafted', { grafted: true }],
    ['rooted and grafted, in stock', { rooted: true, grafted: true, inStock: true }],
    ['callused cuttings', { form: ['cutting'], shipsAs: ['unrooted-cutting'], callused: true }],
    ['grafted and potted', { grafted: true, shipsAs: ['potted'] }],
    ['bare root and rooted', { shipsAs: ['bare-root'], rooted: true }],
  ] as Array<[string, Filters]>)(
    'filters by %s: the listings, the total from the summary and the same total from the listings',
    async (_name, f) => {
      const pool = await visible();
      const expected = pool
        .filter((l) => matches(l, f))
        .sort((a, b) => a.priceCents - b.priceCents || a.id - b.id);
      expect(expected.length).toBeGreaterThan(0);
      const res = await client.get<Product[]>(
        `/api/products${query({ ...f, sort: 'price-low-high', limit: 100 })}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.map((p) => p.id)).toEqual(expected.map((l) => l.id));
      // Without a price, the total is the summary's (catalog_facet_counts); a price bound makes it count listings.
      expect(res.headers['x-total-count']).toBe(String(expected.length));
      expect(await total({ ...f, minPrice: 0 })).toBe(String(expected.length));
      for (const p of res.body) {
        if (f.rooted) expect(p.rooted).toBe(true);
        if (f.callused) expect(p.callused).toBe(true);
        if (f.grafted) expect(p.grafted).toBe(true);
        if (f.shipsAs) expect(f.shipsAs).toContain(p.shipsAs);
      }
    },
  );

  it.each([
    ['no filter', {}],
    ['in stock', { inStock: true }],
    ['a plant filter (summary counts)', { rooted: true, organic: true }],
    ['shipsAs and grafted', { shipsAs: ['potted', 'bare-root'], grafted: true }],
    ['a price bound (counted over listings)', { callused: true, minPrice: 0 }],
  ] as Array<[string, Filters]>)(
    'counts every plant facet as a direct count would, with %s',
    async (_n, f) => {
      await expectPlantFacets(f, await visible());
    },
  );

  it.each([
    ['shipsAs=crate', 'Unknown shipsAs: crate'],
    ['shipsAs=potted,crate,box', 'Unknown shipsAs: crate, box'],
    ['rooted=maybe', 'rooted must be true or false'],
    ['callused=1', 'callused must be true or false'],
    ['grafted=yes', 'grafted must be true or false'],
  ])('answers ?%s with 400 and its message, on the list and the facets', async (q, message) => {
    for (const path of ['/api/products', '/api/products/facets']) {
      const res = await client.get<{ message: string; errors: Record<string, string> }>(`${path}?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(Object.keys(res.body.errors)).toEqual([q.split('=')[0]]);
    }
  });
});

/** This file's listing: a rooted plant (no cutting size), with a sellerId of its own, which the API ignores. */
const LISTING = listingInput({
  title: 'Dragon fruit plant',
  description: 'A healthy plant.',
  variety: 'Yellow Dragon',
  form: 'rooted',
  cuttingSize: undefined,
  pollination: 'self',
  quantity: 5,
  price: 39.5,
  imageUrl: '/images/products/yellow-dragon-cutting.svg',
  sellerId: 0,
});

const GRAFTED = {
  ...LISTING,
  shipsAs: 'potted',
  callused: false,
  lengthInches: 20,
  segments: 3,
  grafted: true,
  rootstock: 'Vietnamese White (Hylocereus undatus)',
};

/** A nursery in Homestead, Florida. */
const seller = async () => (await signUpNursery(t, { location: 'Homestead, Florida' })).client;

async function stored(id: number): Promise<Row> {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row as Row;
}

const facts = (p: Product | Row) => ({
  shipsAs: p.shipsAs,
  rooted: p.rooted,
  callused: p.callused,
  lengthInches: p.lengthInches,
  segments: p.segments,
  grafted: p.grafted,
  rootstock: p.rootstock,
});

const mine = async (via: Client) => (await via.get<Product[]>('/api/seller/products')).body;

describe('plant facts on POST /api/products', () => {
  it.each(FORMS)(
    'gives a %s listing that leaves them out its form’s defaults (an older client)',
    async (form) => {
      const via = await seller();
      const product = await createListing(via, {
        ...LISTING,
        form,
        cuttingSize: form === 'cutting' ? '12 inch' : null,
      });
      const shipsAs = DEFAULT_SHIPS_AS[form];
      const expected = {
        shipsAs,
        rooted: shipsAs === 'bare-root' || shipsAs === 'potted',
        callused: false,
        lengthInches: null,
        segments: null,
        grafted: false,
        rootstock: null,
      };
      expect(facts(product)).toEqual(expected);
      expect(facts(await stored(product.id))).toEqual(expected);
      expect(facts((await client.get<Product>(`/api/products/${product.id}`)).body)).toEqual(expected);
    },
  );

  it('stores and shows the facts given, numbers as typed in the form or as JSON numbers', async () => {
    const via = await seller();
    const grafted = await createListing(via, GRAFTED);
    expect(facts(grafted)).toEqual({
      shipsAs: 'potted',
      rooted: true,
      callused: false,
      lengthInches: 20,
      segments: 3,
      grafted: true,
      rootstock: 'Vietnamese White (Hylocereus undatus)',
    });
    const cutting = await createListing(via, {
      ...LISTING,
      form: 'cutting',
      cuttingSize: '12 inch',
      shipsAs: 'unrooted-cutting',
      callused: true,
      lengthInches: '14',
      segments: '2',
      grafted: false,
      rootstock: '',
    });
    expect(facts(cutting)).toEqual({
      shipsAs: 'unrooted-cutting',
      rooted: false,
      callused: true,
      lengthInches: 14,
      segments: 2,
      grafted: false,
      rootstock: null,
    });
    // A rooted cutting sent bare root: rooted, whatever its form.
    const bare = await createListing(via, {
      ...LISTING,
      form: 'cutting',
      shipsAs: 'bare-root',
      lengthInches: '',
      segments: null,
    });
    expect(facts(bare)).toMatchObject({
      shipsAs: 'bare-root',
      rooted: true,
      lengthInches: null,
      segments: null,
    });
  });

  it('keeps a rootstock as text: trimmed, with $&, </script> and quotes as they were', async () => {
    const via = await seller();
    const rootstock = `  $& </script> "Hylocereus" 'undatus' ${'x'.repeat(20)}  `;
    const product = await createListing(via, { ...GRAFTED, rootstock });
    expect(product.rootstock).toBe(rootstock.trim());
    expect((await stored(product.id)).rootstock).toBe(rootstock.trim());
  });

  it.each([
    ['an unknown way of shipping', { shipsAs: 'crate' }, 'shipsAs', LISTING_MESSAGES.shipsAs],
    ['shipsAs that is not text', { shipsAs: 3 }, 'shipsAs', LISTING_MESSAGES.shipsAs],
    [
      'a callused potted plant',
      { shipsAs: 'potted', callused: true },
      'callused',
      LISTING_MESSAGES.callusedUnrooted,
    ],
    [
      'a callused plant shipping as its form’s default, potted',
      { callused: true },
      'callused',
      LISTING_MESSAGES.callusedUnrooted,
    ],
    ['callused as text', { callused: 'yes' }, 'callused', LISTING_MESSAGES.callused],
    ['a length of 0', { lengthInches: 0 }, 'lengthInches', LISTING_MESSAGES.lengthInches],
    ['a length of 121', { lengthInches: 121 }, 'lengthInches', LISTING_MESSAGES.lengthInches],
    ['a length of 12.5', { lengthInches: '12.5' }, 'lengthInches', LISTING_MESSAGES.lengthInches],
    ['a length in hexadecimal', { lengthInches: '0x10' }, 'lengthInches', LISTING_MESSAGES.lengthInches],
    ['a length in exponent form', { lengthInches: '1e1' }, 'lengthInches', LISTING_MESSAGES.lengthInches],
    ['a length with spaces', { lengthInches: ' 12 ' }, 'lengthInches', LISTING_MESSAGES.lengthInches],
    ['a length of true', { lengthInches: true }, 'lengthInches', LISTING_MESSAGES.lengthInches],
    ['0 segments', { segments: 0 }, 'segments', LISTING_MESSAGES.segments],
    ['51 segments', { segments: 51 }, 'segments', LISTING_MESSAGES.segments],
    ['segments as words', { segments: 'three' }, 'segments', LISTING_MESSAGES.segments],
    ['grafted as text', { grafted: 'true' }, 'grafted', LISTING_MESSAGES.grafted],
    [
      'a rootstock of 61 characters',
      { grafted: true, rootstock: 'x'.repeat(61) },
      'rootstock',
      LISTING_MESSAGES.rootstock,
    ],
    [
      'a rootstock of 2,000 characters',
      { grafted: true, rootstock: 'x'.repeat(2000) },
      'rootstock',
      LISTING_MESSAGES.rootstock,
    ],
    [
      'a rootstock that is a number',
      { grafted: true, rootstock: 5 },
      'rootstock',
      LISTING_MESSAGES.rootstock,
    ],
    [
      'a rootstock with NUL',
      { grafted: true, rootstock: 'Hylo\u0000cereus' },
      'rootstock',
      LISTING_MESSAGES.rootstockControl,
    ],
    [
      'a rootstock with a control character',
      { grafted: true, rootstock: 'Hylo\u0007cereus' },
      'rootstock',
      LISTING_MESSAGES.rootstockControl,
    ],
    [
      'a rootstock for a plant said not grafted',
      { grafted: false, rootstock: 'Hylocereus undatus' },
      'rootstock',
      LISTING_MESSAGES.rootstockNotGrafted,
    ],
    [
      'a rootstock for a plant not said grafted',
      { rootstock: 'Hylocereus undatus' },
      'rootstock',
      LISTING_MESSAGES.rootstockNotGrafted,
    ],
  ] as Array<[string, Record<string, unknown>, string, string]>)(
    'refuses %s with 400 naming the field, and stores nothing',
    async (_name, change, field, message) => {
      const via = await seller();
      const res = await via.post<{ message: string; errors: Record<string, string> }>('/api/products', {
        ...LISTING,
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual({ [field]: message });
      expect(await mine(via)).toEqual([]);
    },
  );

  it('answers a visitor with 401 and a buyer with 403, storing nothing', async () => {
    const body = { ...GRAFTED, title: 'Never stored' };
    expect((await new Client(t.server).post('/api/products', body)).status).toBe(401);
    const { client: buyer } = await signUpBuyer(t);
    expect((await buyer.post('/api/products', body)).status).toBe(403);
    const rows = await t.database.db.select().from(products).where(eq(products.title, 'Never stored'));
    expect(rows).toEqual([]);
  });
});

describe('plant facts on PUT /api/products/:id', () => {
  it('stores the facts an edit gives, and shows them', async () => {
    const via = await seller();
    const product = await createListing(via, GRAFTED);
    const res = await via.put<Product>(`/api/products/${product.id}`, {
      ...GRAFTED,
      form: 'cutting',
      cuttingSize: '12 inch',
      shipsAs: 'unrooted-cutting',
      callused: true,
      lengthInches: '16',
      segments: 1,
      grafted: false,
      rootstock: '',
      expectedQuantity: 5,
    });
    expect(res.status).toBe(200);
    const expected = {
      shipsAs: 'unrooted-cutting',
      rooted: false,
      callused: true,
      lengthInches: 16,
      segments: 1,
      grafted: false,
      rootstock: null,
    };
    expect(facts(res.body)).toEqual(expected);
    expect(facts((await client.get<Product>(`/api/products/${product.id}`)).body)).toEqual(expected);
  });

  it('keeps the stored facts when an edit leaves them out (an older client), changing what it gives', async () => {
    const via = await seller();
    const product = await createListing(via, GRAFTED);
    const res = await via.put<Product>(`/api/products/${product.id}`, {
      ...LISTING,
      title: 'Renamed by an older client',
      price: 45,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Renamed by an older client', price: 45 });
    expect(facts(res.body)).toEqual(facts(product));
    expect(facts(await stored(product.id))).toEqual(facts(product));
    // Only the length given changes; cleared with null.
    const cleared = await via.put<Product>(`/api/products/${product.id}`, { ...LISTING, lengthInches: null });
    expect(facts(cleared.body)).toEqual({ ...facts(product), lengthInches: null });
  });

  it('follows a new form with its default way of shipping, and drops kept facts that no longer fit', async () => {
    const via = await seller();
    const cutting = await createListing(via, {
      ...LISTING,
      form: 'cutting',
      cuttingSize: '12 inch',
      callused: true,
      lengthInches: 14,
      segments: 2,
    });
    expect(facts(cutting)).toMatchObject({ shipsAs: 'unrooted-cutting', callused: true });
    // The form changes to a rooted plant: it ships potted, and is no longer callused; the length stays.
    const rooted = await via.put<Product>(`/api/products/${cutting.id}`, { ...LISTING, form: 'rooted' });
    expect(rooted.status).toBe(200);
    expect(facts(rooted.body)).toEqual({
      shipsAs: 'potted',
      rooted: true,
      callused: false,
      lengthInches: 14,
      segments: 2,
      grafted: false,
      rootstock: null,
    });
    // Same form, shipsAs left out: the stored way of shipping stays (bare root, not the form's potted).
    await via.put(`/api/products/${cutting.id}`, { ...LISTING, shipsAs: 'bare-root' });
    const kept = await via.put<Product>(`/api/products/${cutting.id}`, {
      ...LISTING,
      title: 'Still bare root',
    });
    expect(kept.body).toMatchObject({ title: 'Still bare root', shipsAs: 'bare-root', rooted: true });
    // Not grafted any more: the stored rootstock goes with it.
    const grafted = await createListing(via, GRAFTED);
    const ungrafted = await via.put<Product>(`/api/products/${grafted.id}`, { ...LISTING, grafted: false });
    expect(facts(ungrafted.body)).toMatchObject({ grafted: false, rootstock: null });
  });

  it('refuses facts that contradict the stored ones, changing nothing', async () => {
    const via = await seller();
    const product = await createListing(via, {
      ...GRAFTED,
      grafted: false,
      rootstock: null,
      shipsAs: 'bare-root',
    });
    // Callused, with the stored bare-root kept (shipsAs left out).
    const callused = await via.put<{ message: string; errors: Record<string, string> }>(
      `/api/products/${product.id}`,
      { ...LISTING, title: 'Changed', callused: true },
    );
    expect(callused.status).toBe(400);
    expect(callused.body.errors).toEqual({ callused: LISTING_MESSAGES.callusedUnrooted });
    // A rootstock, with the stored "not grafted" kept.
    const rootstock = await via.put<{ message: string; errors: Record<string, string> }>(
      `/api/products/${product.id}`,
      { ...LISTING, title: 'Changed', rootstock: 'Hylocereus undatus' },
    );
    expect(rootstock.status).toBe(400);
    expect(rootstock.body).toEqual({
      message: LISTING_MESSAGES.rootstockNotGrafted,
      errors: { rootstock: LISTING_MESSAGES.rootstockNotGrafted },
    });
    expect(await stored(product.id)).toMatchObject({ title: LISTING.title, ...facts(product) });
  });

  it('answers another seller’s listing with 404 and a stale stock with 409, whether or not facts are left out', async () => {
    const owner = await seller();
    const other = await seller();
    const product = await createListing(owner, GRAFTED);
    for (const body of [GRAFTED, LISTING]) {
      const res = await other.put<{ message: string }>(`/api/products/${product.id}`, {
        ...body,
        title: 'Taken over',
        grafted: false,
        rootstock: null,
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Product not found');
      const stale = await owner.put<{ message: string }>(`/api/products/${product.id}`, {
        ...body,
        title: 'Stale edit',
        grafted: false,
        rootstock: null,
        expectedQuantity: 4,
      });
      expect(stale.status).toBe(409);
    }
    expect(await stored(product.id)).toMatchObject({ title: GRAFTED.title, ...facts(product) });
    expect((await other.put(`/api/products/987654`, LISTING)).status).toBe(404);
  });
});

describe("a cutting's size follows from its length", () => {
  const CUTTING = { ...LISTING, form: 'cutting', shipsAs: 'unrooted-cutting' };
  type Refusal = { message: string; errors: Record<string, string> };

  it('gives a cutting with a length and no size its length’s size, and keeps multi-tip', async () => {
    const via = await seller();
    for (const [lengthInches, cuttingSize, expected] of [
      [14, null, '12 inch'],
      [14, '', '12 inch'],
      [10, undefined, '12 inch'],
      [9, null, '6 inch'],
      [6, '6 inch', '6 inch'],
      [14, '12 inch', '12 inch'],
      [14, 'multi-tip', 'multi-tip'],
      [4, 'multi-tip', 'multi-tip'],
      [null, '6 inch', '6 inch'],
      [null, null, null],
    ] as const) {
      const product = await createListing(via, { ...CUTTING, lengthInches, cuttingSize });
      expect(product.cuttingSize, `${lengthInches} ${cuttingSize}`).toBe(expected);
      expect((await stored(product.id)).cuttingSize).toBe(expected);
    }
    // A rooted plant's length is its height: no size for it.
    const rooted = await createListing(via, { ...LISTING, lengthInches: 14, cuttingSize: '6 inch' });
    expect(rooted.cuttingSize).toBeNull();
  });

  it('refuses a size its length contradicts, given together or against the stored length', async () => {
    const via = await seller();
    const message = 'Cutting size must be 12 inch or multi-tip for a 14-inch cutting';
    const refused = await via.post<Refusal>('/api/products', {
      ...CUTTING,
      title: 'A contradiction',
      lengthInches: 14,
      cuttingSize: '6 inch',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message, errors: { cuttingSize: message } });
    expect((await mine(via)).map((p) => p.title)).not.toContain('A contradiction');
    const short = await via.post<Refusal>('/api/products', {
      ...CUTTING,
      lengthInches: '8',
      cuttingSize: '12 inch',
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({
      cuttingSize: 'Cutting size must be 6 inch or multi-tip for an 8-inch cutting',
    });

    // An edit that leaves the length out keeps the stored 14 inches: "6 inch" contradicts it.
    const product = await createListing(via, { ...CUTTING, lengthInches: 14, cuttingSize: '12 inch' });
    const edit = await via.put<Refusal>(`/api/products/${product.id}`, {
      ...LISTING,
      form: 'cutting',
      title: 'Changed',
      cuttingSize: '6 inch',
    });
    expect(edit.status).toBe(400);
    expect(edit.body.errors).toEqual({ cuttingSize: message });
    expect(await stored(product.id)).toMatchObject({ title: LISTING.title, cuttingSize: '12 inch' });
    // A new length moves the size with it.
    const shorter = await via.put<Product>(`/api/products/${product.id}`, {
      ...LISTING,
      form: 'cutting',
      lengthInches: 6,
    });
    expect(shorter.status).toBe(200);
    expect(shorter.body).toMatchObject({ lengthInches: 6, cuttingSize: '6 inch' });
  });

  it('places a cutting in the size filter by its length', async () => {
    const via = await seller();
    const word = `Longcut${Date.now().toString(36)}`;
    const product = await createListing(via, { ...CUTTING, title: `${word} cutting`, lengthInches: 14 });
    const found = async (size: string) =>
      (
        await client.get<Product[]>(`/api/products?search=${word}&cuttingSize=${encodeURIComponent(size)}`)
      ).body.map((p) => p.id);
    expect(await found('12 inch')).toEqual([product.id]);
    expect(await found('6 inch')).toEqual([]);
  });
});

describe('the plant facets as sellers add and edit listings', () => {
  it('stay exact', async () => {
    const via = await seller();
    const a = await createListing(via, GRAFTED);
    const b = await createListing(via, { ...LISTING, form: 'cutting', callused: true });
    await via.put(`/api/products/${a.id}`, { ...LISTING, shipsAs: 'bare-root' });
    await via.put(`/api/products/${b.id}`, { ...LISTING, form: 'cutting', callused: false, organic: true });
    await via.delete(`/api/products/${a.id}`);
    const pool = await visible();
    await expectPlantFacets({}, pool);
    await expectPlantFacets({ inStock: true, grafted: true }, pool);
    for (const f of [{ rooted: true }, { callused: true }, { grafted: true }, { shipsAs: ['bare-root'] }])
      expect(await total(f)).toBe(String(count(pool, f)));
  });
});
