/**
 * Catalog scenarios at 10k and 100k listings (BENCH_CATALOG_SIZES; 1000000 works too), on PostgreSQL
 * (BENCH_DATABASE_URL) and PGlite (BENCH_PGLITE=false leaves it out): throughput and latency over loopback of
 * - the list and facet requests of /marketplace, and the requests of a product page (the listing, its related
 *   listings, its reviews, the shipping check for a state);
 * - the server-rendered pages themselves (/, /marketplace, /product/:id), which answer their API requests in-process;
 * - varied queries (a different price range, page or search term each request), compared side by side with a
 *   plain Express + node-postgres catalog over the same database (bench/plain-catalog.ts, PostgreSQL only);
 * - requests whose values never repeat within a run (Scenario.fresh): the list and facets of the marketplace and of a
 *   storefront for a random filter set and a price range of random cents, with a search word or without, and the
 *   pages a visitor gets that the page cache cannot have (a random listing, a random price range, a storefront
 *   with random filters), so that what the app keeps for a minute answers none of them.
 * Every query each scenario sends is EXPLAINed as its pool plans it (the catalog pool for its values; the statement
 * pool both for its values and generically, as a prepared statement is after five runs), flagging any sequential
 * scan of products. BENCH_CATALOG_SCENARIOS=name,name runs only the scenarios whose names contain one of those
 * (e.g. "price range,single variety").
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { flagFilters, listFilters } from '@domain/catalog/filters';
import { SORTS } from '@domain/catalog/schemas';
import { PAGE_SIZE } from '@domain/constants';
import { STATE_CODES } from '@domain/shipping/states';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { CATALOG_READS, connect, type Database, queryRows } from '../server/src/db/connect';
import { fillCatalogDatabase, generateCatalog } from './catalog-generator';
import { type LoadResult, load } from './load';
import { type Comparison, compareRounds, inline, pgbench, pgbenchScript } from './pgbench';
import { root, rssMb, startServer, withBenchDatabase } from './server';

const DETAIL_ID = 1000;
/** The storefront the storefront scenarios read: one of the generator's 50 sellers. */
const STOREFRONT = 'bench_seller_7';

/** A number from 0 to 2^31 that looks random but is the same for the same i (the varied scenarios' choices). */
const spread = (i: number, salt: number) => {
  let x = Math.imul(i + 1, 2_654_435_761) ^ Math.imul(salt, 40_503);
  x = Math.imul(x ^ (x >>> 15), 2_246_822_519);
  return (x ^ (x >>> 13)) >>> 1;
};
/**
 * The k-th of the numbers 0 to n - 1, each once for k from 0 to n - 1, in an order that looks random (a Feistel
 * network over the next even power of two, its cycle walked back into range); k from n on starts again.
 */
function permute(k: number, n: number, salt: number): number {
  let bits = 2;
  while (2 ** bits < n) bits += 2;
  const half = bits / 2;
  const mask = 2 ** half - 1;
  let x = k % n;
  do {
    let [l, r] = [x >>> half, x & mask];
    for (let round = 0; round < 4; round++) [l, r] = [r, l ^ (spread(r, salt * 8 + round) & mask)];
    x = l * 2 ** half + r;
  } while (x >= n);
  return x;
}

/** The generated catalog's prices run from $5.00 to $300.00 (bench/catalog-generator.ts); ranges from $0 to $300. */
const PRICE_CENTS_MAX = 30_000;
/** How many ranges there are of whole cents from $0 to $300, the minimum at most the maximum. */
const PRICE_RANGES = ((PRICE_CENTS_MAX + 1) * (PRICE_CENTS_MAX + 2)) / 2;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The n-th request's price range: both bounds in cents from $0 to $300, the minimum at most the maximum, a
 * different range for each n below PRICE_RANGES (450 million): no range comes back within a run.
 */
function priceRange(n: number, salt: number): string {
  const t = permute(n, PRICE_RANGES, salt);
  // The t-th pair (min, max) with min <= max, counted by max: max m has m + 1 of them.
  let max = Math.floor((Math.sqrt(8 * t + 1) - 1) / 2);
  while (((max + 1) * (max + 2)) / 2 <= t) max++;
  while ((max * (max + 1)) / 2 > t) max--;
  const min = t - (max * (max + 1)) / 2;
  return `minPrice=${dollars(min)}&maxPrice=${dollars(max)}`;
}

/** The filters a random filter set draws from: each list (one or two of its options) and flag but in stock. */
const DRAWN_FILTERS = [...listFilters, ...flagFilters.filter((f) => f.key !== 'inStock')];

/**
 * The n-th request's filter set, as URL parameters: zero to two of DRAWN_FILTERS, in stock only half the time, and
 * ships to a state a third of the time (`salt`: each scenario draws its own sets).
 */
