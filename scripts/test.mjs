#!/usr/bin/env node
// `npm test`: the API suite on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL beside it, the bundle budget,
// then the end-to-end suite in Chromium when it is installed. A suite that cannot run is skipped with one line saying
// why.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuilt, root } from './client-build.mjs';
import { buildServer } from './server-build.mjs';

const startedAt = Date.now();
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
const loadAtStart = loadAverage();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'dfm-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const skippedSuites = [];
/** Per suite, each file's time (ms), read from the suite's report: the ten slowest are printed at the end. */
const fileTimes = [];
let failed = false;

/**
 * Runs one suite and adds its report's counts to the totals. With `buffered`, its output is held and printed in one
 * piece when it ends, so that two suites running side by side do not mix their lines.
 */
function run(name, command, args, env, reportFile, count, { buffered = false, times } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n▶ ${name}`);
  const child = spawn(process.execPath, [command, ...args], {
    cwd: root,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...(buffered && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (buffered) {
        console.log(`\n▶ ${name} (ended after ${Math.round((Date.now() - started) / 1000)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      try {
        const report = JSON.parse(readFileSync(reportFile, 'utf8'));
        const c = count(report);
        totals.passed += c.passed;
        totals.failed += c.failed;
        totals.skipped += c.skipped;
        if (times) fileTimes.push({ name, files: times(report) });
      } catch {
        // No report: the runner itself failed, which the exit status says.
      }
      if (status !== 0) {
        failed = true;
        console.log(`✗ ${name} failed (exit ${status})`);
      }
      resolve();
    });
  });
}

const vitestCounts = (j) => ({
  passed: j.numPassedTests ?? 0,
  failed: (j.numFailedTests ?? 0) + (j.numFailedTestSuites && !j.numFailedTests ? j.numFailedTestSuites : 0),
  skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
});
// No retries (playwright.config.ts), so no test is "flaky"; one would count as failed.
const playwrightCounts = (j) => ({
  passed: j.stats?.expected ?? 0,
  failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0),
  skipped: j.stats?.skipped ?? 0,
});

/** Vitest: a file's time from its start to its end in its worker (its import, hooks and tests). */
const vitestFileTimes = (j) =>
  (j.testResults ?? []).map((r) => ({
    file: path.relative(root, r.name),
    ms: (r.endTime ?? 0) - (r.startTime ?? 0),
  }));
/**
 * Playwright: a spec file's time is the sum of its tests' times (hooks and fixtures included), whichever worker ran
 * them: what the file costs the suite.
 */
function playwrightFileTimes(j) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + r.duration);
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of j.suites ?? []) walk(s);
  return [...byFile].map(([file, ms]) => ({ file: path.join('test/e2e', file), ms }));
}

/** The ten slowest files of each suite that ran, slowest first. */
function printSlowestFiles() {
  for (const { name, files } of fileTimes) {
    const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (slowest.length === 0) continue;
    const total = files.reduce((sum, f) => sum + f.ms, 0);
    console.log(
      `\nSlowest files of ${name}: ${slowest.length} of ${files.length}, which took ${(total / 1000).toFixed(0)} s in all`,
    );
    for (const f of slowest) console.log(`${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.file}`);
  }
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const apiSuites = [{ name: 'API tests on PGlite (embedded)', db: 'pglite' }];
if (process.env.TEST_DATABASE_URL) apiSuites.push({ name: 'API tests on PostgreSQL', db: 'postgres' });
else
  skippedSuites.push(
    'Skipped the API suite on PostgreSQL: TEST_DATABASE_URL is not set (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test).',
  );
// The two API suites run side by side: the one on PostgreSQL spends most of its time waiting for the database
// server, the one on PGlite on its own CPU, so together they take little longer than the PGlite one alone.
if (apiSuites.length > 1)
  console.log(
    `\n▶ ${apiSuites.map((s) => s.name).join(' and ')}, side by side; each one's output follows when it ends`,
  );
await Promise.all(
  apiSuites.map((suite) => {
    const report = path.join(tmp, `${suite.db}.json`);
    const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    return run(suite.name, vitest, args, { TEST_DB: suite.db }, report, vitestCounts, {
      buffered: apiSuites.length > 1,
      times: vitestFileTimes,
    });
  }),
);

// The client is built for the bundle budget and the end-to-end suite.
const clientBuilt = ensureClientBuilt();
if (!clientBuilt) {
  failed = true;
  console.log('✗ client build failed; the bundle budget and the end-to-end suite did not run');
} else {
  console.log('\n▶ Bundle budget (docs/quality.md#performance-budgets)');
  const budget = spawnSync(process.execPath, [path.join(root, 'scripts/bundle-budget.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (budget.status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    console.log('✗ bundle budget exceeded');
  }
}

// Debian's chromium-headless-shell when installed (the build Playwright itself runs for headless Chromium: the same
// engine without the desktop browser around it, a fifth less CPU time over the axe specs), else the full Chromium.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH || (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
if (!existsSync(chromium)) {
  skippedSuites.push(
    `Skipped the end-to-end suite: no Chromium at ${chromium} (apt-get install chromium-headless-shell, or set CHROMIUM_PATH).`,
  );
} else if (clientBuilt) {
  await buildServer();
  const report = path.join(tmp, 'e2e.json');
  await run(
    `End-to-end tests in Chromium (${chromium})`,
    path.join(root, 'node_modules/@playwright/test/cli.js'),
    ['test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report, CHROMIUM_PATH: chromium },
    report,
    playwrightCounts,
    { times: playwrightFileTimes },
  );
}

rmSync(tmp, { recursive: true, force: true });
printSlowestFiles();
console.log('');
for (const line of skippedSuites) console.log(line);
const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
// The budget is 10 minutes on the 2-core machine (docs/architecture.md#testing); other work on the machine slows
// every suite, which the load average (1, 5 and 15 minutes) tells.
console.log(
  `npm test took ${minutes} minutes; load average ${loadAtStart} at the start, ${loadAverage()} at the end`,
);
process.exit(failed || totals.failed > 0 ? 1 : 0);
