/**
 * `npm run config-docs`: writes the configuration reference, docs/configuration.md, from the settings' own schema
 * (`envSchema` in server/src/config.ts, decision 0036): each setting's name and meaning (its `.describe()`), its default
 * and the values it takes, read from the schema's own checks, or from its meta's `default` and `allowed` where the
 * schema cannot say (a custom check, a default worked out in loadConfig). test/unit/configuration-doc.test.ts fails
 * while the committed copy differs, or when a setting has no meaning or no group here.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { envSchema } from '../server/src/config';

export const CONFIGURATION_FILE = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

/** The document's sections, in order: every setting in exactly one. */
export const SETTING_GROUPS: readonly { title: string; intro: string; settings: readonly string[] }[] = [
  {
    title: 'Server',
    intro: 'Where the app listens, where it keeps its data, and which database it uses.',
    settings: ['PORT', 'HOST', 'NODE_ENV', 'DATA_DIR', 'DATABASE_URL', 'SEED_DEMO', 'LOG_LEVEL'],
  },
  {
    title: 'Behind a load balancer',
    intro: 'What the app believes of the proxies in front of it, and the address browsers use.',
    settings: ['PUBLIC_ORIGIN', 'TRUST_PROXY', 'KEEP_ALIVE_SECONDS'],
  },
  {
    title: 'Limits on sign-ins and writes',
    intro:
      'The throttles that answer 429 ([security](quality.md#security)). The API tests, the end-to-end run and the ' +
      'benches send everything from one address, so they raise `AUTH_MAX_ATTEMPTS_PER_IP` and the `WRITE_LIMIT_*` ' +
      'settings.',
    settings: [
      'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      'LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL',
      'AUTH_MAX_ATTEMPTS_PER_IP',
      'AUTH_WINDOW_MINUTES',
      'WRITE_LIMIT_PER_IP',
      'WRITE_LIMIT_PER_ACCOUNT',
    ],
  },
  {
    title: 'Payments',
    intro:
      "Who takes the money, the marketplace's part, and how long an order may wait for it ([payments.md](payments.md), " +
      '[0021](decisions/0021-payments.md)).',
    settings: [
      'PAYMENTS_PROVIDER',
      'MARKETPLACE_COMMISSION_PERCENT',
      'PAYMENT_WINDOW_HOURS',
      'UNPAID_ORDERS_MAX',
      'UNPAID_TOTAL_MAX_DOLLARS',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      'STRIPE_API_URL',
      'MONEY_JOBS_INTERVAL_SECONDS',
      'MONEY_JOBS_LEASE_SECONDS',
    ],
  },
  {
    title: 'Notification mails',
    intro: 'The mails sent from the notifications outbox ([0017](decisions/0017-notifications-outbox.md)).',
    settings: ['SMTP_URL', 'MAIL_FROM', 'MAIL_INTERVAL_SECONDS', 'MAIL_MAX_ATTEMPTS', 'MAIL_LEASE_SECONDS'],
  },
  {
    title: 'Photos',
    intro: "Where the listings' photos are kept, and how many uploads one instance holds at once.",
    settings: [
      'PHOTO_STORE',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'PHOTO_QUEUE_UPLOADS',
      'PHOTO_QUEUE_MB',
    ],
  },
  {
    title: 'Page cache',
    intro: "The memory for visitors' server-rendered pages ([0025](decisions/0025-page-cache.md)).",
    settings: ['PAGE_CACHE_MB'],
  },
];

/** What a setting's meta may hold beside its description. */
interface SettingMeta {
  description?: string;
  default?: string;
  allowed?: string;
}

const code = (value: unknown) => `\`${String(value)}\``;

/** The values the env's `bool` takes. */
const BOOL_OPTIONS = ['true', 'false', '1', '0', ''];

/** Whole numbers from `min` to `max`, in words. */
function range(min: number | undefined, max: number | undefined, whole: boolean): string {
  const kind = whole ? 'a whole number' : 'a number';
  const big = (n: number) => n >= Number.MAX_SAFE_INTEGER;
  if (min !== undefined && max !== undefined && !big(max)) return `${kind} from ${min} to ${max}`;
  if (min !== undefined) return `${kind}, ${min} or more`;
  if (max !== undefined && !big(max)) return `${kind}, at most ${max}`;
  return kind;
}