function filterSet(n: number, salt: number): string[] {
  const draw = (k: number) => spread(n, salt * 16 + k);
  const pairs: string[] = [];
  const count = draw(0) % 3;
  const first = draw(1) % DRAWN_FILTERS.length;
  const chosen = [first, (first + 1 + (draw(2) % (DRAWN_FILTERS.length - 1))) % DRAWN_FILTERS.length];
  for (const [j, index] of chosen
    .slice(0, count)
    .sort((a, b) => a - b)
    .entries()) {
    const f = DRAWN_FILTERS[index] as (typeof DRAWN_FILTERS)[number];
    if (f.kind === 'flag') {
      pairs.push(`${f.key}=true`);
      continue;
    }
    // One of its options, or two.
    const options = f.options.map((o) => o.value);
    const a = draw(3 + j) % options.length;
    const picked =
      draw(5 + j) % 2 === 0 ? [a] : [a, (a + 1 + (draw(7 + j) % (options.length - 1))) % options.length];
    pairs.push(`${f.key}=${picked.map((o) => encodeURIComponent(options[o] as string)).join(',')}`);
  }
  if (draw(9) % 2 === 0) pairs.push('inStock=true');
  if (draw(10) % 3 === 0) pairs.push(`shipsTo=${STATE_CODES[draw(11) % STATE_CODES.length]}`);
  return pairs;
}

const SEARCH_WORDS = ['sugar', 'yellow', 'pink', 'cutting', 'seed', 'rooted', 'suger', 'dragn'];
/**
 * Words that take each way a search word resolves (modules/catalog/search.ts): typos of one and two letters, a swap,
 * no typo allowed (under 5 letters), a name of dragon fruit itself, a scientific name, the start of a word.
 */
const TYPO_WORDS = [
  'yelow',
  'dargon',
  'cuttnig',
  'vietnamise',
  'orgnic',
  'pitaya',
  'megalanthus',
  'seeds',
  'roo',
];

/**
 * The n-th request's query: a filter set (filterSet) and a price range (priceRange, which alone makes every request
 * of a run differ), with a search word of SEARCH_WORDS when `search`.
 */
function drawnQuery(n: number, salt: number, search = false): string {
  const word = search ? [`search=${SEARCH_WORDS[spread(n, salt + 1) % SEARCH_WORDS.length]}`] : [];
  return [...filterSet(n, salt), priceRange(n, salt), ...word].join('&');
}

/**
 * A scenario: a request's path (the same every time, or for a varied one the i-th request's, in a catalog of `size`
 * listings), and what kind of request it is: an API request, a server-rendered page (HTML, brotli), or a varied
 * query also sent to the plain catalog. `group` names the page a request belongs to, for the tables.
 */
interface Scenario {
  name: string;
  path: (i: number, size: number) => string;
  group: 'marketplace' | 'product page' | 'storefront' | 'page' | 'varied';
  /** At one connection on both databases too (PGlite against PostgreSQL). */
  latency?: boolean;
  /** A page whose path changes from one request to the next (path(i)); a varied scenario's always does. */
  varies?: boolean;
  /**
   * Values that never repeat within a run: every request the run sends for it, on one database and size (warm-up,
   * rounds, one connection), takes the next number i of its own count (RequestNumbers), so no request is one the
   * app has answered before and nothing it keeps can answer it (its minute-long caches, the page cache). The pgbench
   * comparison then runs the SQL of FRESH_SAMPLES different requests, one picked at random each transaction.
   */
  fresh?: boolean;
}

/** Whether a scenario's requests go to different paths. */
const varies = (s: Scenario) => s.group === 'varied' || s.varies === true || s.fresh === true;

/**
 * Where each never-repeating scenario's count stands (see Scenario.fresh), one count per scenario for one database
 * and size: the requests explainScenarios sends first, then the server's.
 */
class RequestNumbers {
  private readonly counts = new Map<string, number>();

  /** The next `n` numbers of the scenario's count, as the first of them. */
  take(s: Scenario, n = 1): number {
    const first = this.counts.get(s.name) ?? 0;
    this.counts.set(s.name, first + n);
    return first;
  }

  /** The paths of the scenario's requests, each drawing the next number (whatever the load's own count). */
  paths(s: Scenario, size: number): (i: number) => string {
    return () => s.path(this.take(s), size);
  }
}

const api = (query: string) => () => `/api/products?${query}`;

