import { isIP } from 'node:net';
import path from 'node:path';
import { parseDecimal } from '@domain/numbers';
import {
  COMMISSION_BP_MAX,
  PAYMENT_PROVIDER,
  PAYMENT_PROVIDERS,
  PAYMENT_WINDOW_HOURS,
  type PaymentProviderId,
} from '@domain/payments';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');
/** A number in plain decimal, as the API reads them: "0x10" or "1e3" is refused, not read as 16 or 1000. */
const decimal = (number: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === 'string' ? (parseDecimal(v) ?? v) : v), number);
const positiveInt = (fallback: number) =>
  decimal(
    z.number({ message: 'must be a whole number' }).int('must be a whole number').positive('must be above 0'),
  ).default(fallback);

/** A setting that may be unset; set to nothing (`S3_BUCKET=`) counts as unset, so it is reported as missing. */
const optionalText = (pattern: RegExp, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(pattern, message).optional());

/** Where photos are kept: a folder under DATA_DIR, or an S3 bucket (AWS's, or any server of the protocol). */
const PHOTO_STORES = ['local', 's3'] as const;

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the app to believe about the client's address (X-Forwarded-For): none (false), the
 * nearest N hops, or the proxies at these addresses. `true` would believe every hop, so a client could name its
 * own address and slip past the per-address limits: it is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every X-Forwarded-For hop, so clients could pick their own address; give the number of proxies in front of the app (e.g. 1) or their addresses',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((a) => a.trim());
    if (!entries.every(isProxyAddress)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges',
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  PORT: decimal(
    z.number({ message: 'must be a port number' }).int().min(0).max(65535, 'must be a port number'),
  ).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Unset: demo data for the embedded database outside production (see loadConfig). */
  SEED_DEMO: bool.optional(),
  /** Behind a load balancer: how far to believe X-Forwarded-For (a hop count or the proxies' addresses). */
  TRUST_PROXY: trustProxy.default(false),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Failed sign-ins allowed for one account from one address (or known browser) within the window before 429. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5),
  /** Failed sign-ins allowed for one account from everywhere within the window; past it only known browsers. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL: positiveInt(50),
  /** Sign-in and sign-up attempts allowed from one IP address within the window before 429. */
  AUTH_MAX_ATTEMPTS_PER_IP: positiveInt(30),
  AUTH_WINDOW_MINUTES: positiveInt(15),
  /** Writes (POST, PUT, PATCH, DELETE under /api) allowed from one address per minute before 429. */
  WRITE_LIMIT_PER_IP: positiveInt(120),
  /** Writes allowed for one signed-in account per minute before 429. */
  WRITE_LIMIT_PER_ACCOUNT: positiveInt(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long an idle kept-alive connection stays open; behind a load balancer, above its own idle timeout. */
  KEEP_ALIVE_SECONDS: positiveInt(10),
  /** The mail server for notifications (smtp:// or smtps://, with user and password if it needs them); unset: off. */
  SMTP_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      if (!/^smtps?:\/\/[^/\s]+/.test(v))
        ctx.addIssue({
          code: 'custom',
          message: 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)',
        });
      return v;
    }),
  /** The From of the notification mails. */
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address such as "Dragon Fruit <orders@example.com>"')
    .default('Dragon Fruit Marketplace <no-reply@localhost>'),
  /** How often the mail sender looks for notifications to send, and how many tries one gets. */
  MAIL_INTERVAL_SECONDS: positiveInt(5),
  MAIL_MAX_ATTEMPTS: positiveInt(6),
  /** How long a claimed notification is kept from the other instances' senders while it is sent. */
  MAIL_LEASE_SECONDS: positiveInt(300),
  /**
   * The marketplace's part of each shipment, in percent of its gross (0 to 50, at most two decimals), fixed per
   * shipment at checkout (docs/decisions/0021-payments.md). 0: nurseries keep every cent.
   */
  MARKETPLACE_COMMISSION_PERCENT: z
    .string()
    .default('0')
    .transform((v, ctx) => {
      const bp = /^\d{1,2}(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : Number.NaN;
      if (!(bp >= 0 && bp <= COMMISSION_BP_MAX)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a percentage from 0 to 50, with at most two decimals',
        });
        return z.NEVER;
      }
      return bp;
    }),
  /**
   * How long an order may wait for its payment, in hours, before its unpaid parts are cancelled and their plants put
   * back on sale (docs/decisions/0021-payments.md); by default 168 (a week) when buyers pay the nurseries directly.
   */
  PAYMENT_WINDOW_HOURS: decimal(
    z
      .number({ message: 'must be a whole number of hours' })
      .int('must be a whole number of hours')
      .min(1, 'must be 1 to 720 hours')
      .max(720, 'must be 1 to 720 hours'),
  ).optional(),
  /**
   * What one buyer may hold unpaid at once (docs/decisions/0026-lock-order-and-held-stock.md): how many orders with a
   * part awaiting payment, and what those parts cost together, in whole dollars. A checkout that would pass either is
   * refused (409), so nobody can keep a nursery's plants off sale for the whole window without paying.
   */
  UNPAID_ORDERS_MAX: positiveInt(5),
  UNPAID_TOTAL_MAX_DOLLARS: decimal(
    z
      .number({ message: 'must be a whole number of dollars' })
      .int('must be a whole number of dollars')
      .min(1, 'must be 1 to 20000000 dollars')
      .max(20_000_000, 'must be 1 to 20000000 dollars'),
  ).default(10000),
  /**
   * With Stripe: how often the refunds and transfers due are sent, and how long a claimed one is kept from the other
   * instances while its call runs (after that, it is looked up before it is sent again).
   */
  MONEY_JOBS_INTERVAL_SECONDS: positiveInt(60),
  MONEY_JOBS_LEASE_SECONDS: positiveInt(300),
  /** Who takes the buyer's money: each nursery directly (`direct`, the default), or the marketplace by Stripe. */
  PAYMENTS_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { message: `must be one of ${PAYMENT_PROVIDERS.join(', ')}` })
    .default('direct'),
  /** Stripe's secret API key (sk_test_…, sk_live_…, or a restricted rk_… key), with PAYMENTS_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
      'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)',
    )
    .optional(),
  /** The signing secrets of the two webhook endpoints: the platform's (payments) and Connect's (accounts). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]{8,}$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]{8,}$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Where the Stripe client sends its requests: Stripe's own API unless a test or a staging run says otherwise. */
  STRIPE_API_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^https?:\/\/[^/\s]+\/?$/.test(v), {
      message: 'must be an http:// or https:// address with no path (http://127.0.0.1:12111)',
    }),
  /** Where the listings' photos are stored: `local` (a folder under DATA_DIR) or `s3` (with the S3_* settings). */
  PHOTO_STORE: z
    .enum(PHOTO_STORES, { message: `must be one of ${PHOTO_STORES.join(', ')}` })
    .default('local'),
  /**
   * Photo uploads one instance holds at once, from their first byte until their renditions are made (each body up
   * to 15 MB in memory, two decoded at a time), and their declared bodies' total in MB; past either, 503 with
   * Retry-After (docs/decisions/0029-hold-the-edge.md).
   */
  PHOTO_QUEUE_UPLOADS: positiveInt(6),
  PHOTO_QUEUE_MB: positiveInt(64),
  /** With PHOTO_STORE=s3: the bucket, as S3 names them (3 to 63 lowercase letters, digits, dots and dashes). */
  S3_BUCKET: optionalText(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'must be a bucket name: 3 to 63 lowercase letters, digits, dots and dashes',
  ),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as us-east-1 (lowercase letters, digits and dashes)')
    .default('us-east-1'),
  /** An S3-compatible server instead of AWS (MinIO, R2, …); its buckets are then addressed as paths. */
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      if (!isEndpoint(v))
        ctx.addIssue({
          code: 'custom',
          message: 'must be an http:// or https:// URL with no credentials or query (https://s3.example.com)',
        });
      return v;
    }),
  /** The key pair the app signs its S3 requests with; no spaces, as no provider's keys have any. */
  S3_ACCESS_KEY_ID: optionalText(/^\S+$/, 'must be an access key id, without spaces'),
  S3_SECRET_ACCESS_KEY: optionalText(/^\S+$/, 'must be a secret access key, without spaces'),
  /**
   * The memory for visitors' server-rendered pages, kept until what they show changes (docs/decisions/0025-page-cache.md),
   * in MB; 0 turns the cache off.
   */
  PAGE_CACHE_MB: decimal(
    z
      .number({ message: 'must be a whole number of MB' })
      .int('must be a whole number of MB')
      .min(0, 'must be 0 (off) or more')
      .max(65536, 'must be at most 65536'),
  ).default(64),
  /** The site's address as browsers see it (https://shop.example.com): the Origin check compares with it. */
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const origin = originOf(v);
      if (!origin)
        ctx.addIssue({
          code: 'custom',
          message:
            'must be an origin such as https://shop.example.com (scheme, host, optional port, no path)',
        });
      return origin;
    }),
});