/** The values a schema takes, in words, from its own checks; undefined when it cannot tell (a custom check). */
function allowedOf(schema: z.ZodType): string | undefined {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional)
    return allowedOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) {
    // A transform after the value says nothing of it; a preprocess before it does not either.
    if (schema.out instanceof z.ZodTransform) return allowedOf(schema.in as z.ZodType);
    return allowedOf(schema.out as z.ZodType);
  }
  if (schema instanceof z.ZodEnum) {
    const options = schema.options.map(String);
    if (options.length === BOOL_OPTIONS.length && options.every((o) => BOOL_OPTIONS.includes(o)))
      return '`true` or `false` (or `1`, `0`)';
    return options.map(code).join(', ');
  }
  if (schema instanceof z.ZodNumber) {
    let min: number | undefined;
    let max: number | undefined;
    const whole = schema.isInt;
    for (const check of schema.def.checks ?? []) {
      const def = check._zod.def as { check: string; value?: unknown; inclusive?: boolean };
      if (typeof def.value !== 'number') continue;
      const step = def.inclusive ? 0 : whole ? 1 : 0;
      if (def.check === 'greater_than') min = def.value + step;
      if (def.check === 'less_than') max = def.value - step;
    }
    return range(min, max, whole);
  }
  if (schema instanceof z.ZodString) {
    for (const check of schema.def.checks ?? []) {
      const def = check._zod.def as { check: string; format?: string; pattern?: RegExp };
      if (def.format === 'regex' && def.pattern) return `text matching ${code(def.pattern.source)}`;
    }
    const min = schema.minLength;
    return min !== null && min > 1 ? `text, at least ${min} characters` : 'text';
  }
  return undefined;
}

/** The default of a setting, as the document shows it: `—` when unset means off or none. */
function defaultOf(schema: z.ZodType, meta: SettingMeta): string {
  if (meta.default) return meta.default;
  let inner: z.ZodType = schema;
  // A default before a transform (MARKETPLACE_COMMISSION_PERCENT) is the value as written.
  while (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
  if (inner instanceof z.ZodDefault) {
    const value = inner.def.defaultValue;
    return value === '' ? 'empty' : code(value);
  }
  return '—';
}

/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replaceAll('\n', ' ').replaceAll('|', '\\|');

/** The reference, as docs/configuration.md holds it; throws naming a setting with no meaning, no group or two. */
export function configurationText(schema: z.ZodObject = envSchema): string {
  const names = Object.keys(schema.shape);
  const grouped = SETTING_GROUPS.flatMap((g) => g.settings);
  const problems = [
    ...names.filter((n) => !grouped.includes(n)).map((n) => `${n} is in no group of scripts/config-docs.ts`),
    ...grouped.filter((n) => !names.includes(n)).map((n) => `${n} is grouped but is no setting of envSchema`),
    ...grouped.filter((n, i) => grouped.indexOf(n) !== i).map((n) => `${n} is in two groups`),
    ...names
      .filter(
        (n) => !(z.globalRegistry.get(schema.shape[n] as z.ZodType) as SettingMeta | undefined)?.description,
      )
      .map((n) => `${n} has no meaning: give it .describe() in envSchema`),
  ];
  if (problems.length > 0)
    throw new Error(`The configuration reference cannot be written:\n  ${problems.join('\n  ')}`);

  const lines = [
    '# Configuration',
    '',
    '<!-- Generated by `npm run config-docs` from envSchema in server/src/config.ts: edit the schema, not this file. -->',
    '',
    'The app is configured by environment variables, checked at start-up: a bad value, or a setting missing that',
    'another needs, stops the server with a message naming it. Every setting is optional; a production site sets at',
    'least `NODE_ENV=production` and `PUBLIC_ORIGIN`, and usually `DATABASE_URL`.',
    '',
    "This reference is written from the settings' own schema, `envSchema` in `server/src/config.ts`, by",
    '`npm run config-docs` ([0036](decisions/0036-configuration-reference.md)); a test fails while it differs.',
    '',
    ...SETTING_GROUPS.map((g) => `- [${g.title}](#${g.title.toLowerCase().replaceAll(' ', '-')})`),
  ];
  for (const group of SETTING_GROUPS) {
    lines.push(
      '',
      `## ${group.title}`,
      '',
      group.intro,
      '',
      '| setting | default | allowed | meaning |',
      '|---|---|---|---|',
    );
    for (const name of group.settings) {
      const setting = schema.shape[name] as z.ZodType;
      const meta = (z.globalRegistry.get(setting) ?? {}) as SettingMeta;
      const allowed = meta.allowed ?? allowedOf(setting);
      if (allowed === undefined)
        throw new Error(
          `${name}: its values cannot be read from its schema: say them with .meta({ allowed })`,
        );
      lines.push(
        `| ${[code(name), defaultOf(setting, meta), allowed, meta.description ?? ''].map(cell).join(' | ')} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(CONFIGURATION_FILE, configurationText());
  console.log(`Configuration reference written to ${CONFIGURATION_FILE}`);
}