const ALL_SCENARIOS: Scenario[] = [
  { name: 'list, no filter', path: api('inStock=true'), group: 'marketplace', latency: true },
  {
    name: 'list, three filters + sort',
    path: api(
      'variety=Sugar%20Dragon,Yellow%20Dragon&form=cutting&organic=true&inStock=true&sort=price-low-high',
    ),
    group: 'marketplace',
    latency: true,
  },
  {
    name: 'list, price range',
    path: api(
      'variety=Sugar%20Dragon,Yellow%20Dragon&inStock=true&minPrice=10&maxPrice=200&sort=price-low-high',
    ),
    group: 'marketplace',
    latency: true,
  },
  {
    name: 'list, single variety',
    path: api('variety=Sugar%20Dragon&inStock=true'),
    group: 'marketplace',
    latency: true,
  },
  {
    name: 'list, cutting 12 inch organic',
    path: api('form=cutting&cuttingSize=12%20inch&organic=true'),
    group: 'marketplace',
    latency: true,
  },
  {
    name: 'list, text search',
    path: api('search=suger%20dragn&inStock=true'),
    group: 'marketplace',
    latency: true,
  },
  { name: 'list, search "sugar"', path: api('search=sugar'), group: 'marketplace', latency: true },
  // Typos only (a swap in "dargon": no known word starts with either), then a scientific name (its variety's phrase).
  {
    name: 'list, search typos "yelow dargon"',
    path: api('search=yelow%20dargon&inStock=true'),
    group: 'marketplace',
    latency: true,
  },
  {
    name: 'list, search "Selenicereus megalanthus"',
    path: api('search=Selenicereus%20megalanthus'),
    group: 'marketplace',
  },
  // The marketplace of a buyer whose state is known (a California address): the ships-to filter on.
  { name: 'list, ships to CA', path: api('inStock=true&shipsTo=CA'), group: 'marketplace', latency: true },
  // What /marketplace itself asks for (the page's render sends both).
  {
    name: 'list, marketplace first page',
    path: api('inStock=true&sort=popularity&page=1&limit=6'),
    group: 'marketplace',
  },
  { name: 'facets', path: () => '/api/products/facets?inStock=true', group: 'marketplace', latency: true },
  {
    name: 'facets, search "sugar"',
    path: () => '/api/products/facets?search=sugar',
    group: 'marketplace',
    latency: true,
  },
  {
    name: 'facets, ships to CA',
    path: () => '/api/products/facets?inStock=true&shipsTo=CA',
    group: 'marketplace',
    latency: true,
  },
  // The price slider's request, and a search's: facets for a random filter set and a price range of random cents,
  // a different one each request (Scenario.fresh), so nothing the catalog keeps answers them.
  {
    name: 'facets, random filters + price range',
    path: (i) => `/api/products/facets?${drawnQuery(i, 40)}`,
    group: 'marketplace',
    fresh: true,
  },
  {
    name: 'facets, search + random filters + price range',
    path: (i) => `/api/products/facets?${drawnQuery(i, 42, true)}`,
    group: 'marketplace',
    fresh: true,
  },
  // A product page: the render asks for the listing and its related listings; the browser then for its reviews,
  // and for the shipping check once the visitor's state is known.
  { name: 'detail', path: () => `/api/products/${DETAIL_ID}`, group: 'product page', latency: true },
  { name: 'related', path: () => `/api/products/${DETAIL_ID}/related`, group: 'product page', latency: true },
  { name: 'reviews', path: () => `/api/products/${DETAIL_ID}/reviews`, group: 'product page' },
  {
    name: 'shipping check, CA',
    path: () => `/api/shipping/check?state=CA&products=${DETAIL_ID}`,
    group: 'product page',
  },
  // A storefront (docs/decisions/0024-storefronts.md): the nursery, and its listings and facets, counted from its own
  // listings rather than the summary (a bench seller has a fiftieth of the catalog: 2,000 at 100,000 listings).
  { name: 'storefront', path: () => `/api/sellers/${STOREFRONT}`, group: 'storefront', latency: true },
  {
    name: 'storefront list',
    path: api(`seller=${STOREFRONT}&inStock=true&sort=popularity&page=1&limit=6`),
    group: 'storefront',
    latency: true,
  },
  {
    name: 'storefront list, form + price',
    path: api(`seller=${STOREFRONT}&form=cutting&minPrice=10&maxPrice=40&sort=price-low-high`),
    group: 'storefront',
  },
  {
    name: 'storefront facets',
    path: () => `/api/products/facets?seller=${STOREFRONT}&inStock=true`,
    group: 'storefront',
    latency: true,
  },
  {
    name: 'storefront facets, random filters + price range',
    path: (i) => `/api/products/facets?seller=${STOREFRONT}&${drawnQuery(i, 52)}`,
    group: 'storefront',
    fresh: true,
  },
  // The pages as a visitor (or a crawler) gets them: kept by the page cache (PAGE_CACHE_MB, on by default) once
  // rendered, until the catalog changes (docs/decisions/0025-page-cache.md). The same page again and again, then
  // 200 listings' pages in turn (all kept after the warm-up); then pages the cache does not have, each request a
  // render: a listing never asked for before in the run (over the whole catalog), the marketplace with a random
  // price range, a storefront with a random filter set and price range.
  { name: 'page /', path: () => '/', group: 'page' },
  { name: 'page /marketplace', path: () => '/marketplace', group: 'page' },
  { name: 'page /product/:id', path: () => `/product/${DETAIL_ID}`, group: 'page' },
  {
    name: 'page /product/:id, 200 listings in turn',
    path: (i) => `/product/${1 + (i % 200)}`,
    group: 'page',
    varies: true,
  },
  {
    name: 'page /product/:id, rendered (a different listing each request)',
    path: (i, size) => `/product/${1 + permute(i, size, 6)}`,
    group: 'page',
    fresh: true,
  },
  {
    name: 'page /marketplace, rendered (a random price range each request)',
    path: (i) => `/marketplace?${priceRange(i, 54)}`,
    group: 'page',
    fresh: true,
  },
  { name: 'page /sellers/:username', path: () => `/sellers/${STOREFRONT}`, group: 'page' },
  {
    name: 'page /sellers/:username, rendered (random filters + price range each request)',
    path: (i) => `/sellers/${STOREFRONT}?${drawnQuery(i, 56)}`,
    group: 'page',
    fresh: true,
  },
  // Varied queries, each request's values new in the run (Scenario.fresh), so nothing the catalog keeps for a minute
  // answers them; but for the deep pages of one variety (500 pages, drawn again and again: nothing keeps a page).
  {
    name: 'varied price range',
    path: (i) =>
      `/api/products?variety=Sugar%20Dragon,Yellow%20Dragon&inStock=true&${priceRange(i, 1)}&sort=price-low-high`,
    group: 'varied',
    fresh: true,
  },
  {
    name: 'varied page, one variety',
    path: (i) => `/api/products?variety=Sugar%20Dragon&inStock=true&page=${1 + (spread(i, 3) % 500)}&limit=6`,
    group: 'varied',
  },
  // A search word and a lot number, the pair new each request (8 words by 100,000 lots).
  {
    name: 'varied search term',
    path: (i) => {
      const k = permute(i, SEARCH_WORDS.length * 100_000, 4);
      return `/api/products?search=${SEARCH_WORDS[k % SEARCH_WORDS.length]}%20${1 + Math.floor(k / SEARCH_WORDS.length)}`;
    },
    group: 'varied',
    fresh: true,
  },
  // Two words each request, each a typo, a name or a start (TYPO_WORDS), and a lot number: every word's lookup runs.
  {
    name: 'varied search, typos and names',
    path: (i) => {
      const words = TYPO_WORDS.length;
      const k = permute(i, words * words * 100_000, 7);
      return `/api/products?search=${TYPO_WORDS[k % words]}%20${TYPO_WORDS[Math.floor(k / words) % words]}%20${1 + Math.floor(k / (words * words))}`;
    },
    group: 'varied',
    fresh: true,
  },
  // The marketplace's and a storefront's first page for a random filter set, sort and price range, and a search's.
  {
    name: 'varied list, random filters + price range',
    path: (i) =>
      `/api/products?${drawnQuery(i, 44)}&sort=${SORTS[spread(i, 46) % SORTS.length]}&page=1&limit=${PAGE_SIZE}`,
    group: 'varied',
    fresh: true,
  },
  {
    name: 'varied list, search + random filters + price range',
    path: (i) => `/api/products?${drawnQuery(i, 48, true)}&page=1&limit=${PAGE_SIZE}`,
    group: 'varied',
    fresh: true,
  },
  {
    name: 'varied storefront list, random filters + price range',
    path: (i) =>
      `/api/products?seller=${STOREFRONT}&${drawnQuery(i, 50)}&sort=${SORTS[spread(i, 58) % SORTS.length]}&page=1&limit=${PAGE_SIZE}`,
    group: 'varied',
    fresh: true,
  },
];

