/**
 * `npm run bench`: start-up and load figures for the real server on loopback.
 * - Embedded (PGlite): first start on an empty folder (create, migrate, seed) and a restart on it.
 * - Accounts: a signed-in GET /api/auth/me (session lookup), and POST /api/auth/login (argon2id).
 * - Pages: /, /marketplace and a product page as a visitor's browser gets them (rendered on the server, brotli).
 * - Catalog (bench/catalog.ts: the marketplace's and a product page's requests, the rendered pages, varied queries
 *   against a plain catalog; BENCH_CATALOG=false skips it) and cart and checkout (bench/orders.ts;
 *   BENCH_ORDERS=false skips it), each compared with pgbench on PostgreSQL over BENCH_ROUNDS rounds (default 3).
 * - PostgreSQL only: a soak of 200 buyers for BENCH_SOAK_SECONDS (default 60) that must reconcile (bench/soak.ts;
 *   BENCH_SOAK=false skips it).
 * With BENCH_DATABASE_URL=postgres://… the load scenarios run on PostgreSQL as well (in a new database).
 * BENCH_PAGES=false leaves out the start-up, account and page figures (e.g. for a catalog-only run).
 * Each area's tables are printed and, at the end, written to bench/results/<area>-<database>[-<size>].md
 * (bench/results.ts; an area the run left out keeps its file); then docs/performance.md's copies of those files are
 * rewritten (scripts/performance-doc.mjs).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_BUYER } from '@domain/constants';
import { refreshPerformanceDoc } from '../scripts/performance-doc.mjs';
import { type CatalogRun, catalogBench } from './catalog';
import { type LoadResult, load, loadTable } from './load';
import { ordersBench, type ProviderRun } from './orders';
import type { Comparison } from './pgbench';
import { machine, report, writeResults } from './results';
import { login, startServer, withBenchDatabase } from './server';
import { soak } from './soak';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const percent = (r: number) => `${Math.round(r * 100)}%`;

function comparisonTable(comparisons: Comparison[]): string {
  return [
    'The API against the same SQL run by pgbench (10 clients); budget: the API reaches 60% or more:',
    '',
    '| scenario | API req/s | pgbench tx/s | API / pgbench (median) | every round |',
    '|---|---:|---:|---:|---|',
    ...comparisons.map(
      (c) =>
        `| ${c.name} | ${c.apiRps} | ${c.pgbenchTps} | ${percent(c.ratio)}${c.ratio >= 0.6 ? '' : ' (below budget)'} | ${c.rounds.map(percent).join(', ')} |`,
    ),
  ].join('\n');
}

/** The tables of one catalog size on one database, reported to bench/results/catalog-<database>-<size>.md. */
function reportCatalog(c: CatalogRun): void {
  const area = `catalog-${c.database.toLowerCase()}-${c.size}`;
  report(area, c.database, loadTable(c.results));
  if (c.latencies.length > 0)
    report(
      area,
      'PostgreSQL',
      [
        'PGlite against PostgreSQL at one connection, mean latency; budget: within 3x:',
        '',
        '| scenario | PGlite mean ms | PostgreSQL mean ms | PGlite / PostgreSQL |',
        '|---|---:|---:|---:|',
        ...c.latencies.map(
          (l) =>
            `| ${l.name} | ${l.pgliteMean} | ${l.postgresMean} | ${l.ratio.toFixed(1)}x${l.ratio <= 3 ? '' : ' (over budget)'} |`,
        ),
      ].join('\n'),
    );
  if (c.comparisons.length > 0) report(area, c.database, comparisonTable(c.comparisons));
  // Visitors' product and marketplace pages served from the page cache (decision 0025), against the issue's target.
  const kept = c.results.filter(
    (r) => /: page \/(marketplace|product)/.test(r.name) && !r.name.includes('rendered'),
  );
  if (kept.length > 0)
    report(
      area,
      c.database,
      [
        "Visitors' pages from the page cache (10 connections, brotli); target: 1,000 req/s or more at 100,000 listings:",
        '',
        '| scenario | req/s | p99 ms | |',
        '|---|---:|---:|---|',
        ...kept.map(
          (r) => `| ${r.name} | ${r.rps} | ${r.p99} | ${r.rps >= 1000 ? 'reaches it' : '(below target)'} |`,
        ),
      ].join('\n'),
    );
  if (c.index)
    report(
      area,
      c.database,
      `The server answered ${c.index.answeredMs} ms after it was started, and had built its catalog index ` +
        `(docs/decisions/0041-catalog-facets-in-memory.md) ${c.index.builtMs} ms after; its memory then ` +
        `${c.index.rssBuiltMb} MB${c.index.rssEndMb === undefined ? '' : `, after every scenario ${c.index.rssEndMb} MB`}.`,
    );
  if (c.sitemap)
    report(
      area,
      c.database,
      `The first listings sitemap (/sitemap-listings-1.xml, ${c.sitemap.urls.toLocaleString('en-US')} URLs, gzipped), fetched ` +
        `five times: ${c.sitemap.ms.join(', ')} ms; the server's memory ${c.sitemap.rssBeforeMb} MB once it had sent ` +
        `the first, at most ${c.sitemap.rssPeakMb} MB during the other four, ` +
        `${c.sitemap.rssPeakMb - c.sitemap.rssBeforeMb} MB more ` +
        '(targets: under 1 s, under 100 MB more).',
    );
  if (c.plainComparisons.length > 0)
    report(
      area,
      c.database,
      [
        'Varied queries (a different range, page, term or filter set each request), the app against a plain Express + node-postgres catalog over the same database, alternating (10 connections); target: 6x, p50 under 20 ms at 100,000:',
        '',
        '| scenario | app req/s | p50 ms | plain req/s | p50 ms | app / plain (median) | every round |',
        '|---|---:|---:|---:|---:|---:|---|',
        ...c.plainComparisons.map(
          (p) =>
            `| ${p.name} | ${p.app.rps} | ${p.app.p50} | ${p.plain.rps} | ${p.plain.p50} | ${p.ratio.toFixed(1)}x${p.ratio >= 6 ? '' : ' (below target)'} | ${p.rounds.map((r) => `${r.toFixed(1)}x`).join(', ')} |`,
        ),
      ].join('\n'),
    );
  if (c.firstRequests.length > 0)
    report(
      area,
      c.database,
      [
        'A first request (the catalog then keeps its capped count and relevance window for a minute): its SQL alone, by pgbench (10 clients):',
        '',
        '| scenario | pgbench tx/s |',
        '|---|---:|',
        ...c.firstRequests.map((f) => `| ${f.name} | ${f.pgbenchTps} |`),
      ].join('\n'),
    );
  // On stdout every plan's verdict (the plan itself when it reads products whole, or with BENCH_PLANS=true); in the
  // file, one line.
  for (const e of c.explained) {
    console.log(
      `- ${e.label}, ${e.scenario}: ${e.seqScan ? 'SEQUENTIAL SCAN of products' : 'no sequential scan of products'}`,
    );
    if (process.env.BENCH_PLANS === 'true' || e.seqScan) console.log(e.plan.replace(/^/gm, '    '));
  }
  const scans = c.explained.filter((e) => e.seqScan).map((e) => e.scenario);
  report(
    area,
    c.database,
    `Query plans (EXPLAIN) of every query these scenarios send, ${c.explained.length} plans${c.database === 'PostgreSQL' ? ' (statement-pool queries also as generic plans)' : ''}: ${scans.length > 0 ? `SEQUENTIAL SCAN of products in ${scans.join(', ')}` : 'no sequential scan of products'}.`,
  );
}

