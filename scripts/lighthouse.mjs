#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile settings: a mid-range phone on slow 4G, simulated) against the built
// app for /, /marketplace and a product page, in the system Chromium, on a fresh embedded database with the
// demo data. Prints the four category scores and exits 1 when one misses the targets of docs/quality.md#performance-budgets:
// performance >= 95, accessibility 100, best practices 100, SEO >= 90.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureClientBuilt, root } from './client-build.mjs';
import { buildServer } from './server-build.mjs';

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 90 };
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 5181);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// LIGHTHOUSE_REPORTS=<folder> keeps each page's full report (JSON) there, to see where the time goes.
const reportsDir = process.env.LIGHTHOUSE_REPORTS;

if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH).`);
  process.exit(1);
}
if (!ensureClientBuilt()) process.exit(1);
await buildServer();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dfm-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'dist/server/main.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}`;
let chrome;
let failed = false;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const [product] = await (await fetch(`${base}/api/products?limit=1`)).json();
  const pages = ['/', '/marketplace', `/product/${product.id}`];

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  console.log('| page | performance | accessibility | best practices | SEO |');
  console.log('|---|---:|---:|---:|---:|');
  for (const page of pages) {
    const result = await lighthouse(`${base}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    const categories = result?.lhr.categories ?? {};
    if (reportsDir && result) {
      mkdirSync(reportsDir, { recursive: true });
      const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
      writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(result.lhr, null, 1));
    }
    const cells = Object.entries(TARGETS).map(([id, target]) => {
      const score = Math.round((categories[id]?.score ?? 0) * 100);
      if (score < target) failed = true;
      return score < target ? `${score} (target ${target})` : String(score);
    });
    console.log(`| ${page} | ${cells.join(' | ')} |`);
    for (const [id, category] of Object.entries(categories)) {
      if ((category.score ?? 0) * 100 >= TARGETS[id]) continue;
      // What cost the points: the failing audits of a category below its target.
      for (const ref of category.auditRefs) {
        const audit = result.lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          console.log(`    ${id}: ${audit.id} (${audit.displayValue ?? audit.title}), score ${audit.score}`);
      }
    }
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