/** An http(s) URL a client can send requests to: a host, and no credentials, query or fragment to lose. */
function isEndpoint(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash
    );
  } catch {
    return false;
  }
}

/** The origin an http(s) address with no path, query or credentials names, normalised; else undefined. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

// The demo accounts' passwords are published (GET /api/auth/demo, the README's quick start): never on a production site.
const checkedEnvSchema = envSchema
  .refine((e) => !(e.SEED_DEMO && e.NODE_ENV === 'production'), {
    path: ['SEED_DEMO'],
    message: 'must be false with NODE_ENV=production (the demo accounts have published passwords)',
  })
  // Without PUBLIC_ORIGIN the pages' canonical URLs and the Origin check follow the request's Host, which anyone
  // sending the request chooses, and the mails' and Stripe's links lead to localhost: a production site names itself.
  .refine((e) => !(e.NODE_ENV === 'production' && !e.PUBLIC_ORIGIN), {
    path: ['PUBLIC_ORIGIN'],
    message:
      "must be set with NODE_ENV=production: the site's address as browsers see it (e.g. https://shop.example.com), which the pages' canonical URLs, the Origin check and the mails' links use",
  })
  .superRefine((e, ctx) => {
    if (e.PAYMENTS_PROVIDER !== PAYMENT_PROVIDER.stripe) return;
    for (const name of STRIPE_SETTINGS)
      if (!e[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with PAYMENTS_PROVIDER=stripe' });
    // A card payment page lives at most a day at Stripe: the window cannot be longer.
    if ((e.PAYMENT_WINDOW_HOURS ?? 0) > 24)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_WINDOW_HOURS'],
        message: 'must be at most 24 hours with PAYMENTS_PROVIDER=stripe (a Stripe payment page lives a day)',
      });
  })
  .superRefine((e, ctx) => {
    if (e.PHOTO_STORE !== 's3') return;
    for (const name of S3_SETTINGS)
      if (!e[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with PHOTO_STORE=s3' });
  });

/** The settings PHOTO_STORE=s3 needs, each named when it is missing (the region has a default). */
const S3_SETTINGS = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The settings PAYMENTS_PROVIDER=stripe needs, each named when it is missing. */
const STRIPE_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_CONNECT_WEBHOOK_SECRET',
] as const;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seed and offer the demo accounts and catalog: never in production. */
  seedDemo: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  production: boolean;
  logLevel: string;
  auth: {
    maxFailuresPerAccount: number;
    maxFailuresPerAccountTotal: number;
    maxAttemptsPerIp: number;
    windowMs: number;
  };
  /** The general limit on writes, per minute. */
  writeLimit: {
    perIp: number;
    perAccount: number;
  };
  /** Folder with the built client (index.html and assets); served when it exists. */
  clientDir: string;
  /**
   * Time limits of one connection, so a client sending slowly cannot hold it (and a socket of the server) for
   * minutes: the request's headers, the whole request with its body, and an idle kept-alive connection.
   */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** PUBLIC_ORIGIN: when set, the only Origin a state-changing request may come from. */
  publicOrigin: string | undefined;
  /** PAGE_CACHE_MB in bytes: the bound of the visitors' page cache; 0, no cache. */
  pageCacheBytes: number;
  /** The notification mails (SMTP_URL, MAIL_*); the links in them lead to PUBLIC_ORIGIN (else localhost:PORT). */
  mail: MailSettings;
  /** Who takes the buyer's money, how it is split (MARKETPLACE_COMMISSION_PERCENT, in basis points), and how long an
   * order may wait for it (PAYMENT_WINDOW_HOURS). */
  payments: PaymentSettings;
  /** Where the listings' photos are stored (PHOTO_STORE and the S3_* settings). */
  photos: PhotoSettings;
  /** The uploads one instance holds at once (PHOTO_QUEUE_UPLOADS) and their bodies' total (PHOTO_QUEUE_MB, in bytes). */
  photoQueue: { uploads: number; bytes: number };
}

