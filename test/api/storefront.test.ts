import type { CatalogFacets, Product, Storefront } from '@domain/catalog/responses';
import { DEFAULT_RATES, ratesInDollars } from '@domain/shipping';
import type { SellerProfile } from '@domain/shipping/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../server/src/db/schema';
import { Client, createTestApp, shippingDay, type TestApp, uniqueUsername } from '../support/app';
import { createListing, placeOrder, signUpBuyer, signUpNursery } from '../support/fixtures';

// Storefronts (docs/decisions/0024-storefronts.md): the shop name, GET /api/sellers/:username, and the catalog's
// calls scoped to one seller (?seller=<username>).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TAKEN = 'Another nursery already has this shop name: choose another';

/** A nursery in Homestead, Florida (which its storefront shows), with a shop name given at sign-up. */
const nursery = (businessName?: string, profile: Record<string, unknown> = {}) =>
  signUpNursery(t, { location: 'Homestead, Florida', businessName, profile });

const shopName = (prefix: string) => `${prefix} ${uniqueUsername('n')}`;

describe('a shop name', () => {
  it('is chosen at sign-up, shown on the listings and the storefront, with the username kept for links', async () => {
    const name = shopName('Sunshine Pitaya Nursery');
    const { client, username } = await nursery(name);
    const listing = await createListing(client);
    expect(listing.seller).toMatchObject({ username, name, location: 'Homestead, Florida' });
    const read = await new Client(t.server).get<Product>(`/api/products/${listing.id}`);
    expect(read.body.seller.name).toBe(name);
    const profile = await client.get<SellerProfile>('/api/seller/profile');
    expect(profile.body).toMatchObject({ businessName: name, location: 'Homestead, Florida' });
  });

  it('falls back to the username while a nursery has none, and a buyer’s sign-up ignores one', async () => {
    const { client, username } = await nursery();
    expect((await createListing(client)).seller.name).toBe(username);
    const name = shopName('Buyer Shop');
    const user = await signUpBuyer(t, { businessName: name });
    const [row] = await t.database.db
      .select({ businessName: users.businessName })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.businessName).toBeNull();
    // So the name stays free for a nursery.
    await nursery(name);
  });

  it('is unique whatever its case: 409 on the field at sign-up and in the profile, nothing written', async () => {
    const name = shopName('Redland Pitaya Farm');
    await nursery(name);
    const username = uniqueUsername('seller');
    const signUp = await new Client(t.server).post<{ message: string; errors: Record<string, string> }>(
      '/api/auth/register',
      {
        username,
        email: `${username}@example.com`,
        password: 'correct horse battery',
        isSeller: true,
        businessName: `  ${name.toUpperCase()} `,
      },
    );
    expect(signUp.status).toBe(409);
    expect(signUp.body).toEqual({ message: TAKEN, errors: { businessName: TAKEN } });
    const [none] = await t.database.db.select().from(users).where(eq(users.username, username));
    expect(none).toBeUndefined();

    const other = await nursery(shopName('Other'));
    const before = await other.client.get<SellerProfile>('/api/seller/profile');
    const saved = await other.client.put<{ message: string; errors: Record<string, string> }>(
      '/api/seller/profile',
      { shipFromState: 'CA', businessName: name.toLowerCase(), location: 'Fallbrook, California' },
    );
    expect(saved.status).toBe(409);
    expect(saved.body.errors).toEqual({ businessName: TAKEN });
    expect((await other.client.get<SellerProfile>('/api/seller/profile')).body).toEqual(before.body);
    // Its own name, saved again in another case, is its own.
    const own = await other.client.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      businessName: before.body.businessName?.toUpperCase(),
    });
    expect(own.status).toBe(200);
  });

  it('goes to one of two nurseries saving it at once, the other gets a 409, never a 500', async () => {
    const name = shopName('Kissimmee Pitaya Grove');
    const a = await nursery();
    const b = await nursery();
    const results = await Promise.all(
      [a, b].map((s) => s.client.put('/api/seller/profile', { shipFromState: 'FL', businessName: name })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body).toEqual({
      message: TAKEN,
      errors: { businessName: TAKEN },
    });
    const holders = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.businessName, name));
    expect(holders).toHaveLength(1);
  });

  it('goes to one of two nurseries signing up with it at once, the other gets a 409 on the field', async () => {
    const name = shopName('Gulf Coast Dragonfruit');
    const results = await Promise.all(
      [uniqueUsername('seller'), uniqueUsername('seller')].map((username) =>
        new Client(t.server).post('/api/auth/register', {
          username,
          email: `${username}@example.com`,
          password: 'correct horse battery',
          isSeller: true,
          businessName: name,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body).toEqual({
      message: TAKEN,
      errors: { businessName: TAKEN },
    });
    const holders = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.businessName, name));
    expect(holders).toHaveLength(1);
  });

  it('keeps the name, location and bio when a profile is saved without them, and clears them when blank', async () => {
    const name = shopName('Keep');
    const { client } = await nursery(name);
    await client.put('/api/seller/profile', { shipFromState: 'FL', bio: 'Grafted plants since 2012.' });
    await client.put('/api/seller/profile', { shipFromState: 'FL' });
    expect((await client.get<SellerProfile>('/api/seller/profile')).body).toMatchObject({
      location: 'Homestead, Florida',
      bio: 'Grafted plants since 2012.',
      businessName: name,
    });
    await client.put('/api/seller/profile', {
      shipFromState: 'FL',
      businessName: null,
      location: ' ',
      bio: '',
    });
    expect((await client.get<SellerProfile>('/api/seller/profile')).body).toMatchObject({
      businessName: null,
      location: null,
      bio: null,
    });
  });

  it('takes $&, </script> and quotes as text, and refuses NUL and text direction controls', async () => {
    const { client } = await nursery();
    const odd = `</script><b>"$&" ${uniqueUsername('x')}`;
    const ok = await client.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      businessName: odd,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.businessName).toBe(odd);
    for (const bad of ['Nul\u0000Farm', 'Evil\u202eFarm']) {
      const res = await client.put<{ errors: Record<string, string> }>('/api/seller/profile', {
        shipFromState: 'FL',
        businessName: bad,
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['businessName']);
    }
    for (const field of ['location', 'bio']) {
      const res = await client.put<{ errors: Record<string, string> }>('/api/seller/profile', {
        shipFromState: 'FL',
        [field]: 'Homestead\u0000',
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    const long = await client.put<{ errors: Record<string, string> }>('/api/seller/profile', {
      shipFromState: 'FL',
      businessName: 'x'.repeat(101),
    });
    expect(long.body.errors).toEqual({ businessName: 'Shop name must be at most 100 characters' });
  });
});

describe('GET /api/sellers/:username', () => {
  it('answers the storefront: profile, certificates valid today, rating, listings for sale, shipping policy', async () => {
    const name = shopName('Tampa Bay Cactus Co.');
    const { client, username, id } = await nursery(name, {
      licence: 'FL-NUR-1234',
      handlingDays: 4,
      blockedStates: ['HI', 'AK'],
      shipDays: ['thu', 'mon'],
      // Away until today, taking orders meanwhile: still away, so shown.
      holiday: { until: shippingDay(0), takeOrders: true },
      bio: 'Family nursery growing 40 varieties.',
      certificates: [{ kind: 'ca-nematode', number: 'CA-1', expiresOn: shippingDay(100) }],
    });
    const [a, b, c] = [await createListing(client), await createListing(client), await createListing(client)];
    // An expired certificate is not shown (written straight, as the profile refuses one).
    await t.database.db.execute(
      `insert into seller_certificates (seller_id, kind, number, expires_on)
       values (${id}, 'az-nursery-inspection', 'AZ-9', date '2020-01-01')`,
    );
    // Ratings from buyers' reviews, an archived listing's included; the archived listing is not for sale.
    for (const [listing, stars] of [
      [a, 5],
      [b, 4],
      [c, 2],
    ] as const) {
      const { buyer } = await placeOrder(t, [listing]);
      expect((await buyer.post(`/api/products/${listing.id}/reviews`, { rating: stars })).status).toBe(201);
    }
    expect((await client.delete(`/api/products/${c.id}`)).status).toBe(200);

    const res = await new Client(t.server).get<Storefront>(`/api/sellers/${username.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      username,
      name,
      location: 'Homestead, Florida',
      bio: 'Family nursery growing 40 varieties.',
      memberSince: expect.any(String),
      rating: { average: 3.7, count: 3 },
      listings: 2,
      licence: 'FL-NUR-1234',
      certificates: [
        {
          kind: 'ca-nematode',
          label: 'California nematode quarantine compliance',
          expiresOn: shippingDay(100),
        },
      ],
      shipping: {
        shipFromState: 'FL',
        handlingDays: 4,
        blockedStates: ['AK', 'HI'],
        shipDays: ['mon', 'thu'],
        holiday: { until: shippingDay(0), takeOrders: true },
        // A new nursery's rates: $12.99 a shipment, never free.
        rates: ratesInDollars(DEFAULT_RATES),
      },
    });
    // A holiday whose last day has passed is over: the storefront shows none.
    await t.database.db
      .update(users)
      .set({ holidayUntil: shippingDay(-1) })
      .where(eq(users.id, id));
    expect(
      (await new Client(t.server).get<Storefront>(`/api/sellers/${username}`)).body.shipping.holiday,
    ).toBeNull();
  });

  it('is a 404 for an unknown username, a buyer, and anything odd in the path', async () => {
    const user = await signUpBuyer(t);
    const visitor = new Client(t.server);
    for (const path of [
      `/api/sellers/${uniqueUsername('nobody')}`,
      `/api/sellers/${user.username}`,
      `/api/sellers/${encodeURIComponent("x' or 1=1 --")}`,
      `/api/sellers/${encodeURIComponent('</script>$&')}`,
      '/api/sellers/%00',
      '/api/sellers/a%00b',
      `/api/sellers/${'a'.repeat(100)}`,
    ]) {
      const res = await visitor.get<{ message: string }>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Seller not found');
    }
    // Past the longest path parameter the server takes.
    expect((await visitor.get(`/api/sellers/${'a'.repeat(300)}`)).status).toBe(414);
  });
});

describe('the catalog scoped to a seller', () => {
  it('lists one nursery’s listings with the marketplace’s filters, sort, pages and facets', async () => {
    const { client, username } = await nursery(shopName('Scoped'));
    const other = await nursery(shopName('Other scoped'));
    const cuttings = [await createListing(client, { price: 10 }), await createListing(client, { price: 30 })];
    const seed = await createListing(client, {
      form: 'seed',
      cuttingSize: null,
      price: 3,
      variety: 'Physical Graffiti',
    });
    const archived = await createListing(client);
    await client.delete(`/api/products/${archived.id}`);
    await createListing(other.client);

    const visitor = new Client(t.server);
    const all = await visitor.get<Product[]>(`/api/products?seller=${username}&sort=price-low-high`);
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.body.map((p) => p.id)).toEqual([seed.id, cuttings[0]?.id, cuttings[1]?.id]);

    const filtered = await visitor.get<Product[]>(
      `/api/products?seller=${username}&form=cutting&minPrice=20`,
    );
    expect(filtered.body.map((p) => p.id)).toEqual([cuttings[1]?.id]);
    expect(filtered.headers['x-total-count']).toBe('1');

    const paged = await visitor.get<Product[]>(
      `/api/products?seller=${username}&limit=2&page=2&sort=price-low-high`,
    );
    expect(paged.body.map((p) => p.id)).toEqual([cuttings[1]?.id]);

    const searched = await visitor.get<Product[]>(
      `/api/products?seller=${username}&search=${encodeURIComponent('Physical Graffiti')}`,
    );
    expect(searched.body.map((p) => p.id)).toEqual([seed.id]);

    const facets = await visitor.get<CatalogFacets>(`/api/products/facets?seller=${username}`);
    expect(facets.status).toBe(200);
    expect(facets.body.form).toMatchObject({ cutting: 2, seed: 1, rooted: 0 });
    expect(facets.body.price).toEqual({ min: 3, max: 30 });
    const narrowed = await visitor.get<CatalogFacets>(`/api/products/facets?seller=${username}&form=seed`);
    expect(narrowed.body.variety['Physical Graffiti']).toBe(1);
    expect(narrowed.body.variety['Sugar Dragon']).toBe(0);
  });

  it('answers 404 for a seller that does not exist, and 400 for a seller parameter no username can be', async () => {
    const visitor = new Client(t.server);
    for (const path of ['/api/products', '/api/products/facets']) {
      const res = await visitor.get<{ message: string }>(`${path}?seller=${uniqueUsername('ghost')}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Seller not found');
      // A NUL cannot be in any username (nor in PostgreSQL's text): not a seller, never a failed query.
      const nul = await visitor.get<{ message: string }>(`${path}?seller=a%00b`);
      expect(nul.status).toBe(404);
      expect(nul.body.message).toBe('Seller not found');
      const long = await visitor.get<{ message: string }>(`${path}?seller=${'a'.repeat(101)}`);
      expect(long.status).toBe(400);
    }
  });

  it('shows a listing sold since in the seller’s count at once (no summary to lag)', async () => {
    const { client, username } = await nursery(shopName('Fresh'));
    const listing = await createListing(client, { quantity: 1 });
    const count = async () =>
      (await new Client(t.server).get<Product[]>(`/api/products?seller=${username}&inStock=true`)).headers[
        'x-total-count'
      ];
    expect(await count()).toBe('1');
    await t.database.db.update(products).set({ inStock: false }).where(eq(products.id, listing.id));
    expect(await count()).toBe('0');
  });
});
