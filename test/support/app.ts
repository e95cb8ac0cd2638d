/** Builds the real app in-process over a fresh test database, and a cookie-keeping client for it. */
import { shippingToday } from '@domain/shipping/rules';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../../server/src/app';
import { type Config, loadConfig } from '../../server/src/config';
import { createTestDatabase, type TestDatabase } from './database';

export const ORIGIN = 'http://localhost:80';

export interface TestApp {
  server: FastifyInstance;
  /** Every route as registered, the test's own (addRoutes) included. */
  routes: readonly RouteOptions[];
  database: TestDatabase;
  config: Config;
  /** The app's start-up work (main.ts runs it before serving; createTestApp has run it once). */
  startUp(): Promise<void>;
  /** The app's periodic clean-up (main.ts runs it on a timer). */
  maintenance(): Promise<void>;
  /** The notification mail sender (main.ts starts it; a test runs a pass with sendDue()). */
  mail: Awaited<ReturnType<typeof buildApp>>['mail'];
  /** The searches per destination (main.ts saves them every minute; a test calls flush()). */
  searches: Awaited<ReturnType<typeof buildApp>>['searches'];
  /** The refunds and transfers due under Stripe (main.ts runs a pass every minute; a test calls run()). */
  moneyJobs: Awaited<ReturnType<typeof buildApp>>['moneyJobs'];
  /** The visitors' page cache, when a server renderer is built (configure clientDir) and PAGE_CACHE_MB is not 0. */
  pageCache: Awaited<ReturnType<typeof buildApp>>['pageCache'];
  /** The catalog's counts held in memory: built in the background once the app listens (`build()` waits for it). */
  catalogIndex: Awaited<ReturnType<typeof buildApp>>['catalogIndex'];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Changes the configuration read from `env` before the app is built (settings with no variable). */
  configure?: (config: Config) => void;
  /** Adds routes of the test's own before the app starts, to reach what no real route does yet. */
  addRoutes?: (server: FastifyInstance) => void;
  /** The shipping rules' today (certificates expire): a clock the test controls. */
  today?: () => string;
  /** The time shipments' steps are stamped with and the 14-day delivery rule counts from. */
  now?: () => Date;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_MAX_ATTEMPTS_PER_IP: '100000',
    // Tests write from one address far faster than people do; the limits' own tests set them low.
    WRITE_LIMIT_PER_IP: '1000000',
    WRITE_LIMIT_PER_ACCOUNT: '1000000',
    // Likewise a test buyer places more orders, unpaid, than a person would; the limit's own tests set it low.
    UNPAID_ORDERS_MAX: '1000000',
    UNPAID_TOTAL_MAX_DOLLARS: '20000000',
    ...env,
  });
  config.clientDir = '/nonexistent-client-build';
  options.configure?.(config);
  const database = await createTestDatabase();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    app = await buildApp({ database, config, today: options.today, now: options.now, checkResponses: true });
    options.addRoutes?.(app.server);
    await app.server.ready();
    await app.startUp();
  } catch (error) {
    // An app that does not start (a route without an access rule, say) leaves no database behind.
    await app?.server.close();
    await database.destroy();
    throw error;
  }
  const started = app;
  return {
    server: app.server,
    routes: app.routes,
    database,
    config,
    startUp: () => started.startUp(),
    maintenance: () => started.maintenance(),
    mail: started.mail,
    searches: started.searches,
    moneyJobs: started.moneyJobs,
    pageCache: started.pageCache,
    catalogIndex: started.catalogIndex,
    async close() {
      await started.server.close();
      await database.destroy();
    },
  };
}

export interface Response<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