/** Checkout under each payment provider, run alternately on one database. */
function providerTable(providers: ProviderRun[]): string {
  const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;
  const base = median(providers[0]?.runs ?? []);
  return [
    'Checkout under each way of paying, alternately on the one database (the order reversed every other round), checkouts per second:',
    '',
    '| payments | every run | median | against the default |',
    '|---|---|---:|---:|',
    ...providers.map(
      (p) =>
        `| ${p.provider} | ${p.runs.join(', ')} | ${median(p.runs)} | ${base ? percent(median(p.runs) / base) : '-'} |`,
    ),
  ].join('\n');
}

const PORT = Number(process.env.BENCH_PORT ?? 5199);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function accountScenarios(url: string, label: string): Promise<LoadResult[]> {
  const cookie = await login(url, DEMO_BUYER.username, DEMO_BUYER.password);
  return [
    await load({
      name: `${label}: GET /api/auth/me`,
      url: `${url}/api/auth/me`,
      headers: { cookie },
      seconds: SECONDS,
    }),
    await load({
      name: `${label}: POST /api/auth/login (argon2id)`,
      url: `${url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(DEMO_BUYER),
      connections: 2,
      seconds: SECONDS,
    }),
  ];
}

/** Whole pages, rendered on the server with their data and compressed, as a visitor's browser asks for them. */
async function pageScenarios(url: string, label: string): Promise<LoadResult[]> {
  const [product] = (await (await fetch(`${url}/api/products?limit=1`)).json()) as { id: number }[];
  const results: LoadResult[] = [];
  for (const page of ['/', '/marketplace', `/product/${product?.id}`]) {
    results.push(
      await load({
        name: `${label}: page ${page.replace(/\d+$/, ':id')}`,
        url: `${url}${page}`,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
        seconds: SECONDS,
      }),
    );
  }
  return results;
}

// @ts-expect-error: a plain .mjs build script without types
const { buildServer } = await import('../scripts/server-build.mjs');
// @ts-expect-error: a plain .mjs build script without types
const { ensureClientBuilt } = await import('../scripts/client-build.mjs');
if (!ensureClientBuilt()) process.exit(1);
await buildServer();

console.log(`Machine: ${machine}\n`);

const pages = process.env.BENCH_PAGES !== 'false';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dfm-bench-'));
try {
  if (pages) await pgliteStartAndPages();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

async function pgliteStartAndPages() {
  const first = await startServer({ DATA_DIR: dataDir }, PORT);
  await first.stop();
  report(
    'start-up-pglite',
    'PGlite',
    `Embedded database: first start (create, migrate, seed) ${Math.round(first.startMs)} ms to first answer`,
  );
  // Restarts on the existing folder: the median of three, as one start is at the mercy of the machine.
  const restarts: number[] = [];
  for (let i = 0; i < 2; i++) {
    const s = await startServer({ DATA_DIR: dataDir }, PORT);
    restarts.push(Math.round(s.startMs));
    await s.stop();
  }
  const again = await startServer({ DATA_DIR: dataDir }, PORT);
  restarts.push(Math.round(again.startMs));
  const median = [...restarts].sort((a, b) => a - b)[1];
  report(
    'start-up-pglite',
    'PGlite',
    `Embedded database: restart on the existing folder ${median} ms to first answer (median of ${restarts.join(', ')}; budget 2000 ms)`,
  );
  report('accounts-pglite', 'PGlite', loadTable(await accountScenarios(again.url, 'PGlite')));
  report('pages-pglite', 'PGlite', loadTable(await pageScenarios(again.url, 'PGlite')));
  await again.stop();
}

// The hardiness zone of a ZIP code (server/src/modules/shipping/hardiness-zones.ts): the table's load, then lookups
// of random 5-digit ZIPs (most of them in no table), in this process; target: under 0.1 ms a lookup.
if (process.env.BENCH_ZONES !== 'false') {
  const { parseZoneTable, hardinessZone } = await import('../server/src/modules/shipping/hardiness-zones');
  const text = readFileSync(
    path.join(import.meta.dirname, '../server/src/modules/shipping/hardiness-zones.csv'),
    'utf8',
  );
  const parseStarted = performance.now();
  parseZoneTable(text);
  const parseMs = performance.now() - parseStarted;
  await hardinessZone('33130');
  const zips = Array.from({ length: 200_000 }, (_, i) => String((i * 7_919) % 100_000).padStart(5, '0'));
  let known = 0;
  const started = performance.now();
  for (const zip of zips) if (await hardinessZone(zip)) known++;
  const perLookupMs = (performance.now() - started) / zips.length;
  report(
    'zones',
    'none',
    `Hardiness zones: the table (29,754 ZIP codes) parsed in ${parseMs.toFixed(1)} ms; ${zips.length.toLocaleString('en-US')} lookups of ZIP codes spread over 00000 to 99999 (${known.toLocaleString('en-US')} with a zone) took ${(perLookupMs * 1000).toFixed(2)} µs each, awaited one after another (target: under 0.1 ms).`,
  );
}

const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl && pages) {
  const name = `dfm_bench_${process.pid}`;
  await withBenchDatabase(pgUrl, name, async (url) => {
    const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'true' }, PORT);
    report('accounts-postgresql', 'PostgreSQL', loadTable(await accountScenarios(server.url, 'PostgreSQL')));
    report('pages-postgresql', 'PostgreSQL', loadTable(await pageScenarios(server.url, 'PostgreSQL')));
    await server.stop();
  });
} else if (!pgUrl) {
  console.log(
    'PostgreSQL scenarios skipped: set BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them.\n',
  );
}

if (process.env.BENCH_CATALOG !== 'false') {
  const sizes = (process.env.BENCH_CATALOG_SIZES ?? '10000,100000').split(',').map(Number);
  const runs = await catalogBench({ sizes, pgUrl, port: PORT, seconds: SECONDS, rounds: ROUNDS });
  for (const c of runs) reportCatalog(c);
}

if (process.env.BENCH_ORDERS !== 'false') {
  const { pglite, postgresql, comparisons, providers } = await ordersBench({
    pgUrl,
    port: PORT,
    seconds: SECONDS,
    rounds: ROUNDS,
  });
  const buyers = 'Cart and checkout: 10 buyers, each on its own connection and listing.';
  report('cart-and-checkout-pglite', 'PGlite', `${buyers}\n\n${loadTable(pglite)}`);
  if (postgresql.length > 0) {
    report('cart-and-checkout-postgresql', 'PostgreSQL', `${buyers}\n\n${loadTable(postgresql)}`);
    report('cart-and-checkout-postgresql', 'PostgreSQL', comparisonTable(comparisons));
    report('cart-and-checkout-postgresql', 'PostgreSQL', providerTable(providers));
  }
}

if (pgUrl && process.env.BENCH_SOAK !== 'false') {
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
  const { load: result, acknowledged, problems } = await soak({ pgUrl, port: PORT, seconds });
  report(
    'soak-postgresql',
    'PostgreSQL',
    `Soak on PostgreSQL, ${result.connections} buyers for ${seconds} s (browse, open a listing, add to cart, check out every third round): ` +
      `${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.serverErrors} 5xx, ${acknowledged} orders acknowledged; ` +
      (problems.length
        ? `DOES NOT RECONCILE: ${problems.join('; ')}`
        : 'orders, order lines and stock reconcile.') +
      `\n\n${loadTable([result])}`,
  );
}

const written = await writeResults(pgUrl);
console.log(`Results written to ${written.join(', ') || 'no file (no area was measured)'}.`);
const doc = refreshPerformanceDoc();
console.log(
  `docs/performance.md: ${doc.rewritten} of its results blocks rewritten from their files` +
    (doc.unquoted.length > 0 ? `; not quoted there: ${doc.unquoted.join(', ')}` : '') +
    (doc.problems.length > 0 ? `\n${doc.problems.join('\n')}` : ''),
);