const only = process.env.BENCH_CATALOG_SCENARIOS?.split(',').filter(Boolean);
export const SCENARIOS = ALL_SCENARIOS.filter((s) => !only || only.some((o) => s.name.includes(o)));
const FIXED = SCENARIOS.filter((s) => s.group !== 'varied');
const VARIED = SCENARIOS.filter((s) => s.group === 'varied');

/**
 * Requests sent to a scenario before it is measured: at 10 connections each of the server's catalog connections
 * runs its statements well over five times, so PostgreSQL has made its choice between custom and generic plans
 * (a prepared statement is planned for its parameters five times, then may switch to a generic plan).
 */
const WARM_UP_REQUESTS = 300;

/**
 * Requests of a never-repeating scenario (Scenario.fresh) that explainScenarios sends and EXPLAINs, different
 * values and filter sets; the pgbench comparison runs their SQL, one request's at random each transaction. A random
 * filter set takes one of a few hundred shapes (which filters are set, a list's one option or more, the sort), so
 * 12 is a sample of them: BENCH_FRESH_SAMPLES=500 EXPLAINs nearly every shape (slow at 1,000,000 listings).
 */
const FRESH_SAMPLES = Number(process.env.BENCH_FRESH_SAMPLES ?? 12);

/** The paths one load of a scenario sends: a fixed one, the i-th of a varied one, or the next of a fresh one. */
function pathsOf(s: Scenario, size: number, numbers: RequestNumbers): (i: number) => string {
  return s.fresh ? numbers.paths(s, size) : (i) => s.path(i, size);
}

