import type { CatalogFacets, Product } from '@domain/catalog/responses';
import { catalogFilterSchema } from '@domain/catalog/schemas';
import { SHIPS_AS, type ShipsAs } from '@domain/constants';
import type { Order } from '@domain/orders/responses';
import {
  decideShipping,
  type SellerCertificate,
  type ShippingSeller,
  type StateCode,
} from '@domain/shipping';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { connect, queryRows } from '../../server/src/db/connect';
import { catalogFacetCounts, users } from '../../server/src/db/schema';
import { summaryAnswers } from '../../server/src/modules/catalog/filters';
import { rulesFingerprint } from '../../server/src/modules/shipping';
import { Client, createTestApp, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { createListing, listingInput, signUpBuyer, signUpNursery } from '../support/fixtures';

// The catalog's "Ships to" filter (docs/product.md#marketplace, docs/database.md#what-keeps-blocked_to-right):
// GET /api/products and /facets with shipsTo=<state> hide exactly the listings decideShipping refuses for that
// state, and stay right as sellers change their profiles, certificates expire and the rules change.

/** The shipping rules' today, which the test moves. */
let today = '2026-11-24';
let t: TestApp;
const visitor = () => new Client(t.server);

beforeAll(async () => {
  t = await createTestApp({}, { today: () => today });
});
afterAll(async () => {
  await t?.close();
});

const FORM_OF: Record<ShipsAs, { form: string; cuttingSize: string | null }> = {
  'unrooted-cutting': { form: 'cutting', cuttingSize: '12 inch' },
  'bare-root': { form: 'rooted', cuttingSize: null },
  potted: { form: 'rooted', cuttingSize: null },
  seeds: { form: 'seed', cuttingSize: null },
};

/** A listing's fields that make it ship as `shipsAs`: its form and every plant fact given. */
const shippingAs = (shipsAs: ShipsAs) => ({
  ...FORM_OF[shipsAs],
  pollination: 'self',
  shipsAs,
  callused: false,
  lengthInches: null,
  segments: null,
  grafted: false,
  rootstock: null,
  quantity: 5,
  price: 20,
});

/** A listing body titled `title` that ships as `shipsAs`. */
const listingBody = (title: string, shipsAs: ShipsAs) => listingInput({ title, ...shippingAs(shipsAs) });

interface Seller {
  client: Client;
  id: number;
  profile: { shipFromState: string; blockedStates?: string[]; certificates?: SellerCertificate[] };
  listings: Map<ShipsAs, Product>;
}

const sellers: Seller[] = [];

async function makeSeller(profile: Seller['profile']): Promise<Seller> {
  const { client, id } = await signUpNursery(t, { profile });
  const listings = new Map<ShipsAs, Product>();
  for (const shipsAs of SHIPS_AS)
    listings.set(shipsAs, await createListing(client, listingBody(`Ships-to ${id} ${shipsAs}`, shipsAs)));
  const seller = { client, id, profile, listings };
  sellers.push(seller);
  return seller;
}

async function saveProfile(seller: Seller, profile: Seller['profile']): Promise<void> {
  const res = await seller.client.put('/api/seller/profile', profile);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  seller.profile = profile;
}

const asShippingSeller = (p: Seller['profile']): ShippingSeller => ({
  shipFromState: p.shipFromState as StateCode,
  blockedStates: (p.blockedStates ?? []) as StateCode[],
  certificates: p.certificates ?? [],
});

/** The ids decideShipping lets go to `state` on the test's today, of every listing the test made. */
function allowedIds(state: StateCode): number[] {
  return sellers
    .flatMap((s) =>
      [...s.listings.values()].filter(
        (p) => decideShipping(asShippingSeller(s.profile), p, state, today).status === 'allowed',
      ),
    )
    .map((p) => p.id)
    .sort((a, b) => a - b);
}

async function listIds(query: string): Promise<{ ids: number[]; total: string | undefined }> {
  const res = await visitor().get<Product[]>(`/api/products?${query}&limit=48`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    ids: res.body.map((p) => p.id).sort((a, b) => a - b),
    total: res.headers['x-total-count'] as string | undefined,
  };
}

const shown = async (state: string) => (await listIds(`shipsTo=${state}`)).ids;

async function facets(query: string): Promise<CatalogFacets> {
  const res = await visitor().get<CatalogFacets>(`/api/products/facets?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const STATES: StateCode[] = ['CA', 'FL', 'HI', 'AZ', 'TX', 'NY', 'OR'];

/** How many visible listings may not go to each place: from catalog_blocked_counts, or counted on products. */
async function blockedCounts(from: 'summary' | 'products'): Promise<string[]> {
  const rows = await queryRows<{ place: string; n: number }>(
    t.database.db,
    from === 'products'
      ? sql`select p.place, count(*)::int as n from products cross join lateral unnest(blocked_to) as p(place)
            where archived_at is null group by 1 order by 1`
      : sql`select blocked_to as place, sum(n)::int as n from catalog_blocked_counts
            group by 1 having sum(n) <> 0 order by 1`,
  );
  return rows.map((r) => `${r.place}:${r.n}`);
}

describe('GET /api/products and /facets with shipsTo', () => {
  let florida: Seller;
  let certified: Seller;
  let hawaii: Seller;
  let california: Seller;

  beforeAll(async () => {
    florida = await makeSeller({ shipFromState: 'FL' });
    certified = await makeSeller({
      shipFromState: 'FL',
      certificates: [{ kind: 'ca-nematode', number: 'CA-1', expiresOn: '2027-06-30' }],
    });
    hawaii = await makeSeller({ shipFromState: 'HI' });
    california = await makeSeller({ shipFromState: 'CA', blockedStates: ['NY'] });
  });

  it('hides exactly the listings decideShipping refuses for the state, in the list and its total', async () => {
    expect(sellers.length).toBe(4);
    for (const state of STATES) {
      const { ids, total } = await listIds(`shipsTo=${state}`);
      expect(ids, state).toEqual(allowedIds(state));
      expect(total, state).toBe(String(allowedIds(state).length));
    }
    // A Florida potted plant may not go to California without the certificate; with it, it may.
    expect(await shown('CA')).not.toContain(florida.listings.get('potted')?.id);
    expect(await shown('CA')).toContain(certified.listings.get('potted')?.id);
    // Hawaii's cuttings stay in Hawaii; a seller's own "not to New York" holds even for seeds.
    expect(await shown('OR')).not.toContain(hawaii.listings.get('unrooted-cutting')?.id);
    expect(await shown('HI')).toContain(hawaii.listings.get('unrooted-cutting')?.id);
    expect(await shown('NY')).not.toContain(california.listings.get('seeds')?.id);
    expect(await shown('OR')).toContain(california.listings.get('seeds')?.id);
    // Without shipsTo nothing is hidden.
    expect((await listIds('')).ids.length).toBe(16);
  });

  it('combines with the other filters and sorts', async () => {
    const cuttings = new Set(sellers.map((s) => s.listings.get('unrooted-cutting')?.id));
    const { ids } = await listIds('shipsTo=CA&form=cutting&sort=price-low-high');
    expect(ids).toEqual(allowedIds('CA').filter((id) => cuttings.has(id)));
    const searched = await listIds('shipsTo=AZ&search=ships-to');
    expect(searched.ids).toEqual(allowedIds('AZ'));
    const priced = await listIds('shipsTo=HI&minPrice=10&maxPrice=30');
    expect(priced.ids).toEqual(allowedIds('HI'));
  });

  it('counts the facets with the filter on: every option among the listings that may go there', async () => {
    for (const state of STATES) {
      const f = await facets(`shipsTo=${state}`);
      const allowed = new Set(allowedIds(state));
      const all = sellers.flatMap((s) => [...s.listings.values()]);
      expect(f.shipsTo, state).toBe(allowed.size);
      for (const shipsAs of SHIPS_AS)
        expect(f.shipsAs[shipsAs], `${state} ${shipsAs}`).toBe(
          all.filter((p) => p.shipsAs === shipsAs && allowed.has(p.id)).length,
        );
      expect(f.inStock, state).toBe(allowed.size);
      // What the filter hides, among the listings every other filter matches: from the summary, and counted on
      // the listings when a price or a search is set.
      expect(f.shipsToHidden, state).toBe(all.length - allowed.size);
      const cuttings = all.filter((p) => p.shipsAs === 'unrooted-cutting');
      const hiddenCuttings = cuttings.filter((p) => !allowed.has(p.id)).length;
      expect((await facets(`shipsTo=${state}&shipsAs=unrooted-cutting`)).shipsToHidden, state).toBe(
        hiddenCuttings,
      );
      const scanned = await facets(`shipsTo=${state}&shipsAs=unrooted-cutting&minPrice=0&search=ships-to`);
      expect(scanned.shipsToHidden, state).toBe(hiddenCuttings);
      expect(scanned.shipsTo, state).toBe(cuttings.length - hiddenCuttings);
    }
    const off = await facets('');
    expect(off.shipsTo).toBeNull();
    expect(off.shipsToHidden).toBeNull();
    expect(off.inStock).toBe(16);
  });

  it('answers the counts from catalog_facet_counts less catalog_blocked_counts, never by reading the listings', async () => {
    const parsed = catalogFilterSchema.parse({ shipsTo: 'CA', inStock: 'true', variety: 'Sugar Dragon' });
    expect(summaryAnswers(parsed, catalogFacetCounts)).toBe(true);
    // One more in a combination of the summary shows in the counts; one more listing of it that may not go to
    // California takes one off; one that may not go to Oregon does not count for California.
    const [row] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select * from catalog_facet_counts where in_stock and n > 0 limit 1`,
    );
    expect(row).toBeDefined();
    // The combination by its key, not its ctid: an update gives the row a new ctid, and a ctid subquery would then
    // find another row, leaving counts that no listings could give (a blocked count above the combination's).
    const combination = sql.join(
      Object.entries(row ?? {})
        .filter(([column]) => column !== 'n')
        .map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
      sql` and `,
    );
    const bump = (by: number) =>
      t.database.db.execute(sql`update catalog_facet_counts set n = n + ${by} where ${combination}`);
    const block = (place: string, by: number) =>
      t.database.db.execute(sql`insert into catalog_blocked_counts
          select ${place}, variety, form, ships_as, cutting_size, pollination, rooted, callused, grafted, organic,
                 pesticide_free, in_stock, ${by} from catalog_facet_counts where ${combination}
          on conflict on constraint catalog_blocked_counts_pkey do update set n = catalog_blocked_counts.n + excluded.n`);
    const counts = async () => ({
      facet: (await facets('shipsTo=CA')).shipsTo,
      total: Number((await listIds('shipsTo=CA')).total),
    });
    // The summary counts when the catalog index cannot (here: its listener lost, so it forgets its groups).
    t.catalogIndex?.setListening(false);
    const before = await counts();
    expect(before.facet).toBe(before.total);
    await bump(2);
    try {
      expect(await counts()).toEqual({ facet: (before.facet ?? 0) + 2, total: before.total + 2 });
      await block('CA', 1);
      await block('OR', 1);
      expect(await counts()).toEqual({ facet: (before.facet ?? 0) + 1, total: before.total + 1 });
    } finally {
      await bump(-2);
      await block('CA', -1);
      await block('OR', -1);
      t.catalogIndex?.setListening(true);
    }
    expect(await counts()).toEqual(before);
    await t.catalogIndex?.build();
    expect(await counts()).toEqual(before);
  });

  it('refuses a place that is not a state code with 400', async () => {
    for (const bad of ['ZZ', 'California', 'any', '1', 'C', 'CA,FL']) {
      for (const path of ['/api/products', '/api/products/facets']) {
        const res = await visitor().get<{ message: string }>(`${path}?shipsTo=${encodeURIComponent(bad)}`);
        expect(res.status, `${path} ${bad}`).toBe(400);
        expect(res.body.message).toBe('shipsTo must be a two-letter US state code');
      }
    }
    // Lower case is read as the code, and an empty value is no filter.
    expect((await listIds('shipsTo=ca')).ids).toEqual(allowedIds('CA'));
    expect((await listIds('shipsTo=')).ids.length).toBe(16);
  });

  it('follows a seller profile saved: the ship-from state, a state not shipped to, a certificate', async () => {
    const potted = florida.listings.get('potted')?.id as number;
    expect(await shown('CA')).not.toContain(potted);
    await saveProfile(florida, {
      shipFromState: 'FL',
      certificates: [{ kind: 'ca-nematode', number: 'CA-9', expiresOn: '2027-01-01' }],
    });
    expect(await shown('CA')).toContain(potted);

    await saveProfile(florida, { ...florida.profile, blockedStates: ['OR'] });
    expect(await shown('OR')).not.toContain(potted);
    expect(await shown('CA')).toContain(potted);

    await saveProfile(florida, { shipFromState: 'CA' });
    // From California: Texas needs a certificate it has not, Oregon is open again, Florida too.
    expect(await shown('TX')).not.toContain(potted);
    expect(await shown('OR')).toContain(potted);
    expect(await shown('FL')).not.toContain(potted);
    for (const state of STATES)
      expect((await listIds(`shipsTo=${state}`)).ids, state).toEqual(allowedIds(state));

    await saveProfile(florida, { shipFromState: 'FL' });
    expect(await shown('CA')).not.toContain(potted);
    // The triggers kept catalog_blocked_counts with every change.
    expect(await blockedCounts('summary')).toEqual(await blockedCounts('products'));
  });

  it('follows a listing created or edited: its way of shipping', async () => {
    const res = await florida.client.post<Product>(
      '/api/products',
      listingBody('Ships-to seeds later potted', 'seeds'),
    );
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(await shown('CA')).toContain(id);
    const edited = await florida.client.put<Product>(`/api/products/${id}`, {
      ...listingBody('Ships-to seeds later potted', 'potted'),
      expectedQuantity: 5,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await shown('CA')).not.toContain(id);
    // An edit that leaves the plant facts out keeps them, and where it may go.
    const {
      shipsAs: _s,
      callused: _c,
      lengthInches: _l,
      segments: _g,
      grafted: _r,
      rootstock: _t,
      ...partial
    } = listingBody('Ships-to potted, renamed', 'potted');
    expect((await florida.client.put(`/api/products/${id}`, partial)).status).toBe(200);
    expect(await shown('CA')).not.toContain(id);
    expect((await florida.client.delete(`/api/products/${id}`)).status).toBe(200);
  });

  it('hides what a certificate allowed once maintenance sees it expired (the clock the test controls)', async () => {
    const seller = await makeSeller({
      shipFromState: 'FL',
      certificates: [{ kind: 'ca-nematode', number: 'CA-2', expiresOn: '2026-11-25' }],
    });
    const cutting = seller.listings.get('unrooted-cutting')?.id as number;
    expect(await shown('CA')).toContain(cutting);

    today = '2026-11-25'; // its last valid day
    await t.maintenance();
    expect(await shown('CA')).toContain(cutting);

    today = '2026-11-26';
    // Checkout decides live: the certificate no longer counts there at once.
    const { client: buyer } = await signUpBuyer(t, {
      address: { name: 'Cal', line1: '1 Main St', city: 'Beverly Hills', state: 'CA', zip: '90210' },
    });
    expect((await buyer.post('/api/cart', { productId: cutting, quantity: 1 })).status).toBe(201);
    expect((await buyer.post<Order>('/api/orders', {})).status).toBe(409);
    // The catalog follows at the next maintenance.
    await t.maintenance();
    expect(await shown('CA')).not.toContain(cutting);
    for (const state of STATES)
      expect((await listIds(`shipsTo=${state}`)).ids, state).toEqual(allowedIds(state));
    const [row] = await t.database.db
      .select({ on: users.shippingComputedOn })
      .from(users)
      .where(eq(users.id, seller.id));
    expect(row?.on).toBe('2026-11-26');
    // Nothing more to pick up the next time.
    const stamp = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from users where shipping_computed_on = '2026-11-26'`,
        )
      )[0]?.n;
    const stamped = await stamp();
    await t.maintenance();
    expect(await stamp()).toBe(stamped);
  });

  it('recomputes every listing at start-up when the rules changed, and only then', async () => {
    const [state] = await queryRows<{ hash: string }>(
      t.database.db,
      sql`select rules_hash as hash from shipping_rules_state`,
    );
    expect(state?.hash).toBe(rulesFingerprint());
    // A deploy whose rules differ from those the arrays were computed with (here: arrays emptied, old fingerprint).
    await t.database.db.execute(sql`update products set blocked_to = '{}'`);
    await t.startUp();
    // The same fingerprint: nothing recomputed, so every listing still shows everywhere.
    const everything = (await listIds('')).ids;
    expect(await shown('HI')).toEqual(everything);
    await t.database.db.execute(sql`update shipping_rules_state set rules_hash = 'older rules'`);
    await t.startUp();
    for (const state of STATES)
      expect((await listIds(`shipsTo=${state}`)).ids, state).toEqual(allowedIds(state));
    const [after] = await queryRows<{ hash: string }>(
      t.database.db,
      sql`select rules_hash as hash from shipping_rules_state`,
    );
    expect(after?.hash).toBe(rulesFingerprint());
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'is safe when two instances start at once on one PostgreSQL',
    async () => {
      const second = await connect({ databaseUrl: t.database.url as string, maxConnections: 4 });
      const other = await buildApp({ database: second, config: t.config, today: () => today });
      try {
        await t.database.db.execute(sql`update products set blocked_to = '{}'`);
        await t.database.db.execute(sql`update shipping_rules_state set rules_hash = 'older rules'`);
        await Promise.all([t.startUp(), other.startUp(), t.startUp()]);
        for (const state of STATES)
          expect((await listIds(`shipsTo=${state}`)).ids, state).toEqual(allowedIds(state));
        const rows = await queryRows<{ hash: string }>(
          t.database.db,
          sql`select rules_hash as hash from shipping_rules_state`,
        );
        expect(rows.map((r) => r.hash)).toEqual([rulesFingerprint()]);
        // The summaries agree with the listings after both walked them.
        expect(await blockedCounts('summary')).toEqual(await blockedCounts('products'));
      } finally {
        await other.server.close();
        await second.close();
      }
    },
  );
});
