/**
 * Prototype for issue 37 (docs/decisions/0041-catalog-facets-in-memory.md): the catalog's facets counted in memory
 * from groups of listings that share every list and flag value and the places they may not ship to, each group
 * holding its listings' prices sorted, so a price range is two binary searches per group.
 *
 *   BENCH_PROTOTYPE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_1000000 \
 *     node --import tsx bench/prototypes/facet-groups.ts [requests]
 *
 * Loads the visible listings of that database (a catalog of bench/catalog-generator.ts), builds the groups, then for
 * `requests` random filter sets (each with a price range of random cents, most with one or two other filters, some
 * with a destination) counts the facets in memory and with the app's own statements (FacetCounts), checks that the
 * two agree, and prints the time of each, the load's time and the memory the groups hold.
 */
import { CATALOG_FILTERS, type CatalogFilter, type CatalogFilters } from '@domain/catalog/filters';
import type { CatalogFacets } from '@domain/catalog/responses';
import { catalogFilterSchema } from '@domain/catalog/schemas';
import { STATE_CODES } from '@domain/shipping';
import { sql } from 'drizzle-orm';
import { connect, queryRows } from '../../server/src/db/connect';
import { FacetCounts } from '../../server/src/modules/catalog/facets';

const url = process.env.BENCH_PROTOTYPE_DATABASE_URL;
if (!url) throw new Error('set BENCH_PROTOTYPE_DATABASE_URL to a database with a generated catalog');
const REQUESTS = Number(process.argv[2] ?? 200);

const filters = CATALOG_FILTERS as readonly CatalogFilter[];
const lists = filters.filter((f) => f.kind === 'list');
const flags = filters.filter((f) => f.kind === 'flag');
const stateIndex = new Map<string, number>(STATE_CODES.map((s, i) => [s, i]));

interface Group {
  /** Per list filter, the option's index (-1: none). */
  options: Int8Array;
  /** Per flag, 1 or 0. */
  flags: Uint8Array;
  /** The places its listings may not ship to, as bits of STATE_CODES' indexes. */
  blocked: bigint;
  prices: Int32Array;
}