export interface Explained {
  scenario: string;
  seqScan: boolean;
  plan: string;
}

/**
 * The SQL each scenario sends, one request's worth, with parameters inlined: `warm` is what a request sends once
 * the scenario has been asked for (what the API sends under load, compared with pgbench), `cold` what the first
 * request sends when it differs (a broad search's or price filter's count and relevance window, which the
 * catalog then keeps for a minute: see CAPPED_LIST_TTL_MS). `catalogOnly`: every statement ran on the catalog
 * pool (pgbench then runs them with its settings).
 */
export type ScenarioSql = Map<
  string,
  {
    warm: string[];
    cold: string[] | null;
    catalogOnly: boolean;
    /** A never-repeating scenario's: the SQL of each of FRESH_SAMPLES different requests (`warm` is the first's). */
    samples?: string[][];
  }
>;

type Pool = 'statements' | 'catalog';
type Sent = { query: string; params: unknown[]; pool: Pool };
type Open = (logQuery: (query: string, params: unknown[], pool: Pool) => void) => Promise<Database>;

const isRead = (query: string) => /^\s*(select|with)\b/i.test(query);

/**
 * Builds the app in-process on a logging connection and asks it for each scenario's path as the server would be
 * asked (a page renders with its API requests answered in-process, so their SQL is the page's): a fixed scenario
 * twice (a first request, then one that finds what the first kept), a varied one for three different requests, a
 * never-repeating one (Scenario.fresh) for FRESH_SAMPLES, the first numbers of its count (`numbers`).
 * Every read either sent is EXPLAINed as its pool plans it; on PostgreSQL (`pgUrl`) a statement-pool query is also
 * EXPLAINed as a generic plan, which a prepared statement gets after five runs.
 */
async function explainScenarios(
  open: Open,
  pgUrl: string | null,
  size: number,
  numbers: RequestNumbers,
  sqlOut?: ScenarioSql,
): Promise<Explained[]> {
  let capture: Sent[] | null = null;
  const database = await open((query, params, pool) => capture?.push({ query, params, pool }));
  const config = loadConfig({ NODE_ENV: 'test' });
  config.clientDir = path.join(root, 'dist/client');
  const app = await buildApp({ database, config });
  await app.server.ready();
  // The SQL the server sends once its catalog index is built (as the load scenarios measure it).
  await app.catalogIndex?.build();
  const generic = pgUrl ? postgres(pgUrl, { max: 1, onnotice: () => {} }) : null;
  await generic?.unsafe('set plan_cache_mode = force_generic_plan');
  const out: Explained[] = [];
  try {
    for (const s of SCENARIOS) {
      const request = async (i: number) => {
        const sent: Sent[] = [];
        capture = sent;
        const res = await app.server.inject({
          method: 'GET',
          url: s.path(i, size),
          headers: s.group === 'page' ? { accept: 'text/html' } : { accept: 'application/json' },
        });
        capture = null;
        if (res.statusCode !== 200)
          throw new Error(`${s.name}: ${s.path(i, size)} answered ${res.statusCode}`);
        return sent.filter((q) => isRead(q.query));
      };
      const runs: Sent[][] = [];
      if (s.fresh) {
        const first = numbers.take(s, FRESH_SAMPLES);
        for (let k = 0; k < FRESH_SAMPLES; k++) runs.push(await request(first + k));
        const samples = runs
          .map((sent) => sent.map(({ query, params }) => inline(query, params)))
          .filter((sql) => sql.length > 0);
        sqlOut?.set(s.name, {
          warm: samples[0] ?? [],
          cold: null,
          catalogOnly: runs.every((sent) => sent.every((q) => q.pool === 'catalog')),
          samples,
        });
      } else if (s.group === 'varied') runs.push(await request(0), await request(1), await request(2));
      else {
        const first = await request(0);
        const then = await request(0);
        const [cold, warm] = [first, then].map((sent) =>
          sent.map(({ query, params }) => inline(query, params)),
        ) as [string[], string[]];
        sqlOut?.set(s.name, {
          warm,
          cold: cold.join('\n') === warm.join('\n') ? null : cold,
          catalogOnly: then.every((q) => q.pool === 'catalog'),
        });
        runs.push(first, then);
      }
      const seen = new Set<string>();
      for (const { query, params, pool } of runs.flat()) {
        if (seen.has(inline(query, params))) continue;
        seen.add(inline(query, params));
        let plan = (await explain(database, pool, query, params)).join('\n');
        if (generic && pool === 'statements' && params.length > 0)
          plan += `\n  generic plan:\n${(await explainGeneric(generic, query, params)).join('\n')}`;
        out.push({ scenario: s.name, seqScan: /Seq Scan on products\b/.test(plan), plan });
      }
    }
  } finally {
    await generic?.end();
    await app.server.close();
    await database.close();
  }
  return out;
}