/**
 * Where the photos' renditions are kept: files under DATA_DIR/uploads, or objects of an S3 bucket (at `endpoint`
 * when it is not AWS).
 */
export type PhotoSettings =
  | { store: 'local'; dir: string }
  | {
      store: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** Stripe's keys and secrets (PAYMENTS_PROVIDER=stripe), and where its API is. */
export interface StripeSettings {
  secretKey: string;
  /** The platform endpoint's signing secret (checkout events). */
  webhookSecret: string;
  /** The Connect endpoint's signing secret (account events). */
  connectWebhookSecret: string;
  /** Stripe's API by default; a test or staging run points the official client at another server. */
  apiUrl?: string;
}

/** How buyers pay (docs/decisions/0021-payments.md). */
export interface PaymentSettings {
  /** `direct`: each nursery is paid by the buyer, following its own instructions; `stripe`: the marketplace by card. */
  provider: PaymentProviderId;
  commissionBp: number;
  windowHours: number;
  /** What one buyer may hold unpaid at once: orders with a part awaiting payment, and those parts' cost in cents. */
  unpaidLimit: { orders: number; cents: number };
  /** The site's address, for the pages Stripe sends buyers and nurseries back to. */
  origin: string;
  /** With PAYMENTS_PROVIDER=stripe: its keys and secrets, and where its API is. */
  stripe?: StripeSettings;
  /** How often the refunds and transfers due are sent, and how long a claimed one is kept from other instances. */
  jobs: { intervalMs: number; leaseMs: number };
}

/** How the notification mails go (SMTP_URL and the MAIL_* settings). */
export interface MailSettings {
  /** smtp:// or smtps:// URL of the mail server; undefined: email is off, notifications show in the app only. */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  from: string;
  /** The site's address, for the links in the mails. */
  origin: string;
  /** Tries per notification before it is marked failed. */
  maxAttempts: number;
  /** How long a claimed notification is kept from other senders while it is being sent. */
  leaseMs: number;
  /** How often the sender looks for notifications to send. */
  intervalMs: number;
}

export class ConfigError extends Error {}

/** Reads the configuration from the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // By default the embedded database of `npm start` gets the demo data, so a first run has something to show.
    seedDemo: e.SEED_DEMO ?? (e.DATABASE_URL === undefined && e.NODE_ENV !== 'production'),
    trustProxy: e.TRUST_PROXY,
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    auth: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAccountTotal: e.LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL,
      maxAttemptsPerIp: e.AUTH_MAX_ATTEMPTS_PER_IP,
      windowMs: e.AUTH_WINDOW_MINUTES * 60_000,
    },
    writeLimit: { perIp: e.WRITE_LIMIT_PER_IP, perAccount: e.WRITE_LIMIT_PER_ACCOUNT },
    clientDir: path.resolve('dist/client'),
    // A request's whole time, body included: a listing's photo (at most 15 MB) takes 2 minutes at 1 Mbit/s (decision
    // 0022); every other body is at most 64 KB. The headers' 10 s is what stops slow-header clients.
    timeouts: { headersMs: 10_000, requestMs: 120_000, keepAliveMs: e.KEEP_ALIVE_SECONDS * 1000 },
    publicOrigin: e.PUBLIC_ORIGIN,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      origin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      leaseMs: e.MAIL_LEASE_SECONDS * 1000,
      intervalMs: e.MAIL_INTERVAL_SECONDS * 1000,
    },
    payments: {
      provider: e.PAYMENTS_PROVIDER,
      commissionBp: e.MARKETPLACE_COMMISSION_PERCENT,
      windowHours: e.PAYMENT_WINDOW_HOURS ?? PAYMENT_WINDOW_HOURS[e.PAYMENTS_PROVIDER],
      unpaidLimit: { orders: e.UNPAID_ORDERS_MAX, cents: e.UNPAID_TOTAL_MAX_DOLLARS * 100 },
      origin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
      jobs: { intervalMs: e.MONEY_JOBS_INTERVAL_SECONDS * 1000, leaseMs: e.MONEY_JOBS_LEASE_SECONDS * 1000 },
      stripe:
        e.PAYMENTS_PROVIDER === PAYMENT_PROVIDER.stripe
          ? {
              secretKey: e.STRIPE_SECRET_KEY as string,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
              connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET as string,
              apiUrl: e.STRIPE_API_URL,
            }
          : undefined,
    },
    photos:
      e.PHOTO_STORE === 's3'
        ? {
            store: 's3',
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID as string,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
          }
        : { store: 'local', dir: path.join(path.resolve(e.DATA_DIR), 'uploads') },
    photoQueue: { uploads: e.PHOTO_QUEUE_UPLOADS, bytes: e.PHOTO_QUEUE_MB * 1024 * 1024 },
  };
}
