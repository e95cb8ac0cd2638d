import path from 'node:path';
import { z } from 'zod';
import { parseDecimal } from '../../domain/numbers';

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
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Failed sign-ins allowed for one account within the window before 429. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5),
  /** Sign-in and sign-up attempts allowed from one IP address within the window before 429. */
  AUTH_MAX_ATTEMPTS_PER_IP: positiveInt(30),
  AUTH_WINDOW_MINUTES: positiveInt(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long an idle kept-alive connection stays open; behind a load balancer, above its own idle timeout. */
  KEEP_ALIVE_SECONDS: positiveInt(10),
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

// The demo accounts' passwords are published (GET /api/auth/demo, the README): never on a production site.
const checkedEnvSchema = envSchema.refine((e) => !(e.SEED_DEMO && e.NODE_ENV === 'production'), {
  path: ['SEED_DEMO'],
  message: 'must be false with NODE_ENV=production (the demo accounts have published passwords)',
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seed and offer the demo accounts and catalog: never in production. */
  seedDemo: boolean;
  trustProxy: boolean;
  production: boolean;
  logLevel: string;
  auth: {
    maxFailuresPerAccount: number;
    maxAttemptsPerIp: number;
    windowMs: number;
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
      maxAttemptsPerIp: e.AUTH_MAX_ATTEMPTS_PER_IP,
      windowMs: e.AUTH_WINDOW_MINUTES * 60_000,
    },
    clientDir: path.resolve('dist/client'),
    // Every request of this app is small (bodies up to 64 KB): 30 s is ample even on a slow phone connection.
    timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: e.KEEP_ALIVE_SECONDS * 1000 },
    publicOrigin: e.PUBLIC_ORIGIN,
  };
}
