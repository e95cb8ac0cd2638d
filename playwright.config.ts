import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The app under test: the built client served by the real server over a fresh embedded database with the
// demo data. The folder is made once in the main process; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'dfm-e2e-'));
const port = Number(process.env.E2E_PORT ?? 5179);

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The demo accounts and catalog the specs use (the default for the embedded database, said here plainly).
      SEED_DEMO: 'true',
      AUTH_MAX_ATTEMPTS_PER_IP: '100000',
      WRITE_LIMIT_PER_IP: '1000000',
      WRITE_LIMIT_PER_ACCOUNT: '1000000',
    },
  },
});
