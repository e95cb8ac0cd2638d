/**
 * The app built in-process with Stripe as its payment provider (PAYMENTS_PROVIDER=stripe), its client pointed at a
 * fresh local server of Stripe's protocol (./stripe-server.ts). With `webhooks`, the app listens on a loopback port
 * and the local Stripe delivers its signed events there, as Stripe would; without, they go to a closed port (kept,
 * not delivered), so a test sees what the app does without them.
 */
import type { AddressInfo } from 'node:net';
import type { StripeSettings } from '../../server/src/modules/payments';
import { createTestApp, type TestApp, type TestAppOptions } from './app';
import { type StripeServer, type StripeServerOptions, startStripeServer } from './stripe-server';

export const STRIPE_WEBHOOK_SECRET = 'whsec_PlatformTestSecret';
export const STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_ConnectTestSecret';

export interface StripeTestApp {
  t: TestApp;
  stripe: StripeServer;
  /** The settings the app's Stripe client runs with: for a test's own adapter. */
  settings: StripeSettings;
  /** The app's address when it listens (`webhooks`). */
  url: string | null;
  close(): Promise<void>;
}

export async function createStripeTestApp(
  options: TestAppOptions & {
    env?: Record<string, string>;
    webhooks?: boolean;
    /** The local Stripe's own options (its clock, say). */
    stripe?: StripeServerOptions;
  } = {},
): Promise<StripeTestApp> {
  const stripe = await startStripeServer(options.stripe);
  const settings: StripeSettings = {
    secretKey: stripe.apiKey,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    connectWebhookSecret: STRIPE_CONNECT_WEBHOOK_SECRET,
    apiUrl: stripe.url,
  };
  let t: TestApp;
  try {
    t = await createTestApp(
      {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: settings.secretKey,
        STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
        STRIPE_CONNECT_WEBHOOK_SECRET: settings.connectWebhookSecret,
        STRIPE_API_URL: stripe.url,
        ...options.env,
      },
      options,
    );
  } catch (error) {
    await stripe.close();
    throw error;
  }
  let url: string | null = null;
  if (options.webhooks) {
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
    stripe.webhooks(
      `${url}/api/payments/stripe/webhook`,
      STRIPE_WEBHOOK_SECRET,
      `${url}/api/payments/stripe/connect-webhook`,
      STRIPE_CONNECT_WEBHOOK_SECRET,
    );
  } else
    stripe.webhooks(
      'http://127.0.0.1:9/platform',
      STRIPE_WEBHOOK_SECRET,
      'http://127.0.0.1:9/connect',
      STRIPE_CONNECT_WEBHOOK_SECRET,
    );
  return {
    t,
    stripe,
    settings,
    url,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}
