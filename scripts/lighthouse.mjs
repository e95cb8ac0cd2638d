#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile settings: a mid-range phone on slow 4G, simulated) against the built
// app, in the system Chromium, on a fresh embedded database with the demo data: `/`, `/marketplace`, a product
// page with a photo (uploaded here, as the demo seller), the heaviest product page (the most reviews, and its drawing
// for a picture) and a storefront (`/sellers/demo_seller`, skipped with a note while that page answers 404). Each page is measured three times; the median of the three is what counts
// (a single run moves by several points on a busy machine). Prints each run's four category scores, the medians,
// and exits 1 when a median misses the targets of docs/quality.md#performance-budgets: performance >= 95,
// accessibility 100, best practices 100, SEO >= 90.
//
// Writes the run's figures to bench/results/lighthouse/ (LIGHTHOUSE_RESULTS=<folder> for another): <stamp>.json
// (every run's scores and metrics) and <stamp>.md (a summary), each with the date, the commit, the machine and its
// load average, so that runs on different days or machines can be told apart; the summary is also
// bench/results/lighthouse.md, quoted by docs/performance.md#lighthouse (as `npm run bench` does with its files).
//
// Settings: LIGHTHOUSE_RUNS (3), LIGHTHOUSE_PAGES (names to measure, comma-separated: home, marketplace, product,
// product-reviews, storefront), LIGHTHOUSE_PORT (5181), CHROMIUM_PATH (/usr/bin/chromium),
// LIGHTHOUSE_REPORTS=<folder> (keeps each run's full report, JSON, to see where the time goes).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { ensureClientBuilt, root } from './client-build.mjs';
import { refreshPerformanceDoc } from './performance-doc.mjs';
import { buildServer } from './server-build.mjs';

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 90 };
const CATEGORY_LABELS = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};
/** The metrics the summary gives the medians of (Lighthouse's audit ids), and how each is shown. */
const METRICS = {
  'first-contentful-paint': { label: 'FCP', unit: 's' },
  'largest-contentful-paint': { label: 'LCP', unit: 's' },
  'total-blocking-time': { label: 'TBT', unit: 'ms' },
  'cumulative-layout-shift': { label: 'CLS', unit: '' },
  'speed-index': { label: 'Speed Index', unit: 's' },
};
// The demo seller (domain/constants.ts DEMO_SELLER; the demo accounts' passwords are public).
const DEMO_SELLER = { username: 'demo_seller', password: 'demoseller123' };

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 5181);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const resultsDir = path.resolve(root, process.env.LIGHTHOUSE_RESULTS ?? 'bench/results/lighthouse');
// Without LIGHTHOUSE_RESULTS the run is also the area's file, as the bench writes its own: bench/results/lighthouse.md,
// which docs/performance.md quotes (and which this run refreshes there).
const latestFile = process.env.LIGHTHOUSE_RESULTS ? null : path.join(root, 'bench/results/lighthouse.md');
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());

if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(
    `LIGHTHOUSE_RUNS must be a whole number of runs, at least 1 (got ${process.env.LIGHTHOUSE_RUNS})`,
  );
  process.exit(1);
}
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH).`);
  process.exit(1);
}

// Taken before the run loads the machine: a busy machine scores lower, and the results say how busy it was.
const started = new Date();
const loadAtStart = os.loadavg();
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
let commit = 'not known (git did not answer)';
try {
  commit = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'client', 'domain', 'server', 'vite.config.ts') ? ', with uncommitted changes' : ''}`;
} catch {
  // Not a git checkout: the results say so.
}
const cpus = os.cpus();
const machine = {
  cpu: cpus[0]?.model.trim() ?? 'not known',
  cores: cpus.length,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
};

if (!ensureClientBuilt()) process.exit(1);
await buildServer();

