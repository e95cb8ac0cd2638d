import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The app under test: the built client served by the real server over a fresh embedded database with the
// demo data. The folder is made once in the main process; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'dfm-e2e-'));
const port = Number(process.env.E2E_PORT ?? 5179);
/** The browser: CHROMIUM_PATH (npm test sets it), else Debian's headless shell when installed, else Chromium. */
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH || (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/**
 * Two workers, on a busy machine too (E2E_WORKERS sets another number). Measured on the 2-core machine with other
 * developers' work keeping its load average between 10 and 24: one worker took 20.8 minutes for the suite (96
 * tests), two took 13.7 (92 tests, before the long journeys were split), and a test took about as long with one
 * worker as with two. The other work
 * gets the cores in proportion to the processes that want them, so a second worker is a second share of them; the
 * time limits below, not fewer workers, are what keeps a test from running out of time there.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers,
  // Never retried, in CI either: CI runs the suite as a newcomer's `npm test` does, so a test too slow or flaky
  // for a newcomer fails there too.
  retries: 0,
  // Sized for a 2-core machine that other work keeps busy, where one browser action can take a second: the
  // budget of one test, of one state awaited and of one page load. A passing test never waits for them.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace: each action with the page's DOM before and after it, the network and the
    // console, and a screenshot of the failure. The screencast (a screenshot per frame, taken in every test, kept
    // or not) is left out: encoding it is CPU time of a suite that is CPU-bound on the 2-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    navigationTimeout: 45_000,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // The bundled server that `npm start` runs (npm test builds it first).
    command: 'node --enable-source-maps dist/server/main.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // A fresh embedded database is created and seeded first: a few seconds on a quiet machine, and over a minute
    // on a 2-core one that something else loads to a load average near 28 (seen). Costs nothing when it is quick.
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The demo accounts and catalog the specs use (the default for the embedded database, said here plainly).
      SEED_DEMO: 'true',
      AUTH_MAX_ATTEMPTS_PER_IP: '100000',
      WRITE_LIMIT_PER_IP: '1000000',
      WRITE_LIMIT_PER_ACCOUNT: '1000000',
      // Some journeys buy costly plants (a price changed to $99,999); the cap on what one buyer holds unpaid is the
      // held-stock spec's, which keeps the default count of orders.
      UNPAID_TOTAL_MAX_DOLLARS: '20000000',
      // A test's API context can stay idle for longer than the default 10 s (between axe scans, say); a server that
      // closes the idle connection just as the test reuses it fails the request with ECONNRESET.
      KEEP_ALIVE_SECONDS: '300',
    },
  },
});
