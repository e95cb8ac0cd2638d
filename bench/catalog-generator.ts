/**
 * Fills a database with a synthetic catalog of N listings in one INSERT … SELECT generate_series, the same
 * on PostgreSQL and PGlite: all 9 varieties and 4 forms, sizes, pollination, plant facts (how it ships, callused,
 * length, segments, grafted and rootstock), flags, prices $5–$300, stock, sales and dates spread by a hash of the
 * row number, over 50 sellers with a mix of shipping profiles (SELLER_PROFILES), so that the ships-to filter hides
 * a part of the catalog that differs by state; then where each listing may not ship (products.blocked_to) is
 * computed as the app does at its first start-up.
 */

import { CUTTING_SIZES, FORMS, VARIETIES } from '@domain/constants';
import { sql } from 'drizzle-orm';
import { connect, type Database, queryRows } from '../server/src/db/connect';
import { BlockedDestinations } from '../server/src/modules/shipping';

const list = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

/**
 * The sellers' shipping profiles, seller i taking profile i mod 10: half in Florida (one of them with California's
 * nematode certificate), and California, Texas, Hawaii and Arizona; two of them refuse some states of their own. For
 * California, Florida's and Texas' plant material without the certificate and Hawaii's are hidden (about half the
 * catalog), seeds never.
 */
const SELLER_PROFILES: ReadonlyArray<{
  state: string;
  location: string;
  blocked?: string[];
  certificate?: string;
}> = [
  { state: 'FL', location: 'Homestead, Florida' },
  { state: 'FL', location: 'Homestead, Florida' },
  { state: 'FL', location: 'Homestead, Florida', certificate: 'ca-nematode' },
  { state: 'FL', location: 'Homestead, Florida', blocked: ['AK', 'HI'] },
  { state: 'FL', location: 'Homestead, Florida' },
  { state: 'CA', location: 'Fallbrook, California' },
  { state: 'CA', location: 'Fallbrook, California', blocked: ['NY'] },
  { state: 'TX', location: 'McAllen, Texas' },
  { state: 'HI', location: 'Hilo, Hawaii' },
  { state: 'AZ', location: 'Tucson, Arizona' },
];

export async function generateCatalog(database: Database, listings: number): Promise<void> {
  const { db } = database;
  const profiles = sql.raw(
    `(values ${SELLER_PROFILES.map(
      (p, i) =>
        `(${i}, '${p.state}', '${p.location}', array[${(p.blocked ?? []).map((s) => `'${s}'`).join(',')}]::text[], ${p.certificate ? `'${p.certificate}'` : 'null'})`,
    ).join(', ')}) as p(k, state, location, blocked, certificate)`,
  );
  await db.execute(sql`
    insert into users (username, email, password, is_seller, location, ship_from_state, blocked_states)
    select 'bench_seller_' || s, 'bench_seller_' || s || '@example.com', 'not-a-hash', true, p.location, p.state,
           p.blocked
    from generate_series(1, 50) s join ${profiles} on p.k = s % ${SELLER_PROFILES.length}
    on conflict do nothing`);
  await db.execute(sql`
    insert into seller_certificates (seller_id, kind, number, expires_on)
    select u.id, p.certificate, 'BENCH-' || u.id, current_date + 365
    from generate_series(1, 50) s join ${profiles} on p.k = s % ${SELLER_PROFILES.length}
    join users u on u.username = 'bench_seller_' || s
    where p.certificate is not null
    on conflict do nothing`);
  const h = (salt: number) => sql.raw(`(hashint4(i * ${salt} + ${salt}) & 2147483647)`);
  await db.execute(sql`
    insert into products (seller_id, title, description, variety, form, cutting_size, pollination, ships_as,
                          callused, length_inches, segments, grafted, rootstock, organic, pesticide_free,
                          in_stock, quantity, price_cents, image_url, units_sold, created_at)
    select
      (select min(id) from users where username like 'bench_seller_%') + (i % 50),
      v || ' ' || f || ' listing ' || i,
      'Generated ' || f || ' of ' || v || ', lot ' || i || '. Healthy stock from a Florida nursery, shipped callused and labelled.',
      v, f, cs,
      case when ${h(5)} % 10 = 0 then null when ${h(5)} % 3 = 0 then 'cross' else 'self' end,
      s,
      s = 'unrooted-cutting' and ${h(41)} % 4 <> 0,
      case
        when cs = '6 inch' then 6 + ${h(43)} % 3
        when cs = '12 inch' then 12 + ${h(43)} % 5
        when f = 'cutting' then 14 + ${h(43)} % 17
        when f = 'rooted' and ${h(43)} % 2 = 0 then 10 + ${h(43)} % 27
      end,
      case when f = 'cutting' then 1 + ${h(47)} % 4 end,
      gr,
      case when gr and ${h(53)} % 2 = 0 then 'Hylocereus undatus' end,
      ${h(7)} % 2 = 0,
      ${h(11)} % 3 <> 0,
      q > 0, q,
      500 + ${h(13)} % 29501,
      '/images/products/sugar-dragon-cutting.svg',
      ${h(17)} % 500,
      now() - make_interval(secs => ${h(19)} % 31536000)
    from (
      select i, v, f, q,
             case when f = 'cutting' then (${list(CUTTING_SIZES)})[1 + ${h(3)} % 3] end as cs,
             case
               when f = 'cutting' then case when ${h(59)} % 5 = 0 then 'bare-root' else 'unrooted-cutting' end
               when f = 'rooted' then case when ${h(59)} % 4 = 0 then 'bare-root' else 'potted' end
               when f = 'seed' then 'seeds'
               else 'potted'
             end as s,
             f in ('rooted', 'mature') and ${h(61)} % 6 = 0 as gr
      from (
        select i,
               (${list(VARIETIES)})[1 + ${h(23)} % 9] as v,
               (${list(FORMS)})[1 + ${h(29)} % 4] as f,
               case when ${h(31)} % 10 = 0 then 0 else 1 + ${h(37)} % 200 end as q
        from generate_series(1, ${listings}) i
      ) r
    ) g`);
  // Where each listing may not ship, as the first start-up of the app computes it (the rules' fingerprint is not
  // stored yet), per seller and way of shipping.
  await new BlockedDestinations(db).applyRules();
  // What autovacuum does on a live database: statistics, and the visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
}

/**
 * Migrates the PostgreSQL database at `url` and, when it has no listings yet, fills it with `listings` of them
 * (generateCatalog): how many it holds, and the generation's time in ms (null when they were there before).
 */
export async function fillCatalogDatabase(
  url: string,
  listings: number,
): Promise<{ listings: number; generatedMs: number | null }> {
  const database = await connect({ databaseUrl: url, maxConnections: 2 });
  try {
    await database.migrate();
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`);
    if (Number(row?.n) > 0) return { listings: Number(row?.n), generatedMs: null };
    const started = performance.now();
    await generateCatalog(database, listings);
    return { listings, generatedMs: Math.round(performance.now() - started) };
  } finally {
    await database.close();
  }
}
