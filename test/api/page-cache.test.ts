import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Product } from '@domain/catalog/responses';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { connect } from '../../server/src/db/connect';
import { users } from '../../server/src/db/schema';
import { PRIVATE_NO_STORE } from '../../server/src/plugins/session';
import { Client, createTestApp, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import {
  createListing,
  type ListingBody,
  listingInput,
  signUpBuyer,
  signUpNursery,
} from '../support/fixtures';

// The visitors' page cache (docs/decisions/0025-page-cache.md). The server renderer here is a small stand-in for
// dist/ssr/entry-server.js with the same contract: it asks the real API in-process for what a page shows and
// writes the answers into the HTML, counts its renders, and can be held open between two of its API requests.
const RENDERER = `
const hooks = () => (globalThis.__pageCacheTest ??= { renders: 0 });
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
async function json(api, url) {
  const res = await api(url, {});
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}
export async function render({ url, mayHaveSession, zip, origin, api }) {
  const h = hooks();
  h.renders++;
  const [path, query = ''] = url.split('?', 2);
  if (path === '/guarded') return null;
  if (path === '/redirect') return { status: 200, redirectTo: '/', title: 'Away', html: '', state: {} };
  const data = {};
  if (mayHaveSession) data.me = await json(api, '/api/auth/me');
  let status = 200;
  const product = /^\\/product\\/(\\d+)$/.exec(path);
  if (product) {
    const detail = await json(api, '/api/products/' + product[1]);
    if (detail.status !== 200) return null;
    data.product = detail.body;
    if (h.during) await h.during(url);
    data.related = (await json(api, '/api/products/' + product[1] + '/related')).body;
  } else if (path === '/marketplace') {
    let shipsTo = '';
    if (zip) {
      const place = await json(api, '/api/zips/' + zip);
      if (place.status === 200) shipsTo = '&shipsTo=' + place.body.state;
    }
    data.list = (await json(api, '/api/products?limit=3&' + query + shipsTo)).body;
  } else if (path.startsWith('/sellers/')) {
    const store = await json(api, '/api/sellers/' + path.slice('/sellers/'.length));
    if (store.status === 200) data.storefront = store.body;
    else status = 404;
  } else if (path.startsWith('/test/')) {
    data.test = await json(api, '/api' + path);
  } else if (path !== '/') status = 404;
  // Padding that compresses about as badly as text does not (pages are kept compressed), different per page.
  const pad = Number(new URLSearchParams(query).get('pad') ?? 0);
  let x = url.length;
  let padding = '';
  for (let i = 0; i < pad; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    padding += String.fromCharCode(97 + ((x >>> 16) % 26));
  }
  return {
    status,
    title: 'Page ' + path,
    html: '<main>' + escape(JSON.stringify({ url, zip, origin, data })) + '</main>' + padding,
    state: { url },
  };
}
`;

interface Hooks {
  renders: number;
  during?: (url: string) => Promise<void>;
}
const hooks = (): Hooks => {
  const g = globalThis as { __pageCacheTest?: Hooks };
  g.__pageCacheTest ??= { renders: 0 };
  return g.__pageCacheTest;
};

const dir = mkdtempSync(path.join(tmpdir(), 'page-cache-'));
mkdirSync(path.join(dir, 'client'));
mkdirSync(path.join(dir, 'ssr'));
writeFileSync(
  path.join(dir, 'client', 'index.html'),
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(dir, 'ssr', 'entry-server.js'), RENDERER);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An app over a fresh database with the stand-in renderer, and two test routes its pages may ask for. */
function pageApp(env: Record<string, string> = {}) {
  return createTestApp(env, {
    configure: (config) => {
      config.clientDir = path.join(dir, 'client');
    },
    addRoutes: (server) => {
      server.get('/api/test/cookie', { config: { access: 'public' }, schema: { hide: true } }, (_, reply) =>
        reply.header('set-cookie', 'seen=1; Path=/').send({ ok: true }),
      );
      server.get('/api/test/nostore', { config: { access: 'public' }, schema: { hide: true } }, (_, reply) =>
        reply.header('cache-control', 'no-store').send({ ok: true }),
      );
    },
  });
}

/** Waits until `done` holds (a notification is delivered a moment after its commit, on another connection). */
async function waitFor(done: () => boolean, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** This file's listing (a sellerId of its own, which the API ignores). */
const LISTING = listingInput({
  title: 'Sugar Dragon 12" Cutting',
  pollination: 'self',
  organic: true,
  quantity: 5,
  price: 12.5,
  sellerId: 0,
});

/** The data the stand-in renderer wrote into a page. */
function shown(html: string): {
  url: string;
  zip: string | null;
  origin: string;
  data: {
    product?: Product;
    me?: { status: number; body: { username?: string } };
    storefront?: { username: string; name: string };
  };
} {
  const text = /<main>(.*?)<\/main>/s.exec(html)?.[1] ?? '';
  return JSON.parse(text.replace(/&lt;/g, '<').replace(/&amp;/g, '&'));
}

describe('the visitors page cache', () => {
  let t: TestApp;
  let seller: Client;
  beforeAll(async () => {
    t = await pageApp();
    seller = (await signUpNursery(t, { location: 'Homestead, Florida' })).client;
    // The seller's sign-up and profile notified: heard before the tests count renders (listening, the sign-up, then
    // the profile).
    await waitFor(() => cache().stats.invalidations >= 3, 'the profile notification');
  });
  afterAll(async () => {
    await t?.close();
  });
  const cache = () => {
    if (!t.pageCache) throw new Error('no page cache');
    return t.pageCache;
  };

  const notify = () => t.database.db.execute(sql`select pg_notify('catalog_changed', '')`);

  /**
   * Runs a change and waits until the cache has heard of it: its notification, and one the test sends after it (an
   * instance hears the notifications in the order their transactions committed), so that no notification of the
   * change is still on its way when the test goes on.
   */
  async function change<T>(write: () => Promise<T>): Promise<T> {
    const before = cache().stats.invalidations;
    const result = await write();
    await notify();
    await waitFor(() => cache().stats.invalidations >= before + 2, 'the change notification');
    return result;
  }

  /**
   * A new listing of the seller's, once the cache has heard of it: on PostgreSQL the notification arrives a moment
   * after the answer, and would otherwise empty the cache in the middle of a test counting renders.
   */
  function listing(overrides: ListingBody = {}): Promise<Product> {
    return change(() => createListing(seller, { ...LISTING, ...overrides }));
  }

  const visitor = () => new Client(t.server);

  it('renders a visitor page once and serves it again from the cache, with the same headers', async () => {
    const product = await listing();
    const url = `/product/${product.id}`;
    const renders = hooks().renders;
    const first = await visitor().get(url);
    const second = await visitor().get(url);
    expect(hooks().renders).toBe(renders + 1);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    }
    expect(second.body).toBe(first.body);
    expect(shown(String(second.body)).data.product?.price).toBe(12.5);

    // Compressed as asked, made once and kept: brotli, gzip, or none.
    const br = await visitor().get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.raw.rawPayload).toString()).toBe(first.body);
    const gz = await visitor().get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.raw.rawPayload).toString()).toBe(first.body);
    expect(
      (await visitor().get(url, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding'],
    ).toBe('gzip');
    expect(hooks().renders).toBe(renders + 1);

    // A browser that has the page is told so.
    const again = await visitor().get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await visitor().get(url, { 'if-none-match': '"other"' })).status).toBe(200);
    expect(cache().stats.hits).toBeGreaterThanOrEqual(5);
  });

  it('neither serves nor keeps a page for a signed-in browser, nor for one with the signed_in hint', async () => {
    const product = await listing();
    const url = `/product/${product.id}`;
    // A sign-up notifies (a storefront's address may become a page): heard before the page is kept.
    const { client, username } = await change(() => signUpBuyer(t));
    await visitor().get(url);
    const renders = hooks().renders;
    const stored = cache().stats.stored;
    const mine = await client.get(url);
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe(PRIVATE_NO_STORE);
    expect(mine.headers.etag).toBeUndefined();
    expect(shown(String(mine.body)).data.me?.body.username).toBe(username);
    await client.get(url);
    expect(hooks().renders).toBe(renders + 2);
    for (let i = 0; i < 2; i++) {
      const hinted = visitor();
      hinted.cookies.set('signed_in', '1');
      await hinted.get(url);
    }
    expect(hooks().renders).toBe(renders + 4);
    expect(cache().stats.stored).toBe(stored);
    // And the visitors' page is still the visitors'.
    const theirs = await visitor().get(url);
    expect(shown(String(theirs.body)).data.me).toBeUndefined();
    expect(hooks().renders).toBe(renders + 4);
  });

  it('shows a price changed through the API on the next visitor page', async () => {
    const product = await listing();
    const url = `/product/${product.id}`;
    expect(shown(String((await visitor().get(url)).body)).data.product?.price).toBe(12.5);
    await change(() => seller.put(`/api/products/${product.id}`, { ...LISTING, price: 19.75 }));
    expect(shown(String((await visitor().get(url)).body)).data.product?.price).toBe(19.75);
  });

  it('shows the stock a checkout took, and a review, on the next visitor page', async () => {
    const product = await listing({ quantity: 3 });
    const url = `/product/${product.id}`;
    expect(shown(String((await visitor().get(url)).body)).data.product?.quantity).toBe(3);
    const buyer = await signUpBuyer(t);
    await buyer.client.post('/api/cart', { productId: product.id, quantity: 1 });
    await change(async () => expect((await buyer.client.post('/api/orders', {})).status).toBe(201));
    const after = shown(String((await visitor().get(url)).body)).data.product;
    expect(after?.quantity).toBe(2);
    expect(after?.unitsSold).toBe(1);
    await change(async () =>
      expect((await buyer.client.post(`/api/products/${product.id}/reviews`, { rating: 4 })).status).toBe(
        201,
      ),
    );
    expect(shown(String((await visitor().get(url)).body)).data.product?.rating).toEqual({
      average: 4,
      count: 1,
    });
  });

  it("shows a change of the seller's profile, and of a seller written by another hand, on the next page", async () => {
    const own = await signUpNursery(t, { location: 'Homestead, Florida', listing: LISTING });
    const url = `/product/${own.listing.id}`;
    expect(shown(String((await visitor().get(url)).body)).data.product?.blockedTo).not.toContain('NY');
    await change(() =>
      own.client.put('/api/seller/profile', {
        shipFromState: 'FL',
        paymentInstructions: 'Zelle to payments@nursery.example.com, with your order number.',
        blockedStates: ['NY'],
      }),
    );
    expect(shown(String((await visitor().get(url)).body)).data.product?.blockedTo).toContain('NY');
    // A write that no service made (psql, a job, the other instance's code): the trigger still tells.
    await change(() =>
      t.database.db.update(users).set({ location: 'Key West, Florida' }).where(eq(users.id, own.id)),
    );
    expect(shown(String((await visitor().get(url)).body)).data.product?.seller.location).toBe(
      'Key West, Florida',
    );
  });

  it('shows a nursery taking orders on the next page once it says how buyers pay it (issue 35)', async () => {
    // Its sign-up and its profile notify (two transactions), then the test's own: all heard before it goes on.
    const heard = cache().stats.invalidations;
    const own = await signUpNursery(t, { profile: { paymentInstructions: null } });
    await notify();
    await waitFor(() => cache().stats.invalidations >= heard + 3, 'the sign-up notifications');
    const created = await change(() => createListing(own.client, LISTING));
    const url = `/product/${created.id}`;
    expect(shown(String((await visitor().get(url)).body)).data.product?.seller.takingOrders).toBe(false);
    // Kept: the same page again is not rendered again.
    const renders = hooks().renders;
    await visitor().get(url);
    expect(hooks().renders).toBe(renders);
    await change(() =>
      own.client.put('/api/seller/profile', {
        shipFromState: 'FL',
        paymentInstructions: 'Zelle to payments@nursery.example.com, with your order number.',
      }),
    );
    expect(shown(String((await visitor().get(url)).body)).data.product?.seller.takingOrders).toBe(true);
  });

  it("keeps a storefront's 404 until its nursery signs up, then shows the storefront", async () => {
    const username = `late_nursery_${Date.now().toString(36)}`;
    const url = `/sellers/${username}`;
    expect((await visitor().get(url)).status).toBe(404);
    const renders = hooks().renders;
    expect((await visitor().get(url)).status).toBe(404);
    expect(hooks().renders).toBe(renders);
    // The sign-up alone (no profile saved after it, which would notify too): its insert is what tells.
    await change(() => signUpNursery(t, { username, businessName: `Late ${username}`, profile: false }));
    const page = await visitor().get(url);
    expect(page.status).toBe(200);
    expect(shown(String(page.body)).data.storefront?.name).toBe(`Late ${username}`);
  });

  it('does not keep a render that a change committed during, and the next request shows the change', async () => {
    const product = await listing();
    const url = `/product/${product.id}`;
    const stored = cache().stats.stored;
    hooks().during = async () => {
      hooks().during = undefined;
      // The listing has been read; its price changes and commits before the render ends.
      await change(() => seller.put(`/api/products/${product.id}`, { ...LISTING, price: 30 }));
    };
    const during = await visitor().get(url);
    expect(shown(String(during.body)).data.product?.price).toBe(12.5);
    expect(cache().stats.stored).toBe(stored);
    const renders = hooks().renders;
    const next = await visitor().get(url);
    expect(hooks().renders).toBe(renders + 1);
    expect(shown(String(next.body)).data.product?.price).toBe(30);
    await visitor().get(url);
    expect(hooks().renders).toBe(renders + 1);
  });

  it('renders a page once for requests that arrive while it renders', async () => {
    const product = await listing();
    const url = `/product/${product.id}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    hooks().during = async () => {
      hooks().during = undefined;
      entered();
      await held;
    };
    const renders = hooks().renders;
    const first = visitor().get(url);
    await inside;
    const others = [visitor().get(url), visitor().get(url)];
    release();
    const pages = await Promise.all([first, ...others]);
    expect(hooks().renders).toBe(renders + 1);
    expect(new Set(pages.map((p) => p.body)).size).toBe(1);
  });

  it('keys a page by its query string, the ZIP code cookie and the origin', async () => {
    const product = await listing();
    const url = `/product/${product.id}`;
    const renders = hooks().renders;
    await visitor().get(`${url}?a=1`);
    await visitor().get(`${url}?a=2`);
    expect(hooks().renders).toBe(renders + 2);
    const zipped = visitor();
    zipped.cookies.set('ship_zip', '33132');
    const withZip = await zipped.get(url);
    expect(shown(String(withZip.body)).zip).toBe('33132');
    expect(hooks().renders).toBe(renders + 3);
    const other = visitor();
    other.cookies.set('ship_zip', '90210');
    expect(shown(String((await other.get(url)).body)).zip).toBe('90210');
    const elsewhere = await visitor().get(url, { host: 'shop.example.com' });
    expect(shown(String(elsewhere.body)).origin).toBe('http://shop.example.com');
    expect(hooks().renders).toBe(renders + 5);
    // Each again: all kept. A ZIP code cookie that is not one renders as none.
    await visitor().get(`${url}?a=1`);
    await visitor().get(`${url}?a=2`);
    await zipped.get(url);
    await other.get(url);
    await visitor().get(url, { host: 'shop.example.com' });
    const plain = await visitor().get(url);
    const junk = visitor();
    junk.cookies.set('ship_zip', 'abc');
    expect((await junk.get(url)).body).toBe(plain.body);
    expect(hooks().renders).toBe(renders + 6);
  });

  it('keeps no redirect, no page the browser renders, no page with a cookie, and no counted search', async () => {
    const renders = hooks().renders;
    const stored = cache().stats.stored;
    for (let i = 0; i < 2; i++) {
      expect((await visitor().get('/redirect')).status).toBe(302);
      const guarded = await visitor().get('/guarded');
      expect(guarded.status).toBe(200);
      expect(String(guarded.body)).toContain('<div id="root"></div>');
      expect((await visitor().get('/product/999999999')).status).toBe(200);
      const cookie = await visitor().get('/test/cookie');
      expect(cookie.headers['set-cookie']).toEqual(['seen=1; Path=/']);
      expect((await visitor().get('/test/nostore')).status).toBe(200);
      // The marketplace of a visitor whose state is known counts a search for it (the sellers' missed buyers).
      const zipped = visitor();
      zipped.cookies.set('ship_zip', '90210');
      expect((await zipped.get('/marketplace')).status).toBe(200);
    }
    expect(hooks().renders).toBe(renders + 12);
    expect(cache().stats.stored).toBe(stored);
    // Without a state, the marketplace is kept; so is a not-found page, with its status.
    await visitor().get('/marketplace?sort=newest');
    await visitor().get('/marketplace?sort=newest');
    expect((await visitor().get('/nowhere')).status).toBe(404);
    const missing = await visitor().get('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(hooks().renders).toBe(renders + 14);
  });

  it('serves hostile addresses like any other, each under its own key', async () => {
    const product = await listing();
    const urls = [
      `/product/${product.id}?q=$&$'$\`$1`,
      `/product/${product.id}?q=</script><script>alert(1)</script>`,
      '/nowhere?q=%00%3C%2Fscript%3E',
      `/?q=${'a'.repeat(8000)}`,
      '/nowhere/%E2%80%AE%F0%9F%90%89?x=%FF',
    ];
    for (const url of urls) {
      const renders = hooks().renders;
      const first = await visitor().get(url);
      const second = await visitor().get(url);
      expect(hooks().renders, url).toBe(renders + 1);
      expect(second.status, url).toBe(first.status);
      expect(second.body, url).toBe(first.body);
      expect(String(second.body), url).not.toContain('<script>alert');
      // Into the page as it came (the test client percent-encodes what a browser would).
      expect(shown(String(second.body)).url, url).toBe(shown(String(first.body)).url);
    }
    expect(shown(String((await visitor().get(urls[0] as string)).body)).url).toContain('q=$&$%27$`$1');
  });

  it('is told of a statement that changed rows only', async () => {
    const before = cache().stats.invalidations;
    // Statements that change no row, on every table the pages show, then two notifications of the test's own. Each
    // instance hears the notifications in the order their transactions committed: once the test's own are heard,
    // any the statements sent would have been too.
    for (const table of ['products', 'product_photos', 'reviews', 'seller_certificates'])
      await t.database.db.execute(sql.raw(`delete from ${table} where false`));
    await t.database.db.execute(sql`update users set location = location where false`);
    await t.database.db.execute(sql`update products set title = title where false`);
    await t.database.db.execute(sql`insert into reviews select * from reviews where false`);
    await notify();
    await notify();
    await waitFor(() => cache().stats.invalidations >= before + 2, 'the test notifications');
    expect(cache().stats.invalidations).toBe(before + 2);
  });

  it('stops serving while the notifications cannot be heard, and starts empty again', async () => {
    const product = await listing();
    const url = `/product/${product.id}`;
    await visitor().get(url);
    const renders = hooks().renders;
    cache().setListening(false);
    try {
      await visitor().get(url);
      await visitor().get(url);
      expect(hooks().renders).toBe(renders + 2);
    } finally {
      cache().setListening(true);
    }
    await visitor().get(url);
    await visitor().get(url);
    expect(hooks().renders).toBe(renders + 3);
  });

  describe.runIf(testDatabaseKind() === 'postgres')('on PostgreSQL', () => {
    it('hears a change another instance commits, on its own connection', async () => {
      const product = await listing();
      const url = `/product/${product.id}`;
      await visitor().get(url);
      const other = postgres(t.database.url as string, { max: 1, onnotice: () => {} });
      try {
        await change(() => other`update products set price_cents = 4321 where id = ${product.id}`);
      } finally {
        await other.end();
      }
      expect(shown(String((await visitor().get(url)).body)).data.product?.price).toBe(43.21);
    });

    it("empties another instance's cache when a listing changes through this one", async () => {
      const secondDb = await connect({ databaseUrl: t.database.url, maxConnections: 2 });
      const other = await buildApp({ database: secondDb, config: t.config });
      try {
        await other.server.ready();
        const theirs = other.pageCache;
        if (!theirs) throw new Error('no page cache on the other instance');
        const heard = theirs.stats.invalidations;
        const product = await listing();
        // The other instance too has heard the listing's notification, and the test's own after it.
        await waitFor(() => theirs.stats.invalidations >= heard + 2, "the other instance's notifications");
        const url = `/product/${product.id}`;
        const visitorThere = new Client(other.server);
        expect(shown(String((await visitorThere.get(url)).body)).data.product?.price).toBe(12.5);
        await visitorThere.get(url);
        expect(theirs.stats.hits).toBe(1);
        const before = theirs.stats.invalidations;
        await change(() => seller.put(`/api/products/${product.id}`, { ...LISTING, price: 15 }));
        await waitFor(() => theirs.stats.invalidations > before, "the other instance's notification");
        expect(shown(String((await visitorThere.get(url)).body)).data.product?.price).toBe(15);
      } finally {
        await other.server.close();
        await secondDb.close();
      }
    });

    it('listens again when its connection is lost, and empties the cache meanwhile', async () => {
      const product = await listing();
      const url = `/product/${product.id}`;
      await visitor().get(url);
      const before = cache().stats.invalidations;
      const admin = postgres(t.database.url as string, { max: 1, onnotice: () => {} });
      try {
        const killed = await admin`
          select pg_terminate_backend(pid) as done from pg_stat_activity
          where datname = current_database() and query = 'listen "catalog_changed"'`;
        expect(killed.length).toBe(1);
        // Lost (the cache stops serving and empties), then listening again (emptied once more).
        await waitFor(() => cache().stats.invalidations >= before + 2, 'listening again');
        const renders = hooks().renders;
        await visitor().get(url);
        expect(hooks().renders).toBe(renders + 1);
        await change(() => admin`update products set price_cents = 2222 where id = ${product.id}`);
      } finally {
        await admin.end();
      }
      expect(shown(String((await visitor().get(url)).body)).data.product?.price).toBe(22.22);
    });
  });
});

