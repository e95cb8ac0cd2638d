import { isIP } from 'node:net';
import path from 'node:path';
import { parseDecimal } from '@domain/numbers';
import {
  COMMISSION_BP_MAX,
  DEFAULT_PAYMENT_PROVIDER,
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

/**
 * The settings, read from the environment. Each one's meaning is its `.describe()` (or `.meta({ description })`), and
 * `allowed` or `default` in its meta say in words what the schema cannot (a custom check, a default worked out in
 * loadConfig): `npm run config-docs` writes docs/configuration.md from them, so a meaning is written here only, in
 * Markdown whose links are relative to docs/.
 */
export const envSchema = z.object({
  PORT: decimal(
    z.number({ message: 'must be a port number' }).int().min(0).max(65535, 'must be a port number'),
  )
    .default(5000)
    .describe('The HTTP port the server listens on.'),
  HOST: z.string().default('0.0.0.0').describe('The interface to listen on (`0.0.0.0`: every one).'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe(
      "The folder of the embedded database (used when `DATABASE_URL` is not set) and, with `PHOTO_STORE=local`, of the listings' photos (`uploads/`).",
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .meta({
      description:
        'A PostgreSQL server (15 or later) to use instead of the embedded database (PGlite, in `DATA_DIR`): [Using PostgreSQL](../README.md#using-postgresql).',
      allowed: 'a `postgres://` or `postgresql://` URL',
    }),
  SEED_DEMO: bool.optional().meta({
    description:
      'Demo mode: seeds the demo accounts and catalog once and offers the accounts on the login page (`GET /api/auth/demo`, else 404). Their passwords are public, so `SEED_DEMO=true` with `NODE_ENV=production` stops start-up.',
    default: '`true` for the embedded database outside production, else `false`',
  }),
  TRUST_PROXY: trustProxy.default(false).meta({
    description:
      "Behind proxies, which `X-Forwarded-For` (and `X-Forwarded-Proto`) entries to believe: none (`false`), a number of hops (`1`: one load balancer; the client is the entry it appended), or the proxies' addresses and CIDR ranges (`10.0.0.1,10.1.0.0/16`). `true` (every hop, so a client could name its own address and slip past the per-address limits) is refused. Prefer addresses: a hop count also believes a client that reaches the app directly.",
    allowed:
      '`false`, a number of hops, or a comma-separated list of IP addresses, CIDR ranges, `loopback`, `linklocal` and `uniquelocal`',
  }),
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe(
      '`production` marks the session cookie `Secure`, sends HSTS, never seeds or shows the demo accounts, and needs `PUBLIC_ORIGIN`.',
    ),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5).describe(
    'Failed sign-ins allowed for one account from one address (or one of its known browsers) within the window, before that address gets 429 for the account ([0008](decisions/0008-sign-in-throttling.md)).',
  ),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL: positiveInt(50).describe(
    "Failed sign-ins allowed for one account from everywhere within the window; past it only the account's known browsers may sign in.",
  ),
  AUTH_MAX_ATTEMPTS_PER_IP: positiveInt(30).describe(
    'Sign-in and sign-up attempts allowed from one address within the window before 429.',
  ),
  AUTH_WINDOW_MINUTES: positiveInt(15).describe('The sign-in throttling window, in minutes.'),
  WRITE_LIMIT_PER_IP: positiveInt(120).describe(
    'Writes (POST, PUT, PATCH, DELETE under `/api`) allowed from one address per minute before 429.',
  ),
  WRITE_LIMIT_PER_ACCOUNT: positiveInt(60).describe(
    'Writes allowed for one signed-in account per minute, from any address, before 429.',
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('How much the server logs, from `fatal` (least) to `trace` (most); `silent` logs nothing.'),
  KEEP_ALIVE_SECONDS: positiveInt(10).describe(
    "How long an idle kept-alive connection stays open; behind a load balancer, set it above the balancer's own idle timeout (e.g. `65` for a 60 s one).",
  ),
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
    })
    .meta({
      description:
        "The mail server for notifications (with user and password if it needs them). Unset: email is off; every notification still shows in the app (the bell and `/notifications`), and the log says email is off. Set: the mails one person can cause another to receive, and a person's mails a day, are limited, the rest told of in an hourly digest ([Notifications](product.md#notifications)).",
      allowed: '`smtp://user:password@host:587`, or `smtps://…` (usually port 465)',
    }),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address such as "Dragon Fruit <orders@example.com>"')
    .default('Dragon Fruit Marketplace <no-reply@localhost>')
    .describe(
      'The From of the notification mails; their links lead to `PUBLIC_ORIGIN` (else `http://localhost:PORT`, outside production).',
    ),
  MAIL_INTERVAL_SECONDS: positiveInt(5).describe(
    'How often the mail sender looks for notifications to send.',
  ),
  MAIL_MAX_ATTEMPTS: positiveInt(6).describe(
    'The tries a mail gets (30 s after the first failure, doubling, at most an hour apart) before it is marked failed, with the reason kept.',
  ),
  MAIL_LEASE_SECONDS: positiveInt(300).describe(
    "How long a claimed notification is kept from the other instances' senders while it is sent.",
  ),
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
    })
    .meta({
      description:
        "The marketplace's part of each shipment, in percent of its gross, fixed per shipment at checkout ([0021](decisions/0021-payments.md)). `0`: nurseries keep every cent.",
      allowed: `0 to ${COMMISSION_BP_MAX / 100}, with at most two decimals`,
    }),
  PAYMENT_WINDOW_HOURS: decimal(
    z
      .number({ message: 'must be a whole number of hours' })
      .int('must be a whole number of hours')
      .min(1, 'must be 1 to 720 hours')
      .max(720, 'must be 1 to 720 hours'),
  )
    .optional()
    .meta({
      description:
        'How long an order may wait for its payment before its unpaid parts are cancelled and their plants put back on sale ([Payments](product.md#payments)). At most 24 with Stripe, whose payment page an order never outlives (it lives 23.5 hours: [0028](decisions/0028-stripe-limits.md)).',
      default: `by the provider: \`${PAYMENT_WINDOW_HOURS.direct}\` (a week) with \`direct\`, \`${PAYMENT_WINDOW_HOURS.stripe}\` with \`stripe\``,
    }),
  UNPAID_ORDERS_MAX: positiveInt(5).describe(
    "How many orders with a part awaiting payment one buyer may have at once; a checkout past it is refused (409) until one is paid or cancelled, so nobody keeps a nursery's plants off sale for the whole payment window ([Payments](product.md#payments), [0026](decisions/0026-lock-order-and-held-stock.md)).",
  ),
  UNPAID_TOTAL_MAX_DOLLARS: decimal(
    z
      .number({ message: 'must be a whole number of dollars' })
      .int('must be a whole number of dollars')
      .min(1, 'must be 1 to 20000000 dollars')
      .max(20_000_000, 'must be 1 to 20000000 dollars'),
  )
    .default(10000)
    .describe(
      "What one buyer's parts awaiting payment may cost together, in whole dollars, this order counted in; a checkout past it is refused (409).",
    ),
  MONEY_JOBS_INTERVAL_SECONDS: positiveInt(60).describe(
    'With Stripe: how often the refunds and transfers due are sent.',
  ),
  MONEY_JOBS_LEASE_SECONDS: positiveInt(300).describe(
    'With Stripe: how long a claimed refund or transfer is kept from the other instances while its call runs; after that, it is looked up at Stripe before it is sent again.',
  ),
  PAYMENTS_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { message: `must be one of ${PAYMENT_PROVIDERS.join(', ')}` })
    .default(DEFAULT_PAYMENT_PROVIDER)
    .describe(
      "Who takes the buyer's money: each nursery directly, by its own instructions (`direct`), or the marketplace by card with Stripe Connect (`stripe`, with the `STRIPE_*` settings: [payments.md](payments.md), which also holds the checklist of what only Stripe's test mode can prove).",
    ),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
      'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)',
    )
    .optional()
    .describe(
      "With `PAYMENTS_PROVIDER=stripe` (required): Stripe's secret API key, `sk_test_…`, `sk_live_…`, or a restricted `rk_…` key.",
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]{8,}$/, 'must be a webhook signing secret (whsec_…)')
    .optional()
    .describe(
      "With `PAYMENTS_PROVIDER=stripe` (required): the signing secret of the platform's webhook endpoint (the payments' events).",
    ),
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]{8,}$/, 'must be a webhook signing secret (whsec_…)')
    .optional()
    .describe(
      "With `PAYMENTS_PROVIDER=stripe` (required): the signing secret of Connect's webhook endpoint (the nurseries' accounts' events).",
    ),
  STRIPE_API_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^https?:\/\/[^/\s]+\/?$/.test(v), {
      message: 'must be an http:// or https:// address with no path (http://127.0.0.1:12111)',
    })
    .meta({
      description:
        "Where the Stripe client sends its requests: Stripe's own API unless a test or a staging run says otherwise.",
      allowed: 'an `http://` or `https://` address with no path (`http://127.0.0.1:12111`)',
    }),
  PHOTO_STORE: z
    .enum(PHOTO_STORES, { message: `must be one of ${PHOTO_STORES.join(', ')}` })
    .default('local')
    .describe(
      "Where the listings' photos are kept: `local`, as files under `DATA_DIR/uploads` (one instance, or a folder they share), or `s3`, in a bucket of S3 or of any server of its protocol (with the `S3_*` settings). Each photo is stored under the SHA-256 of its bytes and never changes.",
    ),
  PHOTO_QUEUE_UPLOADS: positiveInt(6).describe(
    'Photo uploads one instance holds at once, from their first byte until their renditions are made (each body, up to 15 MB, in memory; two decoded at a time); past it, an upload is refused with 503 and `Retry-After` before its body is read ([0029](decisions/0029-hold-the-edge.md)).',
  ),
  PHOTO_QUEUE_MB: positiveInt(64).describe(
    "The total of the held uploads' declared bodies, in MB; past it, an upload is refused with 503 and `Retry-After`.",
  ),
  S3_BUCKET: optionalText(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'must be a bucket name: 3 to 63 lowercase letters, digits, dots and dashes',
  ).meta({
    description: 'With `PHOTO_STORE=s3` (required): the bucket.',
    allowed: '3 to 63 lowercase letters, digits, dots and dashes',
  }),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as us-east-1 (lowercase letters, digits and dashes)')
    .default('us-east-1')
    .describe("With `PHOTO_STORE=s3`: the bucket's region (`auto` for some S3-compatible services)."),
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
    })
    .meta({
      description:
        'With `PHOTO_STORE=s3`: an S3-compatible server instead of AWS (MinIO, R2, …); its buckets are then addressed as paths (`https://host/bucket/key`).',
      allowed: 'an `http://` or `https://` URL with no credentials or query',
    }),
  S3_ACCESS_KEY_ID: optionalText(/^\S+$/, 'must be an access key id, without spaces').meta({
    description: 'With `PHOTO_STORE=s3` (required): the access key the app signs its requests with.',
    allowed: 'text without spaces',
  }),
  S3_SECRET_ACCESS_KEY: optionalText(/^\S+$/, 'must be a secret access key, without spaces').meta({
    description: "With `PHOTO_STORE=s3` (required): that key's secret.",
    allowed: 'text without spaces',
  }),
  PAGE_CACHE_MB: decimal(
    z
      .number({ message: 'must be a whole number of MB' })
      .int('must be a whole number of MB')
      .min(0, 'must be 0 (off) or more')
      .max(65536, 'must be at most 65536'),
  )
    .default(64)
    .describe(
      "Memory for visitors' server-rendered pages (no session), in MB, each kept until anything it may show changes on any instance (told by PostgreSQL's NOTIFY, so the listening connection must reach PostgreSQL directly, not through PgBouncer in transaction mode); `0` turns the cache off ([0025](decisions/0025-page-cache.md)).",
    ),
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
    })
    .meta({
      description:
        "The site's address as browsers see it: requests that change anything must come from exactly this origin, whatever `Host` a proxy sends. It is also the origin of the pages' canonical URLs and of the links in mails and Stripe's return pages. Required with `NODE_ENV=production`; unset elsewhere, the origin must match the request's own scheme (`X-Forwarded-Proto` with `TRUST_PROXY`) and `Host`, which the canonical URLs follow too.",
      allowed: 'an origin: scheme, host and optional port, no path (`https://shop.example.com`)',
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
  /**
   * Whether the catalog's facets and totals are counted in memory (docs/decisions/0041-catalog-facets-in-memory.md);
   * no variable: a test turns it off to reach the statements that count when the index cannot.
   */
  catalogIndex: boolean;
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
    catalogIndex: true,
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
