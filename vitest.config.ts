import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// API tests run once on PGlite and, with TEST_DATABASE_URL set, once more on PostgreSQL (see scripts/test.mjs).
export default defineConfig({
  // The client's aliases, for unit tests of its pure modules.
  resolve: { alias: { '@domain': r('./domain'), '@': r('./client/src') } },
  test: {
    include: ['test/api/**/*.test.ts', 'test/unit/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Sized for a 2-core machine that other work keeps busy (a passing test never waits for them): a test that
    // starts a real server or a PostgreSQL load takes several times longer there than on a quiet machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker imports the app once and runs its files one after another in it, rather than importing it again
    // for each file: each file still builds its own app over its own database (test/support/app.ts), and the
    // server's module-level values are constants and read-only caches. Saves a third to half of the CPU time.
    isolate: false,
    // The AWS SDK warns once per process on Node 20 that its releases after the first week of January 2027 need
    // Node 22 (decision 0022 records it); the S3 tests would print it into every run. A server with PHOTO_STORE=s3
    // still prints it at start-up.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
