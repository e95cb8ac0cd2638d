/**
 * What search engines are told (issue 27): robots.txt, and the sitemap index with its files, over 100,000 listings,
 * so the listings span two files of at most 50,000 URLs; archived listings are left out; and the storefronts.
 */
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import { LISTINGS_PER_SITEMAP, PUBLIC_PAGES } from '../../server/src/modules/catalog';
import { Client, createTestApp, type TestApp } from '../support/app';
import { insertSeller } from '../support/catalog';

const LISTINGS = 100_000;
const ORIGIN = 'http://localhost:80';

let t: TestApp;
let visitor: Client;
/** The ids of the visible listings, ascending. */
let visible: number[];

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);

beforeAll(async () => {
  t = await createTestApp();
  visitor = new Client(t.server);
  const seller = await insertSeller(t.database.db, 'sitemap_nursery');
  await t.database.db.execute(sql`
    insert into products (seller_id, title, description, variety, form, ships_as, quantity, price_cents, image_url)
    select ${seller}, 'Cutting ' || g, 'A cutting for the sitemap test.', 'Sugar Dragon', 'cutting',
           'unrooted-cutting', 5, 1500, '/images/products/sugar-dragon-cutting.svg'
    from generate_series(1, ${LISTINGS}) g`);
  // Every seventh listing archived (ordered once, then deleted): not in any sitemap.
  await t.database.db.execute(sql`update products set archived_at = now() where id % 7 = 0`);
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from products where archived_at is null order by id`,
  );
  visible = rows.map((r) => Number(r.id));
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('robots.txt and the sitemaps', () => {
  it('keeps crawlers out of the private pages and points them at the sitemap', async () => {
    const res = await visitor.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = String(res.body);
    for (const line of ['User-agent: *', 'Disallow: /api/', 'Disallow: /seller/', 'Disallow: /cart'])
      expect(text).toContain(line);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('indexes the pages file and one listings file per 50,000 ids, with absolute URLs', async () => {
    const res = await visitor.get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const top = visible.at(-1) as number;
    const files = Math.ceil(top / LISTINGS_PER_SITEMAP);
    expect(files).toBe(2);
    expect(locs(String(res.body))).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      ...Array.from({ length: files }, (_, i) => `${ORIGIN}/sitemap-listings-${i + 1}.xml`),
      `${ORIGIN}/sitemap-sellers-1.xml`,
    ]);
    const pages = await visitor.get('/sitemap-pages.xml');
    expect(locs(String(pages.body))).toEqual(PUBLIC_PAGES.map((p) => ORIGIN + p));
    // Each variety and each form is a page of its own (domain/catalog/topics.ts).
    expect(locs(String(pages.body))).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/marketplace?variety=Sugar%20Dragon`,
        `${ORIGIN}/marketplace?variety=Dark%20Star`,
        `${ORIGIN}/marketplace?form=cutting`,
        `${ORIGIN}/marketplace?form=mature`,
      ]),
    );
  });

  it('lists every visible listing once across its files, at most 50,000 a file, and no archived one', async () => {
    const listed: string[] = [];
    for (let n = 1; ; n++) {
      const res = await visitor.get(`/sitemap-listings-${n}.xml`);
      if (res.status === 404) break;
      expect(res.status).toBe(200);
      const urls = locs(String(res.body));
      expect(urls.length).toBeLessThanOrEqual(LISTINGS_PER_SITEMAP);
      listed.push(...urls);
    }
    expect(listed).toEqual(visible.map((id) => `${ORIGIN}/product/${id}`));
  });

  it('sends a listings file gzipped to a client that takes gzip, the same XML', async () => {
    const plain = await visitor.get('/sitemap-listings-1.xml');
    const zipped = await visitor.get('/sitemap-listings-1.xml', { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.raw.rawPayload).toString('utf8')).toBe(String(plain.body));
    expect(zipped.raw.rawPayload.length).toBeLessThan(String(plain.body).length / 5);
  });

  it('answers 404 for a file that does not exist', async () => {
    for (const url of [
      '/sitemap-listings-0.xml',
      '/sitemap-listings-99.xml',
      '/sitemap-listings-abc.xml',
      '/sitemap-sellers-0.xml',
      '/sitemap-sellers-2.xml',
    ])
      expect((await visitor.get(url)).status, url).toBe(404);
  });

  it('lists the storefronts of the nurseries with a listing for sale, their usernames escaped', async () => {
    const odd = await insertSeller(t.database.db, 'odd&<name>');
    await insertSeller(t.database.db, 'no_listings_nursery');
    await t.database.db.execute(sql`
      insert into products (seller_id, title, description, variety, form, ships_as, quantity, price_cents, image_url)
      values (${odd}, 'Odd cutting', 'A cutting.', 'Sugar Dragon', 'cutting', 'unrooted-cutting', 1, 900,
              '/images/products/sugar-dragon-cutting.svg')`);
    const res = await visitor.get('/sitemap-sellers-1.xml');
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('<loc>http://localhost:80/sellers/odd%26%3Cname%3E</loc>');
    expect(locs(String(res.body))).toEqual([
      `${ORIGIN}/sellers/sitemap_nursery`,
      `${ORIGIN}/sellers/odd%26%3Cname%3E`,
    ]);
  });
});
