/**
 * Catalog scenarios at 10k and 100k listings (BENCH_CATALOG_SIZES; 1000000 works too), on PostgreSQL
 * (BENCH_DATABASE_URL) and PGlite (BENCH_PGLITE=false leaves it out): throughput and latency over loopback of
 * - the list and facet requests of /marketplace, and the requests of a product page (the listing, its related
 *   listings, its reviews, the shipping check for a state);
 * - the server-rendered pages themselves (/, /marketplace, /product/:id), which answer their API requests in-process;
 * - varied queries (a different price range, page or search term each request), compared side by side with a
 *   plain Express + node-postgres catalog over the same database (bench/plain-catalog.ts, PostgreSQL only).
 * Every query each scenario sends is EXPLAINed as its pool plans it (the catalog pool for its values; the statement
 * pool both for its values and generically, as a prepared statement is after five runs), flagging any sequential
 * scan of products. BENCH_CATALOG_SCENARIOS=name,name runs only the scenarios whose names contain one of those
 * (e.g. "price range,single variety").
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { CATALOG_READS, connect, type Database, queryRows } from '../server/src/db/connect';
import { generateCatalog } from './catalog-generator';
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
 * A scenario: a request's path (the same every time, or for a varied one the i-th request's), and what kind of
 * request it is: an API request, a server-rendered page (HTML, brotli), or a varied query also sent to the plain
 * catalog. `group` names the page a request belongs to, for the tables.
 */
interface Scenario {
  name: string;
  path: (i: number) => string;
  group: 'marketplace' | 'product page' | 'storefront' | 'page' | 'varied';
  /** At one connection on both databases too (PGlite against PostgreSQL). */
  latency?: boolean;
  /** A page whose path changes from one request to the next (path(i)); a varied scenario's always does. */
  varies?: boolean;
}