async function main() {
  const database = await connect({ databaseUrl: url as string, maxConnections: 4 });
  const column = (f: CatalogFilter) => f.column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const memoryBefore = process.memoryUsage();
  let started = performance.now();
  const rows = await queryRows<Record<string, unknown>>(
    database.catalogDb,
    sql.raw(
      `select ${[...lists, ...flags].map(column).join(', ')}, blocked_to, price_cents
       from products where archived_at is null`,
    ),
  );
  const readMs = performance.now() - started;
  started = performance.now();
  const byKey = new Map<string, { group: Omit<Group, 'prices'>; prices: number[] }>();
  for (const row of rows) {
    const options = new Int8Array(lists.length);
    lists.forEach((f, i) => {
      const value = row[column(f)];
      options[i] = f.kind === 'list' ? f.options.findIndex((o) => o.value === value) : -1;
    });
    const flagBits = new Uint8Array(flags.map((f) => (row[column(f)] ? 1 : 0)));
    let blocked = 0n;
    for (const s of row.blocked_to as string[]) blocked |= 1n << BigInt(stateIndex.get(s) ?? 0);
    const key = `${options.join(',')}|${flagBits.join('')}|${blocked}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { group: { options, flags: flagBits, blocked }, prices: [] };
      byKey.set(key, entry);
    }
    entry.prices.push(row.price_cents as number);
  }
  const groups: Group[] = [...byKey.values()].map(({ group, prices }) => ({
    ...group,
    prices: Int32Array.from(prices).sort(),
  }));
  const buildMs = performance.now() - started;
  rows.length = 0;
  byKey.clear();
  (globalThis as { gc?: () => void }).gc?.();
  const memoryAfter = process.memoryUsage();
  console.log(
    `${groups.reduce((n, g) => n + g.prices.length, 0)} listings in ${groups.length} groups; read ${Math.round(readMs)} ms, built ${Math.round(buildMs)} ms; heap ${Math.round((memoryAfter.heapUsed - memoryBefore.heapUsed) / 1e6)} MB, array buffers ${Math.round((memoryAfter.arrayBuffers - memoryBefore.arrayBuffers) / 1e6)} MB after a GC (${(globalThis as { gc?: unknown }).gc ? 'forced' : 'not forced: run with --expose-gc'})`,
  );

  // The groups as flat arrays (one entry per group, or per group and list filter), their prices end to end.
  const G = groups.length;
  const L = lists.length;
  const gOptions = new Int8Array(G * L);
  const gFlags = new Int32Array(G);
  const gBlockedLo = new Int32Array(G);
  const gBlockedHi = new Int32Array(G);
  const gStart = new Int32Array(G + 1);
  const prices = new Int32Array(groups.reduce((n, g) => n + g.prices.length, 0));
  groups.forEach((g, i) => {
    gOptions.set(g.options, i * L);
    let bits = 0;
    g.flags.forEach((on, j) => {
      if (on) bits |= 1 << j;
    });
    gFlags[i] = bits;
    gBlockedLo[i] = Number(g.blocked & 0xffffffffn) | 0;
    gBlockedHi[i] = Number(g.blocked >> 32n) | 0;
    prices.set(g.prices, gStart[i] as number);
    gStart[i + 1] = (gStart[i] as number) + g.prices.length;
  });

  /** The first index in [lo, hi) of `prices` whose price is at least v. */
  function firstAtLeast(lo: number, hi: number, v: number): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((prices[mid] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The facets of a filter set, counted over the groups (the same answer as FacetCounts.facets). */
  function facetsOf(f: CatalogFilters): CatalogFacets {
    const values = f as unknown as Record<string, unknown>;
    const allowed = new Int32Array(L);
    const active: number[] = [];
    lists.forEach((l, i) => {
      const set = values[l.key] as string[];
      if (set.length === 0 || l.kind !== 'list') return;
      let bits = 0;
      l.options.forEach((o, j) => {
        if (set.includes(o.value)) bits |= 1 << j;
      });
      allowed[i] = bits;
      active.push(i);
    });
    let required = 0;
    flags.forEach((fl, i) => {
      if (values[fl.key] === true) required |= 1 << i;
    });
    const place = f.shipsTo === null ? -1 : (stateIndex.get(f.shipsTo) ?? -1);
    const placeLo = place >= 0 && place < 32 ? 1 << place : 0;
    const placeHi = place >= 32 ? 1 << (place - 32) : 0;
    const lo = f.minPrice === null ? null : Math.round(f.minPrice * 100);
    const hi = f.maxPrice === null ? null : Math.round(f.maxPrice * 100);
    const optionCounts = new Float64Array(L * 32);
    const flagCounts = new Float64Array(flags.length);
    let placeCount = 0;
    let hidden = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let g = 0; g < G; g++) {
      // Every filter but the price: -1 when the group passes them all, else the one it fails (a list's index, 100 +
      // a flag's, 1000 for the place); groups failing two are skipped.
      let failed = -1;
      const base = g * L;
      for (let k = 0; k < active.length; k++) {
        const i = active[k] as number;
        const o = gOptions[base + i] as number;
        if (o < 0 || ((allowed[i] as number) & (1 << o)) === 0) {
          if (failed !== -1) {
            failed = -2;
            break;
          }
          failed = i;
        }
      }
      if (failed === -2) continue;
      const missing = required & ~(gFlags[g] as number);
      if (missing !== 0) {
        if (failed !== -1 || (missing & (missing - 1)) !== 0) continue;
        failed = 100;
      }
      if (((gBlockedLo[g] as number) & placeLo) !== 0 || ((gBlockedHi[g] as number) & placeHi) !== 0) {
        if (failed !== -1) continue;
        failed = 1000;
      }
      const from = gStart[g] as number;
      const to = gStart[g + 1] as number;
      if (failed === -1) {
        if ((prices[from] as number) < min) min = prices[from] as number;
        if ((prices[to - 1] as number) > max) max = prices[to - 1] as number;
      }
      const n =
        (hi === null ? to : firstAtLeast(from, to, hi + 1)) -
        (lo === null ? from : firstAtLeast(from, to, lo));
      if (n <= 0) continue;
      if (failed === -1) {
        for (let i = 0; i < L; i++) {
          const o = gOptions[base + i] as number;
          if (o >= 0) optionCounts[i * 32 + o] = (optionCounts[i * 32 + o] as number) + n;
        }
        const on = gFlags[g] as number;
        for (let i = 0; i < flagCounts.length; i++)
          if (on & (1 << i)) flagCounts[i] = (flagCounts[i] as number) + n;
        placeCount += n;
      } else if (failed < 100) {
        const o = gOptions[base + failed] as number;
        if (o >= 0) optionCounts[failed * 32 + o] = (optionCounts[failed * 32 + o] as number) + n;
      } else if (failed === 1000) hidden += n;
      // A failed flag: its own count asks for the flag, which the group lacks.
    }
    const facets: Record<string, unknown> = {};
    lists.forEach((l, i) => {
      if (l.kind === 'list')
        facets[l.key] = Object.fromEntries(l.options.map((o, j) => [o.value, optionCounts[i * 32 + j]]));
    });
    flags.forEach((fl, i) => {
      facets[fl.key] = flagCounts[i];
    });
    facets.shipsTo = place < 0 ? null : placeCount;
    facets.shipsToHidden = place < 0 ? null : hidden;
    facets.price =
      min === Number.POSITIVE_INFINITY ? { min: null, max: null } : { min: min / 100, max: max / 100 };
    return facets as CatalogFacets;
  }

  // Random filter sets: a price range of random cents, and zero to two other filters.
  let seed = 37;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
  const requests: CatalogFilters[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const a = Math.floor(random() * 30_000);
    const b = a + Math.floor(random() * 30_000);
    const query: Record<string, unknown> = { minPrice: (a / 100).toFixed(2), maxPrice: (b / 100).toFixed(2) };
    const extra = Math.floor(random() * 3);
    for (let k = 0; k < extra; k++) {
      const f = pick(filters.filter((x) => x.kind === 'list' || x.kind === 'flag'));
      if (f.kind === 'list') query[f.key] = pick(f.options).value;
      else query[f.key] = 'true';
    }
    if (random() < 0.3) query.shipsTo = pick(['CA', 'NY', 'HI', 'TX']);
    if (random() < 0.5) query.inStock = 'true';
    requests.push(catalogFilterSchema.parse(query) as CatalogFilters);
  }

  const facetCounts = new FacetCounts(database.catalogDb);
  const sqlMs: number[] = [];
  const memoryMs: number[] = [];
  let mismatches = 0;
  for (const f of requests) {
    let t = performance.now();
    const expected = await facetCounts.facets(f);
    sqlMs.push(performance.now() - t);
    t = performance.now();
    const got = facetsOf(f);
    memoryMs.push(performance.now() - t);
    if (JSON.stringify(got) !== JSON.stringify(expected)) {
      mismatches++;
      if (mismatches <= 3)
        console.log(
          'mismatch',
          JSON.stringify(f),
          '\n got',
          JSON.stringify(got),
          '\n sql',
          JSON.stringify(expected),
        );
    }
  }
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number).toFixed(2);
  };
  console.log(
    `${requests.length} filter sets, ${mismatches} answers differing\n` +
      `  SQL (FacetCounts, one connection): p50 ${pct(sqlMs, 50)} ms, p99 ${pct(sqlMs, 99)} ms\n` +
      `  groups in memory:                  p50 ${pct(memoryMs, 50)} ms, p99 ${pct(memoryMs, 99)} ms`,
  );
  await database.close();
}

await main();
