/**
 * What search engines are told to fetch (issue 27): /robots.txt and the sitemaps. /sitemap.xml is an index of
 * /sitemap-pages.xml (the public pages that are not listings or storefronts), one /sitemap-listings-N.xml per block
 * of LISTINGS_PER_SITEMAP listing ids and one /sitemap-sellers-N.xml per block of as many user ids (the protocol's limit is 50,000 URLs a file), so a million listings make twenty
 * files and a page never counts or offsets: block N is the visible listings with ids in ((N-1)·size, N·size], read
 * by keyset in batches and streamed, so neither the database nor the server holds a whole file.
 */
import { Readable } from 'node:stream';
import { CATALOG_TOPICS, topicPath } from '@domain/catalog/topics';
import { GUIDE_SLUGS } from '@domain/constants';
import { storefrontPath } from '@domain/seo';
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
  ...CATALOG_TOPICS.map(topicPath),
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

  /** How many files of a kind there are: by the highest id of a row it lists (one index read). */
  async fileCount(kind: SitemapKind): Promise<number> {
    const [row] = await queryRows<{ top: number | null }>(this.db, KINDS[kind].top);
    return Math.max(1, Math.ceil(Number(row?.top ?? 0) / this.perFile));
  }

  async index(origin: string): Promise<string> {
    const files = ['/sitemap-pages.xml'];
    for (const kind of Object.keys(KINDS) as SitemapKind[]) {
      const n = await this.fileCount(kind);
      for (let i = 1; i <= n; i++) files.push(`/sitemap-${kind}-${i}.xml`);
    }
    return (
      `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
      files.map((f) => `<sitemap><loc>${escapeMarkup(origin + f)}</loc></sitemap>\n`).join('') +
      '</sitemapindex>\n'
    );
  }

  pages(origin: string): string {
    return `${URLSET_OPEN}${PUBLIC_PAGES.map((p) => urlEntry(origin + p)).join('')}</urlset>\n`;
  }

  /** File `n` (from 1) of a kind as a stream of XML; null past the last one. */
  async file(kind: SitemapKind, origin: string, n: number): Promise<Readable | null> {
    if (n > (await this.fileCount(kind))) return null;
    const { batch, path } = KINDS[kind];
    const first = (n - 1) * this.perFile;
    const last = n * this.perFile;
    const db = this.db;
    async function* xml() {
      yield URLSET_OPEN;
      let after = first;
      for (;;) {
        const rows = await queryRows<{ id: number; key: string | number }>(db, batch(after, last));
        if (rows.length === 0) break;
        yield rows.map((r) => urlEntry(origin + path(r.key))).join('');
        after = Number(rows[rows.length - 1]?.id);
        if (rows.length < BATCH) break;
      }
      yield '</urlset>\n';
    }
    return Readable.from(xml());
  }
}

/**
 * The kinds of files past the pages': the listings (visible ones, by product id) and the storefronts (sellers with a
 * listing for sale, by user id, docs/decisions/0024-storefronts.md). Each is read in blocks of ids by keyset.
 */
const KINDS = {
  listings: {
    top: sql`select max(id) as top from products where archived_at is null`,
    batch: (after: number, last: number) =>
      sql`select id, id as key from products
          where id > ${after}::int and id <= ${last}::int and archived_at is null
          order by id limit ${BATCH}::int`,
    path: (id: string | number) => `/product/${id}`,
  },
  sellers: {
    top: sql`select max(id) as top from users where is_seller`,
    batch: (after: number, last: number) =>
      sql`select u.id, u.username as key from users u
          where u.id > ${after}::int and u.id <= ${last}::int and u.is_seller
            and exists (select 1 from products p where p.seller_id = u.id and p.archived_at is null)
          order by u.id limit ${BATCH}::int`,
    path: (username: string | number) => storefrontPath(String(username)),
  },
} as const;
export type SitemapKind = keyof typeof KINDS;
