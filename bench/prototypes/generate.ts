/**
 * A kept catalog database for the prototypes: `node --import tsx bench/prototypes/generate.ts <url> <listings>`
 * migrates the database at <url> and, when it has no listings yet, fills it with bench/catalog-generator.ts.
 * (`npm run bench` does the same with BENCH_CATALOG_DATABASE.)
 */
import { sql } from 'drizzle-orm';
import { connect, queryRows } from '../../server/src/db/connect';
import { generateCatalog } from '../catalog-generator';

const [url, listings] = process.argv.slice(2);
if (!url || !listings) throw new Error('usage: generate.ts <database url> <listings>');
const database = await connect({ databaseUrl: url, maxConnections: 2 });
await database.migrate();
const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`);
if (Number(row?.n) === 0) {
  const started = performance.now();
  await generateCatalog(database, Number(listings));
  console.log(`generated ${listings} listings in ${Math.round(performance.now() - started)} ms`);
} else console.log(`${row?.n} listings there already`);
await database.close();
