/**
 * The catalog index (server/src/modules/catalog/catalog-index.ts) on a kept catalog database:
 *
 *   BENCH_PROTOTYPE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_1000000 \
 *     node --expose-gc --import tsx bench/prototypes/catalog-index.ts [requests]
 *
 * Prints its build's time and memory, then the time of `requests` random filter sets (a price range of random cents,
 * zero to two other filters, sometimes in stock and a destination; a tenth scoped to a seller) counted by the index,
 * and of a change of 1,000 listings applied by id (the index re-reads them), with the counts after it; then the first
 * `compared` of them (default 100) counted by the app's statements too (FacetCounts, one connection), with their time
 * and how many answers differ from the index's.
 *
 * (The first prototype, bench/prototypes/facet-groups.ts at 66d305e, counted the same groups without the module.)
 */
import { CATALOG_FILTERS, type CatalogFilter, type CatalogFilters } from '@domain/catalog/filters';
import { catalogFilterSchema } from '@domain/catalog/schemas';
import { sql } from 'drizzle-orm';
import { connect, queryRows } from '../../server/src/db/connect';
import { CatalogIndex } from '../../server/src/modules/catalog/catalog-index';
import { FacetCounts } from '../../server/src/modules/catalog/facets';

const url = process.env.BENCH_PROTOTYPE_DATABASE_URL;
if (!url) throw new Error('set BENCH_PROTOTYPE_DATABASE_URL to a database with a generated catalog');
const REQUESTS = Number(process.argv[2] ?? 2000);
const COMPARED = Number(process.argv[3] ?? 100);
const filters = CATALOG_FILTERS as readonly CatalogFilter[];
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const database = await connect({ databaseUrl: url, maxConnections: 4 });
const sellers = await queryRows<{ id: number; username: string }>(
  database.db,
  sql`select id, username from users where id in (select distinct seller_id from products limit 20)`,
);
gc();
const before = process.memoryUsage();
const index = new CatalogIndex(database.db);
let started = performance.now();
await index.build();
const buildMs = performance.now() - started;
gc();
const after = process.memoryUsage();
console.log(
  `built in ${Math.round(buildMs)} ms; heap +${Math.round((after.heapUsed - before.heapUsed) / 1e6)} MB, array buffers +${Math.round((after.arrayBuffers - before.arrayBuffers) / 1e6)} MB, rss ${Math.round(after.rss / 1e6)} MB`,
);

let seed = 41;
const random = () => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 2 ** 32;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
const requests: Array<{ f: CatalogFilters; sellerId: number | null }> = [];
for (let i = 0; i < REQUESTS; i++) {
  const a = Math.floor(random() * 30_000);
  const query: Record<string, unknown> = {
    minPrice: (a / 100).toFixed(2),
    maxPrice: ((a + Math.floor(random() * 30_000)) / 100).toFixed(2),
  };
  for (let k = Math.floor(random() * 3); k > 0; k--) {
    const f = pick(filters.filter((x) => x.kind === 'list' || x.kind === 'flag'));
    query[f.key] = f.kind === 'list' ? pick(f.options).value : 'true';
  }
  if (random() < 0.3) query.shipsTo = pick(['CA', 'NY', 'HI', 'TX']);
  if (random() < 0.5) query.inStock = 'true';
  // A storefront's request names its seller (the statements scope by it); the index takes the seller's id.
  const seller = random() < 0.1 ? pick(sellers) : null;
  if (seller) query.seller = seller.username;
  requests.push({ f: catalogFilterSchema.parse(query) as CatalogFilters, sellerId: seller?.id ?? null });
}
const time = (label: string) => {
  const ms: number[] = [];
  for (const { f, sellerId } of requests) {
    const t = performance.now();
    index.facets(f, sellerId);
    ms.push(performance.now() - t);
  }
  console.log(`${label}: ${ms.length} facet counts, ${percentiles(ms)}`);
};
function percentiles(ms: number[]): string {
  const sorted = [...ms].sort((x, y) => x - y);
  const at = (p: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number).toFixed(2);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}
time('after the build (first pass, V8 compiling)');
time('after the build');
const ids = (
  await queryRows<{ id: number }>(
    database.db,
    sql`select id from products order by id limit 1000 offset 5000`,
  )
).map((r) => r.id);
started = performance.now();
await index.apply(ids);
console.log(
  `1,000 listings applied by id in ${Math.round(performance.now() - started)} ms (${index.changes} changes)`,
);
time('with 1,000 listings counted one by one');
const statements = new FacetCounts(database.catalogDb);
const statementMs: number[] = [];
let differing = 0;
for (const { f, sellerId } of requests.slice(0, COMPARED)) {
  const t = performance.now();
  const expected = await statements.facets(f, sellerId);
  statementMs.push(performance.now() - t);
  if (JSON.stringify(index.facets(f, sellerId)) !== JSON.stringify(expected)) differing++;
}
console.log(
  `the statements (FacetCounts, one connection): ${statementMs.length} facet counts, ${percentiles(statementMs)}; ${differing} answers differ from the index's`,
);
await database.close();