/** Whether a scenario's requests go to different paths. */
const varies = (s: Scenario) => s.group === 'varied' || s.varies === true;

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
  // The pages as a visitor (or a crawler) gets them: kept by the page cache (PAGE_CACHE_MB, on by default) once
  // rendered, until the catalog changes (docs/decisions/0025-page-cache.md). The same page again and again, then
  // 200 listings' pages in turn (all kept after the warm-up); then a different listing each request, nearly every
  // one a render: what a page costs when the cache does not have it.
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
    path: (i) => `/product/${1 + (spread(i, 6) % 10_000)}`,
    group: 'page',
    varies: true,
  },
  { name: 'page /sellers/:username', path: () => `/sellers/${STOREFRONT}`, group: 'page' },
  // Varied queries: no two requests in a row alike, so nothing the catalog keeps for a minute answers them.
  {
    name: 'varied price range',
    path: (i) => {
      const min = 5 + (spread(i, 1) % 150);
      const max = min + 5 + (spread(i, 2) % 145);
      return `/api/products?variety=Sugar%20Dragon,Yellow%20Dragon&inStock=true&minPrice=${min}&maxPrice=${max}&sort=price-low-high`;
    },
    group: 'varied',
  },
  {
    name: 'varied page, one variety',
    path: (i) => `/api/products?variety=Sugar%20Dragon&inStock=true&page=${1 + (spread(i, 3) % 500)}&limit=6`,
    group: 'varied',
  },
  {
    name: 'varied search term',
    path: (i) =>
      `/api/products?search=${SEARCH_WORDS[spread(i, 4) % SEARCH_WORDS.length]}%20${1 + (spread(i, 5) % 100_000)}`,
    group: 'varied',
  },
  // Two words each request, each a typo, a name or a start (TYPO_WORDS), and a lot number: every word's lookup runs.
  {
    name: 'varied search, typos and names',
    path: (i) =>
      `/api/products?search=${TYPO_WORDS[spread(i, 7) % TYPO_WORDS.length]}%20${TYPO_WORDS[spread(i, 8) % TYPO_WORDS.length]}%20${1 + (spread(i, 9) % 100_000)}`,
    group: 'varied',
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
export type ScenarioSql = Map<string, { warm: string[]; cold: string[] | null; catalogOnly: boolean }>;

type Pool = 'statements' | 'catalog';
type Sent = { query: string; params: unknown[]; pool: Pool };
type Open = (logQuery: (query: string, params: unknown[], pool: Pool) => void) => Promise<Database>;

const isRead = (query: string) => /^\s*(select|with)\b/i.test(query);

/**
 * Builds the app in-process on a logging connection and asks it for each scenario's path as the server would be
 * asked (a page renders with its API requests answered in-process, so their SQL is the page's): a fixed scenario
 * twice (a first request, then one that finds what the first kept), a varied one for three different requests.
 * Every read either sent is EXPLAINed as its pool plans it; on PostgreSQL (`pgUrl`) a statement-pool query is also
 * EXPLAINed as a generic plan, which a prepared statement gets after five runs.
 */
async function explainScenarios(
  open: Open,
  pgUrl: string | null,
  sqlOut?: ScenarioSql,
): Promise<Explained[]> {
  let capture: Sent[] | null = null;
  const database = await open((query, params, pool) => capture?.push({ query, params, pool }));
  const config = loadConfig({ NODE_ENV: 'test' });
  config.clientDir = path.join(root, 'dist/client');
  const app = await buildApp({ database, config });
  await app.server.ready();
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
          url: s.path(i),
          headers: s.group === 'page' ? { accept: 'text/html' } : { accept: 'application/json' },
        });
        capture = null;
        if (res.statusCode !== 200) throw new Error(`${s.name}: ${s.path(i)} answered ${res.statusCode}`);
        return sent.filter((q) => isRead(q.query));
      };
      const runs = s.group === 'varied' ? [await request(0), await request(1), await request(2)] : [];
      if (s.group !== 'varied') {
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

async function warmUp(url: string, s: Scenario): Promise<void> {
  let sent = 0;
  await autocannon({
    url: `${url}${s.path(0)}`,
    headers: headersOf(s),
    connections: 10,
    amount: WARM_UP_REQUESTS,
    ...(varies(s)
      ? {
          // Requests other than the measured ones (for 200 pages in turn, every one of them once or more).
          requests: [
            { setupRequest: (r: autocannon.Request) => ({ ...r, path: s.path(1_000_000 + sent++) }) },
          ],
        }
      : {}),
  });
}

function loadScenario(url: string, label: string, s: Scenario, seconds: number, connections = 10) {
  return load({
    name: `${label}: ${s.name}`,
    url: `${url}${s.path(0)}`,
    headers: headersOf(s),
    seconds,
    connections,
    ...(varies(s) ? { path: s.path } : {}),
  });
}

async function loadScenarios(
  scenarios: Scenario[],
  url: string,
  label: string,
  seconds: number,
  connections = 10,
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const s of scenarios) {
    if (connections > 1) await warmUp(url, s);
    results.push(await loadScenario(url, label, s, seconds, connections));
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
  const generate = async (url: string) => {
    const gen = await connect({ databaseUrl: url, maxConnections: 2 });
    await gen.migrate();
    const [row] = await queryRows<{ n: number }>(gen.db, sql`select count(*)::int as n from products`);
    if (!kept || Number(row?.n) === 0) {
      const t = performance.now();
      await generateCatalog(gen, size);
      console.log(`PostgreSQL: generated ${size} listings in ${Math.round(performance.now() - t)} ms`);
    } else console.log(`PostgreSQL: ${row?.n} listings in ${kept}, generated before`);
    await gen.close();
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
      for (const e of await explainScenarios((logQuery) => connect({ dataDir: dir, logQuery }), null))
        explained.push({ ...e, label: `PGlite ${size}` });
      const server = await startServer({ DATA_DIR: dir }, options.port);
      results.push(...(await loadScenarios(SCENARIOS, server.url, `PGlite ${size}`, options.seconds)));
      singleConnection.set(
        `pglite ${size}`,
        await loadScenarios(onOneConnection, server.url, `PGlite ${size}, 1 conn`, options.seconds, 1),
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
      for (const e of await explainScenarios(
        (logQuery) => connect({ databaseUrl: url, maxConnections: 2, logQuery }),
        url,
        scenarioSql,
      ))
        explained.push({ ...e, label: `PostgreSQL ${size}` });
      const server = await startServer({ DATABASE_URL: url }, options.port);
      run.sitemap = await sitemapFigures(server.url, server.pid);
      for (const s of FIXED) {
        await warmUp(server.url, s);
        const captured = scenarioSql.get(s.name);
        if (!captured?.warm.length) {
          // A page that sends no SQL (/: its content is static): nothing to compare with pgbench.
          results.push(await loadScenario(server.url, `PostgreSQL ${size}`, s, options.seconds));
          continue;
        }
        const settings = captured?.catalogOnly ? CATALOG_READS : {};
        const { api, comparison } = await compareRounds(
          `PostgreSQL ${size}: ${s.name}`,
          options.rounds,
          () => loadScenario(server.url, `PostgreSQL ${size}`, s, options.seconds),
          () => pgbench(url, pgbenchScript(captured?.warm ?? []), options.seconds, 10, settings),
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
            await warmUp(server.url, s);
            await warmUp(plain.url, s);
            const runs: Array<{ app: LoadResult; plain: LoadResult; ratio: number }> = [];
            for (let round = 0; round < options.rounds; round++) {
              const a = await loadScenario(server.url, `PostgreSQL ${size}`, s, options.seconds);
              const p = await loadScenario(
                plain.url,
                `PostgreSQL ${size}, plain catalog`,
                s,
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
      await server.stop();
    });
  }
}