describe('the bound of the visitors page cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await pageApp({ PAGE_CACHE_MB: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps within PAGE_CACHE_MB, the least recently used pages dropped first', async () => {
    const cache = t.pageCache;
    if (!cache) throw new Error('no page cache');
    expect(cache.maxBytes).toBe(1024 * 1024);
    const visitor = new Client(t.server);
    const url = (i: number) => `/nowhere?pad=20000&i=${i}`;
    for (let i = 0; i < 120; i++) {
      await visitor.get(url(i), { 'accept-encoding': i % 2 ? 'br' : 'gzip' });
      expect(cache.size).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.count).toBeGreaterThan(10);
    expect(cache.count).toBeLessThan(120);
    expect(cache.stats.evicted).toBeGreaterThan(0);
    const renders = hooks().renders;
    await visitor.get(url(119));
    expect(hooks().renders, 'the last page').toBe(renders);
    await visitor.get(url(0));
    expect(hooks().renders).toBe(renders + 1);
    // A page bigger than an eighth of the bound (brotli'd) is sent, never kept.
    const stored = cache.stats.stored;
    expect((await visitor.get('/nowhere?pad=400000')).status).toBe(404);
    expect(cache.stats.stored).toBe(stored);
  });
});

describe('PAGE_CACHE_MB=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await pageApp({ PAGE_CACHE_MB: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders every page', async () => {
    expect(t.pageCache).toBeUndefined();
    const renders = hooks().renders;
    const first = await new Client(t.server).get('/');
    await new Client(t.server).get('/');
    expect(hooks().renders).toBe(renders + 2);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toBeUndefined();
  });
});