async function explain(database: Database, pool: Pool, query: string, params: unknown[]): Promise<string[]> {
  const text = inline(query, params);
  // On the catalog read pool with its settings (planned for the values, no sequential scans), as the API runs them.
  const db = pool === 'catalog' ? database.catalogDb : database.db;
  const rows = await queryRows<Record<string, string>>(db, sql.raw(`explain ${text}`));
  return rows.map((r) => Object.values(r)[0] as string);
}

/** The plan a prepared statement of the statement pool gets once PostgreSQL has switched it to a generic plan. */
async function explainGeneric(generic: postgres.Sql, query: string, params: unknown[]): Promise<string[]> {
  const values = inline(params.map((_, i) => `$${i + 1}`).join(', '), params);
  try {
    await generic.unsafe(`prepare bench_generic as ${query}`);
    const rows = await generic.unsafe(`explain execute bench_generic(${values})`);
    return rows.map((r) => Object.values(r)[0] as string);
  } catch (error) {
    return [`(no generic plan: ${(error as Error).message})`];
  } finally {
    await generic.unsafe('deallocate all');
  }
}

/**
 * Mean latency of a one-connection run: the connection waits for each answer before the next request, so
 * it is exactly 1000 / req/s (autocannon's own latencies are whole milliseconds, too coarse here).
 */
function closedLoopMs(r: LoadResult): number {
  return r.rps ? Math.round((1000 / r.rps) * 100) / 100 : Number.POSITIVE_INFINITY;
}

/** PGlite against PostgreSQL at one connection (docs/quality.md#performance-budgets: within 3x of PostgreSQL's latency). */
export interface LatencyComparison {
  name: string;
  pgliteMean: number;
  postgresMean: number;
  ratio: number;
}

const headersOf = (s: Scenario): Record<string, string> =>
  s.group === 'page' ? { accept: 'text/html', 'accept-encoding': 'br' } : { accept: 'application/json' };

async function warmUp(url: string, s: Scenario, paths: (i: number) => string): Promise<void> {
  let sent = 0;
  await autocannon({
    // A varied scenario's every request takes its path from setupRequest.
    url: varies(s) ? url : `${url}${paths(0)}`,
    headers: headersOf(s),
    connections: 10,
    amount: WARM_UP_REQUESTS,
    ...(varies(s)
      ? {
          // Requests other than the measured ones (for 200 pages in turn, every one of them once or more).
          requests: [
            { setupRequest: (r: autocannon.Request) => ({ ...r, path: paths(1_000_000 + sent++) }) },
          ],
        }
      : {}),
  });
}

function loadScenario(
  url: string,
  label: string,
  s: Scenario,
  paths: (i: number) => string,
  seconds: number,
  connections = 10,
) {
  return load({
    name: `${label}: ${s.name}`,
    url: varies(s) ? url : `${url}${paths(0)}`,
    headers: headersOf(s),
    seconds,
    connections,
    ...(varies(s) ? { path: paths } : {}),
  });
}

async function loadScenarios(
  scenarios: Scenario[],
  url: string,
  label: string,
  seconds: number,
  pathsFor: (s: Scenario) => (i: number) => string,
  connections = 10,
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const s of scenarios) {
    if (connections > 1) await warmUp(url, s, pathsFor(s));
    results.push(await loadScenario(url, label, s, pathsFor(s), seconds, connections));
  }
  return results;
}

/** The app against the plain catalog on one varied scenario: alternating rounds, the median ratio. */
export interface PlainComparison {
  name: string;
  app: LoadResult;
  plain: LoadResult;
  ratio: number;
  rounds: number[];
}

