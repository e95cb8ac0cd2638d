/**
 * A second app for the specs about card payments (docs/decisions/0021-payments.md): the e2e server of
 * playwright.config.ts takes payments the default way (`direct`), so these specs start, once per worker, the same
 * bundled server (`dist/server/main.mjs`) with PAYMENTS_PROVIDER=stripe over a fresh embedded database of its own,
 * pointed at the local Stripe server (test/support/stripe-server.ts), whose webhooks go to that app's two webhook
 * routes. Both listen on ports free when they start (the config's own server is on E2E_PORT), so runs that overlap on
 * one machine do not meet.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type StripeServer, startStripeServer } from '../support/stripe-server';
import { test as base } from './support';

const root = path.resolve(import.meta.dirname, '../..');
const PLATFORM_SECRET = 'whsec_dragonfruitplatformtests';
const CONNECT_SECRET = 'whsec_dragonfruitconnecttests';

export interface StripeApp {
  /** `http://localhost:<port>`: the app's own origin (PUBLIC_ORIGIN's default), where Stripe sends the browser back. */
  baseURL: string;
  stripe: StripeServer;
}

/** A loopback port free now: the app is told it, since it names its own origin (the links Stripe sends back to). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(address)));
    });
  });
}

/** Starts the Stripe server and the app; resolves once the app answers its health check. */
async function startStripeApp(): Promise<StripeApp & { stop: () => Promise<void> }> {
  const appPort = await freePort();
  const stripe = await startStripeServer();
  const baseURL = `http://localhost:${appPort}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dfm-e2e-stripe-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'dist/server/main.mjs')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(appPort),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        AUTH_MAX_ATTEMPTS_PER_IP: '100000',
        WRITE_LIMIT_PER_IP: '1000000',
        WRITE_LIMIT_PER_ACCOUNT: '1000000',
        KEEP_ALIVE_SECONDS: '300',
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: stripe.apiKey,
        STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
        STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
        STRIPE_API_URL: stripe.url,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Up to 90 s: migrating a fresh embedded database on a busy 2-core machine.
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the Stripe app exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${baseURL}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 900) throw new Error('the Stripe app did not answer within 90 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  stripe.webhooks(
    `${baseURL}/api/payments/stripe/webhook`,
    PLATFORM_SECRET,
    `${baseURL}/api/payments/stripe/connect-webhook`,
    CONNECT_SECRET,
  );
  return { baseURL, stripe, stop };
}

/**
 * The e2e `test` with `stripeApp`: the worker's card-paying app, started the first time a test asks for it and
 * stopped with the worker. Pages for it come from `browser.newContext({ baseURL: stripeApp.baseURL })`.
 */
export const test = base.extend<Record<never, never>, { stripeApp: StripeApp }>({
  stripeApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const app = await startStripeApp();
      try {
        await use({ baseURL: app.baseURL, stripe: app.stripe });
      } finally {
        await app.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});