/** A browser-like client: same-origin Origin header on every request, and a cookie jar. */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly server: FastifyInstance,
    private readonly defaults: { origin?: string | null; ip?: string } = {},
  ) {}

  /** The same browser (its cookies) at another address, of this app or another one. */
  at(ip: string, server: FastifyInstance = this.server): Client {
    const moved = new Client(server, { ...this.defaults, ip });
    for (const [k, v] of this.cookies) moved.cookies.set(k, v);
    return moved;
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('sid');
  }

  async request<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const origin = this.defaults.origin === undefined ? ORIGIN : this.defaults.origin;
    const res = await this.server.inject({
      method,
      url,
      remoteAddress: this.defaults.ip,
      headers: {
        host: 'localhost:80',
        ...(origin ? { origin } : {}),
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined
        ? { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) }
        : {}),
    });
    for (const c of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired = c.value === '' || (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const text = res.body;
    let parsed: unknown = text;
    if ((res.headers['content-type'] ?? '').toString().includes('application/json') && text)
      parsed = JSON.parse(text);
    return { status: res.statusCode, body: parsed as T, headers: res.headers, raw: res };
  }

  get<T = unknown>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body, headers);
  }
  put<T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', url, body, headers);
  }
  patch<T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', url, body, headers);
  }
  delete<T = unknown>(url: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', url, undefined, headers);
  }
  /** POSTs files as a browser's FormData does (multipart/form-data), each in its field (`file` unless told). */
  upload<T = unknown>(
    url: string,
    files: Array<{ bytes: Buffer; field?: string; name?: string; type?: string }>,
    headers?: Record<string, string>,
  ) {
    const boundary = `----dfm-test-${counter++}`;
    const parts = files.flatMap((f) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name ?? 'photo.jpg'}"\r\n` +
          `Content-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]);
    const body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
    return this.request<T>('POST', url, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...headers,
    });
  }
}

let counter = 0;
/** A username no other test uses. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 6)}`;
}

/** How a test seller asks to be paid (its profile's paymentInstructions) unless told otherwise. */
export const TEST_PAYMENT_INSTRUCTIONS = 'Zelle to payments@nursery.example.com, with your order number.';

/** The address a test buyer gets unless told otherwise: Miami, Florida (where the demo and test sellers ship from). */
export const TEST_ADDRESS = {
  name: 'Test Buyer',
  line1: '100 Biscayne Blvd',
  city: 'Miami',
  state: 'FL',
  zip: '33132',
} as const;

/** A California address (Beverly Hills), for the shipping rules' tests. */
export const CALIFORNIA_ADDRESS = {
  name: 'Cal Buyer',
  line1: '1 Rodeo Dr',
  city: 'Beverly Hills',
  state: 'CA',
  zip: '90210',
} as const;

/** A day relative to the shipping rules' today (certificates expire), as YYYY-MM-DD. */
export function shippingDay(offset: number): string {
  const d = new Date(`${shippingToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/**
 * Registers a new account through the API and returns a signed-in client for it. A buyer (not a seller) also gets
 * TEST_ADDRESS as their default shipping address, so that they can check out; `address: false` leaves the address
 * book empty, an address object gives them that one instead.
 */
export async function registerUser(
  server: FastifyInstance,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    isSeller: boolean;
    location: string;
    /** A seller's shop name, given at sign-up. */
    businessName: string;
    address: false | Record<string, unknown>;
    /** A seller's shipping profile (PUT /api/seller/profile); sellers ship from Florida unless told, false for none. */
    profile: false | Record<string, unknown>;
  }> = {},
): Promise<{ client: Client; user: { id: number; username: string; isSeller: boolean }; password: string }> {
  const username = overrides.username ?? uniqueUsername(overrides.isSeller ? 'seller' : 'buyer');
  const password = overrides.password ?? 'correct horse battery';
  const client = new Client(server);
  const res = await client.post<{ id: number; username: string; isSeller: boolean }>('/api/auth/register', {
    username,
    email: overrides.email ?? `${username}@example.com`,
    password,
    isSeller: overrides.isSeller ?? false,
    location: overrides.location,
    businessName: overrides.businessName,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const address = overrides.address ?? (overrides.isSeller ? false : TEST_ADDRESS);
  if (address) {
    const added = await client.post('/api/addresses', address);
    if (added.status !== 201)
      throw new Error(`address failed: ${added.status} ${JSON.stringify(added.body)}`);
  }
  // A seller can be bought from only once buyers can pay it: under the default provider, its payment instructions.
  const profile =
    overrides.profile === false
      ? false
      : overrides.isSeller || overrides.profile
        ? { shipFromState: 'FL', paymentInstructions: TEST_PAYMENT_INSTRUCTIONS, ...overrides.profile }
        : false;
  if (profile) {
    const saved = await client.put('/api/seller/profile', profile);
    if (saved.status !== 200)
      throw new Error(`seller profile failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  return { client, user: res.body, password };
}

/**
 * The seller signed in on `seller` says the buyer's payment for its shipment arrived (the default provider): the
 * shipment may ship from now on.
 */
export async function markPaid(seller: Client, shipmentId: number | undefined): Promise<void> {
  const res = await seller.post(`/api/seller/shipments/${shipmentId}/payment-received`);
  if (res.status !== 200)
    throw new Error(`payment-received failed: ${res.status} ${JSON.stringify(res.body)}`);
}
