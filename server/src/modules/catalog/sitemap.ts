/**
 * What search engines are told to fetch (issue 27): /robots.txt and the sitemaps. /sitemap.xml is an index of
 * /sitemap-pages.xml (the public pages that are not listings) and one /sitemap-listings-N.xml per block of
 * LISTINGS_PER_SITEMAP listing ids (the protocol's limit is 50,000 URLs a file), so a million listings make twenty
 * files and a page never counts or offsets: block N is the visible listings with ids in ((N-1)·size, N·size], read
 * by keyset in batches and streamed, so neither the database nor the server holds a whole file.
 */
import { Readable } from 'node:stream';
import { GUIDE_SLUGS } from '@domain/constants';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import { escapeMarkup } from '../../http/escape';

/** The protocol's limit of URLs in one sitemap file. */
export const LISTINGS_PER_SITEMAP = 50_000;
/** Rows read per statement while a listings file streams. */
const BATCH = 5_000;

/** The public pages besides the listings (the private ones are in robots.txt's Disallow lines). */
export const PUBLIC_PAGES = [
  '/',
  '/marketplace',
  '/guides',
  ...GUIDE_SLUGS.map((s) => `/guides/${s}`),
  '/help',
];
/** Pages a crawler has no business in: a signed-in user's own, the forms, the API. */
const PRIVATE_PATHS = [
  '/api/',
  '/cart',
  '/orders',
  '/account/',
  '/notifications',
  '/seller/',
  '/login',
  '/register',
];

const urlEntry = (loc: string) => `<url><loc>${escapeMarkup(loc)}</loc></url>\n`;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;

export class Sitemaps {
  constructor(
    private readonly db: Db,
    private readonly perFile = LISTINGS_PER_SITEMAP,
  ) {}

  robots(origin: string): string {
    return [
      'User-agent: *',
      ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
      'Allow: /',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
  }

  /** How many listings files there are: by the highest id of a visible listing (one index read). */
  async listingFiles(): Promise<number> {
    const [row] = await queryRows<{ top: number | null }>(
      this.db,
      sql`select max(id) as top from products where archived_at is null`,
    );
    return Math.max(1, Math.ceil(Number(row?.top ?? 0) / this.perFile));
  }

  async index(origin: string): Promise<string> {
    const files = ['/sitemap-pages.xml'];
    const n = await this.listingFiles();
    for (let i = 1; i <= n; i++) files.push(`/sitemap-listings-${i}.xml`);
    return (
      `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
      files.map((f) => `<sitemap><loc>${escapeMarkup(origin + f)}</loc></sitemap>\n`).join('') +
      '</sitemapindex>\n'
    );
  }

  pages(origin: string): string {
    return `${URLSET_OPEN}${PUBLIC_PAGES.map((p) => urlEntry(origin + p)).join('')}</urlset>\n`;
  }

  /** Listings file `n` (from 1) as a stream of XML; null past the last one. */
  async listings(origin: string, n: number): Promise<Readable | null> {
    if (n > (await this.listingFiles())) return null;
    const first = (n - 1) * this.perFile;
    const last = n * this.perFile;
    const db = this.db;
    async function* xml() {
      yield URLSET_OPEN;
      let after = first;
      for (;;) {
        const rows = await queryRows<{ id: number }>(
          db,
          sql`select id from products
              where id > ${after}::int and id <= ${last}::int and archived_at is null
              order by id limit ${BATCH}::int`,
        );
        if (rows.length === 0) break;
        yield rows.map((r) => urlEntry(`${origin}/product/${r.id}`)).join('');
        after = Number(rows[rows.length - 1]?.id);
        if (rows.length < BATCH) break;
      }
      yield '</urlset>\n';
    }
    return Readable.from(xml());
  }
}