// The demo data is seeded only outside production (SEED_DEMO may not be on with NODE_ENV=production), so the
// server runs with the default NODE_ENV: the same built client and server renderer, without HSTS (plain HTTP here).
let server;
let dataDir;
/** Starts the server on a fresh embedded database, seeded with the demo data, and waits for it to answer. */
async function startServer() {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dfm-lighthouse-'));
  server = spawn(process.execPath, [path.join(root, 'dist/server/main.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      PHOTO_STORE: 'local',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server.exited = new Promise((r) => server.once('exit', r));
  await waitForServer();
}
async function stopServer() {
  if (!server) return;
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
const base = `http://127.0.0.1:${PORT}`;
let chrome;
let failed = false;
const measured = [];
const skipped = [];
/** Times the server stopped during the run (on a shared machine, something else may end it) and was started again. */
let restarts = 0;
let pages = [];
try {
  await startServer();
  pages = await choosePages();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  const chromeVersion = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
  console.log(
    `${RUNS} runs a page; ${machine.cores} × ${machine.cpu}; load average ${loadText(loadAtStart)}`,
  );
  for (const page of pages) {
    // Warm the server (its first render of a page compiles code): the runs measure the page, not the start.
    await keepServer();
    for (let i = 0; i < 2; i++) await (await fetch(`${base}${page.path}`)).arrayBuffer();
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const lhr = await measure(page, run);
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        writeFileSync(path.join(reportsDir, `${page.name}-${run}.json`), JSON.stringify(lhr, null, 1));
      }
      const r = {
        scores: Object.fromEntries(
          Object.keys(TARGETS).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
        ),
        metrics: Object.fromEntries(
          Object.keys(METRICS).map((id) => [id, lhr.audits[id]?.numericValue ?? null]),
        ),
        lcpElement:
          lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel,
        benchmarkIndex: lhr.environment?.benchmarkIndex,
        // A run whose trace failed three times measured nothing: it is shown, and left out of the medians.
        error: lhr.runtimeError?.code,
        lhr,
      };
      runs.push(r);
      console.log(
        `  ${page.path} run ${run}: ${
          r.error
            ? `failed (${r.error})`
            : `${Object.entries(r.scores)
                .map(([id, s]) => `${CATEGORY_LABELS[id]} ${s}`)
                .join(', ')}; ${metricsText(r.metrics)}`
        }`,
      );
    }
    const good = runs.filter((r) => !r.error);
    const medians = {
      scores: Object.fromEntries(
        Object.keys(TARGETS).map((id) => [id, median(good.map((r) => r.scores[id])) ?? 0]),
      ),
      metrics: Object.fromEntries(
        Object.keys(METRICS).map((id) => [
          id,
          median(good.map((r) => r.metrics[id]).filter((v) => v !== null)),
        ]),
      ),
    };
    const misses = Object.entries(TARGETS).filter(([id, target]) => medians.scores[id] < target);
    if (misses.length) failed = true;
    measured.push({ ...page, runs, medians, misses: misses.map(([id]) => id) });
    console.log(`  ${page.path} median: ${scoresText(medians.scores)}; ${metricsText(medians.metrics)}`);
    // What cost the points: the failing audits of a category whose median is below its target (last run's).
    const last = (good[good.length - 1] ?? runs[runs.length - 1]).lhr;
    for (const [id] of misses) {
      for (const ref of last.categories[id].auditRefs) {
        const audit = last.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          console.log(`    ${id}: ${audit.id} (${audit.displayValue ?? audit.title}), score ${audit.score}`);
      }
    }
  }
  const loadAtEnd = os.loadavg();
  const written = writeResults({
    chromium: chromeVersion.Browser,
    lighthouseVersion: measured[0]?.runs[0]?.lhr.lighthouseVersion,
    loadAtEnd,
  });
  console.log(`\n${summaryTable()}`);
  for (const s of skipped) console.log(`Skipped ${s.path}: ${s.reason}`);
  console.log(`Written: ${written.map((f) => path.relative(root, f)).join(', ')}`);
} finally {
  await chrome?.kill();
  await stopServer();
}
process.exit(failed ? 1 : 0);

/**
 * One run of Lighthouse. A run whose trace failed (NO_NAVSTART and the like, seen on a loaded machine) scores 0
 * without having measured anything: it is tried again, up to three times, and said so.
 */
async function measure(page, run) {
  for (let attempt = 1; ; attempt++) {
    await keepServer();
    const pagePath = page.path;
    const result = await lighthouse(`${base}${pagePath}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
    const error = result.lhr.runtimeError;
    if (!error || attempt === 3) return result.lhr;
    console.log(`  ${pagePath} run ${run}: ${error.code} (${error.message}), measured again`);
  }
}

/**
 * The server answers, or is started again: on a fresh database, with the photo uploaded again (the demo data is
 * the same, so is the product page's listing). Said on the console and in the results.
 */
async function keepServer() {
  try {
    if ((await fetch(`${base}/api/health`)).ok) return;
  } catch {
    // not answering
  }
  restarts++;
  console.log('  The server stopped answering (ended from outside?): started again on a fresh database.');
  await stopServer();
  await startServer();
  const product = pages.find((p) => p.name === 'product');
  if (product) product.path = `/product/${await productWithPhoto()}`;
  for (let i = 0; i < 2; i++) await (await fetch(`${base}${product?.path ?? '/'}`)).arrayBuffer();
}

async function waitForServer() {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pages to measure: a product page gets a photo first; a page that answers 404 is skipped with a note. */
async function choosePages() {
  const wanted = (name) => !onlyPages || onlyPages.includes(name);
  const pages = [];
  if (wanted('home')) pages.push({ name: 'home', path: '/', what: 'home' });
  if (wanted('marketplace')) pages.push({ name: 'marketplace', path: '/marketplace', what: 'marketplace' });
  if (wanted('product')) {
    const id = await productWithPhoto();
    pages.push({ name: 'product', path: `/product/${id}`, what: 'a product page with a photo' });
  }
  if (wanted('product-reviews')) {
    const id = await mostReviewedDrawing();
    pages.push({
      name: 'product-reviews',
      path: `/product/${id}`,
      what: 'the product page with the most reviews and no photo (its drawing)',
    });
  }
  if (wanted('storefront')) {
    const storefront = `/sellers/${DEMO_SELLER.username}`;
    const res = await fetch(`${base}${storefront}`);
    await res.arrayBuffer();
    if (res.status === 404)
      skipped.push({ path: storefront, reason: 'it answers 404 (no storefront page yet)' });
    else pages.push({ name: 'storefront', path: storefront, what: "a seller's storefront" });
  }
  return pages;
}

/**
 * The heaviest product page of the demo data: the listing without photos (it shows its drawing) with the most reviews,
 * which the page renders, with their stars, on the server. Returns its id.
 */
async function mostReviewedDrawing() {
  let best = null;
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/products?inStock=false&limit=100&page=${page}`);
    if (!res.ok) throw new Error(`Listing the catalog answered ${res.status}`);
    const listings = await res.json();
    for (const l of listings) if (!l.cover && (!best || l.rating.count > best.rating.count)) best = l;
    if (listings.length < 100) break;
  }
  if (!best) throw new Error('the demo catalog has no listing without photos');
  return best.id;
}

/**
 * Signs in as the demo seller (with the Origin the server requires of a write), and adds a photo to the first of
 * its listings: a phone-camera-sized JPEG drawn from the listing's own illustration, with grain, so that it weighs
 * what a photo weighs. Returns the listing's id.
 */
async function productWithPhoto() {
  const headers = { origin: base };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_SELLER),
  });
  if (!login.ok) throw new Error(`Signing in as ${DEMO_SELLER.username} answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ');
  const listings = await (await fetch(`${base}/api/seller/products`, { headers: { cookie } })).json();
  const listing = listings.find((l) => l.inStock) ?? listings[0];
  if (!listing) throw new Error(`${DEMO_SELLER.username} has no listing`);
  const form = new FormData();
  form.append('file', new Blob([await photo(listing)], { type: 'image/jpeg' }), 'plant.jpg');
  const upload = await fetch(`${base}/api/products/${listing.id}/photos`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: form,
  });
  if (upload.status !== 201)
    throw new Error(
      `Uploading a photo to listing ${listing.id} answered ${upload.status}: ${await upload.text()}`,
    );
  return listing.id;
}

async function photo(listing) {
  const [width, height] = [2000, 1500];
  const slug = listing.variety
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const svg = readFileSync(path.join(root, 'client/public/images/products', `${slug}-${listing.form}.svg`));
  const drawing = await sharp(svg, { density: 300 }).resize(width, height, { fit: 'cover' }).png().toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .png()
    .toBuffer();
  return sharp(drawing)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function metricText(id, value) {
  if (value === null || value === undefined) return '-';
  const { unit } = METRICS[id];
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  return value.toFixed(3);
}

function metricsText(metrics) {
  return Object.entries(metrics)
    .map(([id, v]) => `${METRICS[id].label} ${metricText(id, v)}`)
    .join(', ');
}

function scoresText(scores) {
  return Object.entries(scores)
    .map(([id, s]) => `${CATEGORY_LABELS[id]} ${s}${s < TARGETS[id] ? ` (target ${TARGETS[id]})` : ''}`)
    .join(', ');
}

function loadText(load) {
  return load.map((n) => n.toFixed(2)).join(', ');
}

function summaryTable() {
  const lines = [
    `| page | performance (${RUNS === 1 ? 'one run' : `median of ${RUNS}: runs`}) | accessibility | best practices | SEO | ${Object.values(
      METRICS,
    )
      .map((m) => m.label)
      .join(' | ')} | CPU |`,
    `|---|---:|---:|---:|---:|${Object.keys(METRICS)
      .map(() => '---:')
      .join('|')}|---:|`,
  ];
  for (const p of measured) {
    const perf = `**${p.medians.scores.performance}**${RUNS > 1 ? ` (${p.runs.map((r) => (r.error ? 'failed' : r.scores.performance)).join(', ')})` : ''}`;
    const others = ['accessibility', 'best-practices', 'seo'].map((id) => String(p.medians.scores[id]));
    const metrics = Object.keys(METRICS).map((id) => metricText(id, p.medians.metrics[id]));
    const cpu = median(p.runs.filter((r) => !r.error).map((r) => r.benchmarkIndex ?? 0));
    lines.push(
      `| \`${p.path}\` (${p.what}) | ${[perf, ...others, ...metrics, Math.round(cpu ?? 0)].join(' | ')} |`,
    );
  }
  lines.push(
    '',
    "CPU: Lighthouse's benchmark index of the machine during the runs (median; higher is faster, lower means busier).",
  );
  return lines.join('\n');
}

