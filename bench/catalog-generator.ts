/**
 * Fills a database with a synthetic catalog of N listings in one INSERT … SELECT generate_series, the same
 * on PostgreSQL and PGlite: all 9 varieties and 4 forms, sizes, pollination, flags, prices $5–$300, stock,
 * sales and dates spread by a hash of the row number, over 50 Florida sellers.
 */

import { CUTTING_SIZES, FORMS, VARIETIES } from '@domain/constants';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/src/db/connect';

const list = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

export async function generateCatalog(database: Database, listings: number): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into users (username, email, password, is_seller, location)
    select 'bench_seller_' || s, 'bench_seller_' || s || '@example.com', 'not-a-hash', true, 'Homestead, Florida'
    from generate_series(1, 50) s
    on conflict do nothing`);
  const h = (salt: number) => sql.raw(`(hashint4(i * ${salt} + ${salt}) & 2147483647)`);
  await db.execute(sql`
    insert into products (seller_id, title, description, variety, form, cutting_size, pollination, organic,
                          pesticide_free, in_stock, quantity, price_cents, image_url, units_sold, created_at)
    select
      (select min(id) from users where username like 'bench_seller_%') + (i % 50),
      v || ' ' || f || ' listing ' || i,
      'Generated ' || f || ' of ' || v || ', lot ' || i || '. Healthy stock from a Florida nursery, shipped callused and labelled.',
      v, f,
      case when f = 'cutting' then (${list(CUTTING_SIZES)})[1 + ${h(3)} % 3] end,
      case when ${h(5)} % 10 = 0 then null when ${h(5)} % 3 = 0 then 'cross' else 'self' end,
      ${h(7)} % 2 = 0,
      ${h(11)} % 3 <> 0,
      q > 0, q,
      500 + ${h(13)} % 29501,
      '/images/products/sugar-dragon-cutting.svg',
      ${h(17)} % 500,
      now() - make_interval(secs => ${h(19)} % 31536000)
    from (
      select i,
             (${list(VARIETIES)})[1 + ${h(23)} % 9] as v,
             (${list(FORMS)})[1 + ${h(29)} % 4] as f,
             case when ${h(31)} % 10 = 0 then 0 else 1 + ${h(37)} % 200 end as q
      from generate_series(1, ${listings}) i
    ) g`);
  // What autovacuum does on a live database: statistics, and the visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
}