/** Starts bench/plain-catalog.ts on `port` over the database at `url`. */
async function startPlainCatalog(url: string, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/plain-catalog.ts'), url, String(port)],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const orphan = () => child.kill();
  process.once('exit', orphan);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the plain catalog exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the plain catalog did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: base,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', orphan);
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The PostgreSQL database of one catalog size: a new one, generated and dropped afterwards; or, with
 * BENCH_CATALOG_DATABASE (a name where `{size}` stands for the size, e.g. `bench_{size}`), that database, generated
 * the first time and kept, so a run at 1,000,000 listings need not generate them again.
 */
async function withCatalogDatabase(pgUrl: string, size: number, use: (url: string) => Promise<void>) {
  const kept = process.env.BENCH_CATALOG_DATABASE?.replace('{size}', String(size));
  // A new database has no listings, so it is always generated; a kept one only the first time.
  const generate = async (url: string) => {
    const { listings, generatedMs } = await fillCatalogDatabase(url, size);
    console.log(
      generatedMs === null
        ? `PostgreSQL: ${listings} listings in ${kept}, generated before`
        : `PostgreSQL: generated ${listings} listings in ${generatedMs} ms`,
    );
  };
  if (!kept)
    return withBenchDatabase(pgUrl, `dfm_bench_catalog_${process.pid}_${size}`, async (url) => {
      await generate(url);
      await use(url);
    });
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${kept}`;
  if (!exists) await admin.unsafe(`create database "${kept}"`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${kept}`;
  await generate(url.toString());
  await use(url.toString());
}

/** What one catalog size measured on one database (bench/run.ts writes it to bench/results/catalog-<database>-<size>.md). */
export interface CatalogRun {
  database: 'PGlite' | 'PostgreSQL';
  size: number;
  results: LoadResult[];
  explained: Array<Explained & { label: string }>;
  comparisons: Comparison[];
  plainComparisons: PlainComparison[];
  firstRequests: Array<{ name: string; pgbenchTps: number }>;
  /** On PGlite, when PostgreSQL ran the same size too: PGlite against PostgreSQL at one connection. */
  latencies: LatencyComparison[];
  /** The first listings sitemap (up to 50,000 URLs), fetched whole a few times. */
  sitemap?: SitemapFigures;
  /** PostgreSQL: when the server answered and when its catalog index was built (ms from its start), and its memory. */
  index?: { answeredMs: number; builtMs: number; rssBuiltMb: number; rssEndMb?: number };
}

export interface SitemapFigures {
  urls: number;
  /** Each fetch, start to last byte, in ms. */
  ms: number[];
  /** The server's resident memory before the fetches, and the most it reached during them, in MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
}

/**
 * GET /sitemap-listings-1.xml five times, gzipped as a crawler takes it, with the server's memory sampled every
 * 5 ms: the targets are under 1 s and under 100 MB for a 50,000-URL file.
 */
async function sitemapFigures(url: string, pid: number): Promise<SitemapFigures> {
  const ms: number[] = [];
  let urls = 0;
  // The first fetch also loads and compiles the server's code for it, and grows its heap to a working size: the
  // memory a file costs is measured over the four after it, from what the server held once it had sent one.
  let rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, 5);
  try {
    for (let i = 0; i < 5; i++) {
      if (i === 1) {
        rssBeforeMb = rssMb(pid);
        rssPeakMb = rssBeforeMb;
      }
      const started = performance.now();
      const res = await fetch(`${url}/sitemap-listings-1.xml`, { headers: { 'accept-encoding': 'gzip' } });
      const xml = await res.text();
      ms.push(Math.round(performance.now() - started));
      if (!res.ok) throw new Error(`sitemap: ${res.status}`);
      urls = xml.split('<url>').length - 1;
    }
  } finally {
    clearInterval(sampler);
  }
  return { urls, ms, rssBeforeMb, rssPeakMb };
}

export async function catalogBench(options: {
  sizes: number[];
  pgUrl?: string;
  port: number;
  seconds: number;
  /** Rounds of the API against pgbench per scenario (the median is reported). */
  rounds: number;
}): Promise<CatalogRun[]> {
  const runs: CatalogRun[] = [];
  const newRun = (database: CatalogRun['database'], size: number): CatalogRun => {
    const run: CatalogRun = {
      database,
      size,
      results: [],
      explained: [],
      comparisons: [],
      plainComparisons: [],
      firstRequests: [],
      latencies: [],
    };
    runs.push(run);
    return run;
  };
  const singleConnection = new Map<string, LoadResult[]>();
  const onOneConnection = FIXED.filter((s) => s.latency);
  for (const size of options.sizes) {
    if (process.env.BENCH_PGLITE !== 'false') await pgliteSize(size);
    if (options.pgUrl) await postgresSize(size, options.pgUrl);
  }
  return runs;

  async function pgliteSize(size: number) {
    const { results, explained } = newRun('PGlite', size);
    // PGlite: generate into a folder, then serve it.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dfm-bench-catalog-'));
    try {
      const gen = await connect({ dataDir: dir });
      await gen.migrate();
      const t = performance.now();
      await generateCatalog(gen, size);
      console.log(`PGlite: generated ${size} listings in ${Math.round(performance.now() - t)} ms`);
      await gen.close();
      const numbers = new RequestNumbers();
      const pathsFor = (s: Scenario) => pathsOf(s, size, numbers);
      for (const e of await explainScenarios(
        (logQuery) => connect({ dataDir: dir, logQuery }),
        null,
        size,
        numbers,
      ))
        explained.push({ ...e, label: `PGlite ${size}` });
      const server = await startServer({ DATA_DIR: dir }, options.port);
      results.push(
        ...(await loadScenarios(SCENARIOS, server.url, `PGlite ${size}`, options.seconds, pathsFor)),
      );
      singleConnection.set(
        `pglite ${size}`,
        await loadScenarios(
          onOneConnection,
          server.url,
          `PGlite ${size}, 1 conn`,
          options.seconds,
          pathsFor,
          1,
        ),
      );
      await server.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  async function postgresSize(size: number, pgUrl: string) {
    const run = newRun('PostgreSQL', size);
    const { results, explained, comparisons, plainComparisons, firstRequests } = run;
    const latencies = runs.find((r) => r.database === 'PGlite' && r.size === size)?.latencies ?? [];
    await withCatalogDatabase(pgUrl, size, async (url) => {
      const scenarioSql: ScenarioSql = new Map();
      const numbers = new RequestNumbers();
      const pathsFor = (s: Scenario) => pathsOf(s, size, numbers);
      for (const e of await explainScenarios(
        (logQuery) => connect({ databaseUrl: url, maxConnections: 2, logQuery }),
        url,
        size,
        numbers,
        scenarioSql,
      ))
        explained.push({ ...e, label: `PostgreSQL ${size}` });
      const server = await startServer({ DATABASE_URL: url }, options.port);
      run.index = {
        answeredMs: Math.round(server.startMs),
        builtMs: Math.round(server.catalogIndexMs),
        rssBuiltMb: rssMb(server.pid),
      };
      run.sitemap = await sitemapFigures(server.url, server.pid);
      for (const s of FIXED) {
        await warmUp(server.url, s, pathsFor(s));
        const captured = scenarioSql.get(s.name);
        if (!captured?.warm.length) {
          // A page that sends no SQL (/: its content is static): nothing to compare with pgbench.
          results.push(await loadScenario(server.url, `PostgreSQL ${size}`, s, pathsFor(s), options.seconds));
          continue;
        }
        const settings = captured?.catalogOnly ? CATALOG_READS : {};
        // A never-repeating scenario's requests differ in cost: pgbench runs the SQL of several, one at random.
        const script = captured.samples
          ? captured.samples.map(pgbenchScript)
          : pgbenchScript(captured?.warm ?? []);
        const { api, comparison } = await compareRounds(
          `PostgreSQL ${size}: ${s.name}`,
          options.rounds,
          () => loadScenario(server.url, `PostgreSQL ${size}`, s, pathsFor(s), options.seconds),
          () => pgbench(url, script, options.seconds, 10, settings),
        );
        results.push(api);
        comparisons.push(comparison);
        // What a first request costs, before the catalog has kept its count and window: the SQL alone.
        const cold = captured?.cold;
        if (cold)
          firstRequests.push({
            name: `PostgreSQL ${size}: ${s.name}`,
            pgbenchTps: Math.round(pgbench(url, pgbenchScript(cold), options.seconds, 10, settings)),
          });
      }
      if (VARIED.length > 0) {
        // The plain catalog runs beside the app, idle while the app is loaded and the other way round.
        const plain = await startPlainCatalog(url, options.port + 1);
        try {
          for (const s of VARIED) {
            // The plain catalog keeps nothing: its warm-up and rounds may send what the app was sent.
            const plainPaths = (first: number) => (i: number) => s.path(first + i, size);
            await warmUp(server.url, s, pathsFor(s));
            await warmUp(plain.url, s, plainPaths(0));
            const runs: Array<{ app: LoadResult; plain: LoadResult; ratio: number }> = [];
            for (let round = 0; round < options.rounds; round++) {
              // The plain catalog gets the requests the app got in the round (from its first on, as many as it takes).
              const first = numbers.take(s, 0);
              const a = await loadScenario(server.url, `PostgreSQL ${size}`, s, pathsFor(s), options.seconds);
              const p = await loadScenario(
                plain.url,
                `PostgreSQL ${size}, plain catalog`,
                s,
                s.fresh ? plainPaths(first) : plainPaths(0),
                options.seconds,
              );
              runs.push({ app: a, plain: p, ratio: p.rps ? a.rps / p.rps : 0 });
            }
            runs.sort((a, b) => a.ratio - b.ratio);
            const median = runs[Math.floor(runs.length / 2)] as (typeof runs)[number];
            results.push(median.app, median.plain);
            plainComparisons.push({
              name: `PostgreSQL ${size}: ${s.name}`,
              app: median.app,
              plain: median.plain,
              ratio: median.ratio,
              rounds: runs.map((r) => r.ratio),
            });
          }
        } finally {
          await plain.stop();
        }
      }
      const pg1 = await loadScenarios(
        onOneConnection,
        server.url,
        `PostgreSQL ${size}, 1 conn`,
        options.seconds,
        pathsFor,
        1,
      );
      for (const [i, s] of onOneConnection.entries()) {
        const lite = singleConnection.get(`pglite ${size}`)?.[i];
        const pg = pg1[i];
        if (lite && pg)
          latencies.push({
            name: `${size}: ${s.name}`,
            pgliteMean: closedLoopMs(lite),
            postgresMean: closedLoopMs(pg),
            ratio: closedLoopMs(lite) / closedLoopMs(pg),
          });
      }
      if (run.index) run.index.rssEndMb = rssMb(server.pid);
      await server.stop();
    });
  }
}
