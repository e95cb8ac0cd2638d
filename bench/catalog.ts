/**
 * Catalog scenarios at 10k and 100k listings (BENCH_CATALOG_SIZES), on PostgreSQL (BENCH_DATABASE_URL) and PGlite
 * (BENCH_PGLITE=false leaves it out): throughput and latency of the API over loopback, and EXPLAIN of every query
 * each scenario runs (flagging sequential scans of products). BENCH_CATALOG_SCENARIOS=name,name runs only the
 * scenarios whose names contain one of those (e.g. "price range,single variety").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productListQuerySchema } from '@domain/catalog/schemas';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { CATALOG_READS, connect, type Database, queryRows } from '../server/src/db/connect';
import { CatalogService } from '../server/src/modules/catalog/service';
import { generateCatalog } from './catalog-generator';
import { type LoadResult, load } from './load';
import { type Comparison, compareRounds, inline, pgbench, pgbenchScript } from './pgbench';
import { startServer, withBenchDatabase } from './server';

const DETAIL_ID = 1000;

const ALL_SCENARIOS = [
  { name: 'list, no filter', query: 'inStock=true' },
  {
    name: 'list, three filters + sort',
    query:
      'variety=Sugar%20Dragon,Yellow%20Dragon&form=cutting&organic=true&inStock=true&sort=price-low-high',
  },
  {
    name: 'list, price range',
    query: 'variety=Sugar%20Dragon,Yellow%20Dragon&inStock=true&minPrice=10&maxPrice=200&sort=price-low-high',
  },
  { name: 'list, single variety', query: 'variety=Sugar%20Dragon&inStock=true' },
  { name: 'list, cutting 12 inch organic', query: 'form=cutting&cuttingSize=12%20inch&organic=true' },
  { name: 'list, text search', query: 'search=suger%20dragn&inStock=true' },
  { name: 'list, search "sugar"', query: 'search=sugar' },
  // The marketplace of a buyer whose state is known (a California address): the ships-to filter on.
  { name: 'list, ships to CA', query: 'inStock=true&shipsTo=CA' },
  { name: 'facets', query: 'inStock=true', facets: true },
  { name: 'facets, search "sugar"', query: 'search=sugar', facets: true },
  { name: 'facets, ships to CA', query: 'inStock=true&shipsTo=CA', facets: true },
  { name: 'detail', detail: true },
] as const;

const only = process.env.BENCH_CATALOG_SCENARIOS?.split(',').filter(Boolean);
export const SCENARIOS = ALL_SCENARIOS.filter((s) => !only || only.some((o) => s.name.includes(o)));

/**
 * Requests sent to a scenario before it is measured: at 10 connections each of the server's catalog connections
 * runs its statements well over five times, so PostgreSQL has made its choice between custom and generic plans
 * (a prepared statement is planned for its parameters five times, then may switch to a generic plan).
 */
const WARM_UP_REQUESTS = 300;

interface Explained {
  scenario: string;
  seqScan: boolean;
  plan: string;
}

/**
 * The SQL each scenario sends, one request's worth, with parameters inlined: `warm` is what a request sends once
 * the scenario has been asked for (what the API sends under load, compared with pgbench), `cold` what the first
 * request sends when it differs (a broad search's or price filter's count and relevance window, which the
 * catalog then keeps for a minute: see CAPPED_LIST_TTL_MS).
 */
export type ScenarioSql = Map<string, { warm: string[]; cold: string[] | null }>;

type Open = (logQuery: (query: string, params: unknown[]) => void) => Promise<Database>;

/**
 * Runs each scenario's service calls twice on a logging connection (a first request, then one that finds what the
 * first kept) and EXPLAINs every query either sent.
 */
async function explainScenarios(open: Open, sqlOut?: ScenarioSql): Promise<Explained[]> {
  let capture: Array<{ query: string; params: unknown[] }> | null = null;
  const database = await open((query, params) => capture?.push({ query, params }));
  const catalog = new CatalogService(database.db, database.catalogDb);
  const out: Explained[] = [];
  try {
    for (const s of SCENARIOS) {
      const q = productListQuerySchema.parse(
        Object.fromEntries(new URLSearchParams('query' in s ? s.query : '')),
      );
      const request = async () => {
        const sent: Array<{ query: string; params: unknown[] }> = [];
        capture = sent;
        if ('facets' in s) await catalog.facets(q);
        else if ('detail' in s) await catalog.get(DETAIL_ID);
        else await catalog.list(q);
        capture = null;
        return sent;
      };
      const first = await request();
      const then = await request();
      const [cold, warm] = [first, then].map((sent) =>
        sent.map(({ query, params }) => inline(query, params)),
      );
      sqlOut?.set(s.name, {
        warm: warm as string[],
        cold: cold?.join('\n') === warm?.join('\n') ? null : (cold as string[]),
      });
      const seen = new Set<string>();
      for (const { query, params } of [...first, ...then]) {
        if (seen.has(inline(query, params))) continue;
        seen.add(inline(query, params));
        const plan = (await explain(database, query, params)).join('\n');
        out.push({ scenario: s.name, seqScan: /Seq Scan on products/.test(plan), plan });
      }
    }
  } finally {
    await database.close();
  }
  return out;
}