function command() {
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('LIGHTHOUSE_') || name === 'CHROMIUM_PATH')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`);
  const run =
    process.env.npm_lifecycle_event === 'lighthouse' ? 'npm run lighthouse' : 'node scripts/lighthouse.mjs';
  return [...settings, run].join(' ');
}

/** Writes <stamp>.json and <stamp>.md into the results folder; returns their paths. */
function writeResults({ chromium, lighthouseVersion, loadAtEnd }) {
  mkdirSync(resultsDir, { recursive: true });
  const stamp = started.toISOString().slice(0, 16).replace(':', '-');
  const json = path.join(resultsDir, `${stamp}Z.json`);
  const md = path.join(resultsDir, `${stamp}Z.md`);
  const data = {
    date: started.toISOString(),
    commit,
    machine,
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    chromium,
    lighthouse: lighthouseVersion,
    command: command(),
    runsPerPage: RUNS,
    targets: TARGETS,
    pages: measured.map((p) => ({
      path: p.path,
      what: p.what,
      median: p.medians,
      missed: p.misses,
      runs: p.runs.map(({ lhr: _lhr, ...r }) => r),
    })),
    skipped,
    serverRestarts: restarts,
  };
  writeFileSync(json, `${JSON.stringify(data, null, 2)}\n`);
  const summary = [
    'Written by `npm run lighthouse` (Lighthouse, mobile settings: a mid-range phone on slow 4G, simulated):',
    '',
    `- date: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- commit: ${commit}`,
    `- machine: ${machine.cores} × ${machine.cpu}, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}`,
    `- load average: ${loadText(loadAtStart)} at the start, ${loadText(loadAtEnd)} at the end (1, 5 and 15 minutes)`,
    `- ${chromium}, Lighthouse ${lighthouseVersion}`,
    `- command: \`${command()}\``,
    '',
    summaryTable(),
    ...(skipped.length ? ['', ...skipped.map((s) => `Skipped \`${s.path}\`: ${s.reason}.`)] : []),
    ...(restarts
      ? ['', `The server stopped answering ${restarts} time(s) during the run and was started again.`]
      : []),
    '',
    `Medians of ${RUNS} run${RUNS === 1 ? '' : 's'} a page; every run's scores and metrics: \`${path.relative(root, json)}\`.`,
    '',
  ].join('\n');
  writeFileSync(md, summary);
  if (!latestFile) return [md, json];
  writeFileSync(latestFile, summary);
  const { problems } = refreshPerformanceDoc();
  for (const problem of problems) console.error(problem);
  return [md, json, latestFile];
}