async function explain(database: Database, query: string, params: unknown[]): Promise<string[]> {
  const text = inline(query, params);
  // On the catalog read pool, with its settings (no sequential scans), as the API runs these queries.
  const rows = await queryRows<Record<string, string>>(database.catalogDb, sql.raw(`explain ${text}`));
  return rows.map((r) => Object.values(r)[0] as string);
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

type Scenario = (typeof SCENARIOS)[number];

function scenarioUrl(url: string, s: Scenario): string {
  return 'detail' in s
    ? `${url}/api/products/${DETAIL_ID}`
    : `${url}/api/products${'facets' in s ? '/facets' : ''}?${s.query}`;
}

async function warmUp(url: string, s: Scenario): Promise<void> {
  await autocannon({ url: scenarioUrl(url, s), connections: 10, amount: WARM_UP_REQUESTS });
}

function loadScenario(url: string, label: string, s: Scenario, seconds: number, connections = 10) {
  return load({ name: `${label}: ${s.name}`, url: scenarioUrl(url, s), seconds, connections });
}

async function loadScenarios(
  url: string,
  label: string,
  seconds: number,
  connections = 10,
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const s of SCENARIOS) {
    if (connections > 1) await warmUp(url, s);
    results.push(await loadScenario(url, label, s, seconds, connections));
  }
  return results;
}

export async function catalogBench(options: {
  sizes: number[];
  pgUrl?: string;
  port: number;
  seconds: number;
  /** Rounds of the API against pgbench per scenario (the median is reported). */
  rounds: number;
}) {
  const results: LoadResult[] = [];
  const explained: Array<Explained & { label: string }> = [];
  const comparisons: Comparison[] = [];
  const singleConnection = new Map<string, LoadResult[]>();
  const latencies: LatencyComparison[] = [];
  const firstRequests: Array<{ name: string; pgbenchTps: number }> = [];
  for (const size of options.sizes) {
    if (process.env.BENCH_PGLITE !== 'false') await pgliteSize(size);
    if (options.pgUrl) await postgresSize(size, options.pgUrl);
  }
  return { results, explained, comparisons, latencies, firstRequests };

  async function pgliteSize(size: number) {
    // PGlite: generate into a folder, then serve it.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dfm-bench-catalog-'));
    try {
      const gen = await connect({ dataDir: dir });
      await gen.migrate();
      const t = performance.now();
      await generateCatalog(gen, size);
      console.log(`PGlite: generated ${size} listings in ${Math.round(performance.now() - t)} ms`);
      await gen.close();
      for (const e of await explainScenarios((logQuery) => connect({ dataDir: dir, logQuery })))
        explained.push({ ...e, label: `PGlite ${size}` });
      const server = await startServer({ DATA_DIR: dir }, options.port);
      results.push(...(await loadScenarios(server.url, `PGlite ${size}`, options.seconds)));
      singleConnection.set(
        `pglite ${size}`,
        await loadScenarios(server.url, `PGlite ${size}, 1 conn`, options.seconds, 1),
      );
      await server.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  async function postgresSize(size: number, pgUrl: string) {
    const name = `dfm_bench_catalog_${process.pid}_${size}`;
    await withBenchDatabase(pgUrl, name, async (url) => {
      const gen = await connect({ databaseUrl: url, maxConnections: 2 });
      await gen.migrate();
      const t = performance.now();
      await generateCatalog(gen, size);
      console.log(`PostgreSQL: generated ${size} listings in ${Math.round(performance.now() - t)} ms`);
      await gen.close();
      const scenarioSql: ScenarioSql = new Map();
      for (const e of await explainScenarios(
        (logQuery) => connect({ databaseUrl: url, maxConnections: 1, logQuery }),
        scenarioSql,
      ))
        explained.push({ ...e, label: `PostgreSQL ${size}` });
      const server = await startServer({ DATABASE_URL: url }, options.port);
      for (const s of SCENARIOS) {
        await warmUp(server.url, s);
        const { api, comparison } = await compareRounds(
          `PostgreSQL ${size}: ${s.name}`,
          options.rounds,
          () => loadScenario(server.url, `PostgreSQL ${size}`, s, options.seconds),
          () =>
            pgbench(
              url,
              pgbenchScript(scenarioSql.get(s.name)?.warm ?? []),
              options.seconds,
              10,
              CATALOG_READS,
            ),
        );
        results.push(api);
        comparisons.push(comparison);
        // What a first request costs, before the catalog has kept its count and window: the SQL alone.
        const cold = scenarioSql.get(s.name)?.cold;
        if (cold)
          firstRequests.push({
            name: `PostgreSQL ${size}: ${s.name}`,
            pgbenchTps: Math.round(pgbench(url, pgbenchScript(cold), options.seconds, 10, CATALOG_READS)),
          });
      }
      const pg1 = await loadScenarios(server.url, `PostgreSQL ${size}, 1 conn`, options.seconds, 1);
      for (const [i, s] of SCENARIOS.entries()) {
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
