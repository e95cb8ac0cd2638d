/**
 * Fuzz tests for every API endpoint (fast-check): random bodies, query strings, path ids and headers, sent as a
 * visitor, a signed-in buyer and a signed-in seller. Whatever is sent:
 * - the answer is never a 5xx;
 * - every 4xx is JSON `{ message, errors? }` (docs/product.md#errors) with a non-empty message, and never one of the
 *   database's generic fallbacks (input a schema or a service should have named);
 * - a visitor never gets a 2xx from a signed-in endpoint, nor a buyer from a seller endpoint.
 *
 * The endpoints are the app's own routes (TestApp.routes), each with the access rule it declares and the fields its
 * zod schemas name, so a new route is fuzzed without an edit here. CASES adds what random data cannot find: real
 * ids for a path, plausible values for some fields; a route whose generated bodies never get past its schema fails
 * until it has an entry.
 *
 * FUZZ_SEED=<n> replays a run (fast-check prints the seed and the counterexample on failure); FUZZ_RUNS=<n> sets
 * the runs per property (default 40; each run sends its request once per role).
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SORTS } from '../../domain/catalog/schemas';
import { CUTTING_SIZES, FORMS, POLLINATIONS, SHIPS_AS, VARIETIES } from '../../domain/constants';
import { sessions } from '../../server/src/db/schema';
import { type Access, hashToken } from '../../server/src/plugins/session';
import { createTestApp, ORIGIN, registerUser, type TestApp } from '../support/app';
import { createCatalog, insertListing } from '../support/catalog';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** A failing property shrinks its counterexample by replaying requests: give it time to finish and report. */
const SHRINK_TIMEOUT_MS = 120_000;
const params = (numRuns = RUNS): fc.Parameters<unknown> => ({
  numRuns,
  ...(SEED === undefined ? {} : { seed: SEED }),
});

type Role = 'visitor' | 'buyer' | 'seller';
const ROLES: readonly Role[] = ['visitor', 'buyer', 'seller'];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What a request sends as its body. */
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string | null };

interface FuzzRequest {
  method: Method;
  url: string;
  body: Body;
  headers: Record<string, string>;
  /** Lines the buyer and the seller add to their carts (through the API) before the request, e.g. a checkout. */
  cart?: Array<{ productId: number; quantity: number }>;
}

// ---------------------------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------------------------

/** A number literal sent as it is written (beyond what a JS number can say: 1e400, 30 digits). */
class RawNumber {
  constructor(readonly literal: string) {}
  toJSON(): string {
    return `\u0001RAW${this.literal}\u0001`;
  }
  toString(): string {
    return `raw(${this.literal})`;
  }
}

/** JSON text of a value, with RawNumber literals spliced in. */
function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0001RAW([^"\\]*)\\u0001"/g, '$1');
}

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  'false',
  '0',
  '-0',
  '-1',
  '1',
  '1.5',
  '0.001',
  '1e3',
  '1e400',
  '-1e400',
  '0x10',
  '0b1',
  '1_000',
  '١٢٣',
  '１２',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  '%',
  '%zz',
  '%00',
  '..',
  '../..',
  '\\',
  '/',
  '?',
  '#',
  '&',
  '=',
  ',',
  "'",
  '"',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '💥',
  '🐉🐉🐉',
  'é',
  'e\u0301',
  '\u202e',
  '\ud800',
  '\udfff',
  '\ufeff',
  'x'.repeat(300),
  '__proto__',
  'constructor',
  '{}',
  '[]',
  '::',
  'a@b.c',
  'sugar dragon',
];

/**
 * encodeURIComponent that also takes lone surrogates (which it throws on), writing them as the invalid UTF-8
 * bytes a careless client would send.
 */
function encode(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** Characters that trip up storage, display or parsing: controls, NUL, lone surrogates, bidi, BOM, quotes. */
const NASTY_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\ufffd',
  '\ud800',
  '\udc00',
  '\u{1F409}',
  '\\',
  "'",
  '"',
  '%',
  '\n',
  '\r\n',
  '\t',
];

/**
 * Short text with a nasty character inside ordinary text: the right type and length for a text field, so it gets
 * past the schema's type checks to whatever stores or searches it.
 */
const nastyText = (maxLength = 40): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }),
      // NUL most often: PostgreSQL cannot store it, so it must never get past a schema.
      fc.oneof({ weight: 1, arbitrary: fc.constant('\u0000') }, fc.constantFrom(...NASTY_CHARACTERS)),
      fc.string({ unit: 'binary', maxLength: 10 }),
    )
    .map(([a, c, b]) => `${a}${c}${b}`.slice(0, maxLength));

/** Text of every kind: unicode, lone surrogates, control characters, numbers as text, long text. */
const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyText() },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 100, maxLength: 6000 }) },
);

const SPECIAL_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  0.1 + 0.2,
  0.005,
  1e-9,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  99_999.99,
  100_000,
  100_000.01,
  100_001,
  12.345,
];

/** Numbers of every kind, including ones JSON can write but a JS number cannot hold. */
const number: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.integer({ min: -10, max: 10 }),
  fc.double(),
  fc.constantFrom(...SPECIAL_NUMBERS),
  fc
    .oneof(
      fc.constantFrom('1e400', '-1e400', '1E2', '0.1e1', '-0.0', '1.00000000000000000001', '4e-400'),
      fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
    )
    .map((literal) => new RawNumber(literal)),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(text, number, fc.boolean(), fc.constant(null));

/** Any value a JSON body can hold. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 4 }) },
);

/**
 * An object shaped like a real payload. Mostly every field plausible but one or two replaced by anything at all or
 * left out (so a single bad field reaches the service past every other check); otherwise each field missing,
 * plausible or anything. A few fields no schema knows (a sellerId, __proto__) may come along.
 */
function shaped(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  const extraKey = fc.oneof(
    { weight: 4, arbitrary: text },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'sellerId', 'id', 'userId', 'isAdmin'),
    },
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(extraKey, anyValue, { maxKeys: 2 }) },
  );
  const mutation = fc.record({
    key: fc.constantFrom(...keys),
    value: fc.option(anyValue, { nil: undefined, freq: 4 }),
  });
  const mostlyPlausible = fc
    .tuple(fc.record(fields), fc.array(mutation, { maxLength: 2 }), extra)
    .map(([plausible, mutations, more]) => {
      const value: Record<string, unknown> = { ...more, ...plausible };
      for (const m of mutations) {
        if (m.value === undefined) delete value[m.key];
        else value[m.key] = m.value;
      }
      return value;
    });
  const mixed = Object.fromEntries(
    Object.entries(fields).map(([k, plausible]) => [
      k,
      fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: anyValue }),
    ]),
  );
  const anyMix = fc
    .tuple(fc.record(mixed, { requiredKeys: [] }), extra)
    .map(([fieldsValue, more]) => ({ ...more, ...fieldsValue }));
  return fc.oneof({ weight: 4, arbitrary: mostlyPlausible }, { weight: 1, arbitrary: anyMix });
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset="utf-16"',
  'application/json;;',
  'application/jsonx',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  '*/*',
  ';',
  '/',
  'json',
];

/** Header text as HTTP carries it: tab, visible ASCII and Latin-1 (a real parser refuses anything else). */
const headerText = (maxLength = 60) =>
  fc.string({
    unit: fc
      .oneof(
        { weight: 10, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
        { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
        { weight: 1, arbitrary: fc.constant(0x09) },
      )
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  "{'a':1}",
  '[1,2',
  'undefined',
  'NaN',
  '{"a":1}}',
  '{"a":1,}',
  '\u0000',
  '{"a":"\u0000"}',
  '{"__proto__":{"isSeller":true}}',
  '{"constructor":{"prototype":{"isSeller":true}}}',
  '"a string"',
  '123',
  'null',
  'true',
  '[]',
  '[{}]',
  '1e400',
  '{"quantity":1e400}',
  '{"productId":1e400,"quantity":-1e400}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  '{"a":1}\n{"a":2}',
];

/** Bodies no endpoint accepts as they are: malformed JSON, JSON under another content type, oversized. */
const badBody: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ unit: 'binary', maxLength: 40 })),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant('application/json') },
          { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
        ),
      )
      .map(([t, contentType]): Body => ({ kind: 'raw', text: t, contentType })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: null }))
      .map(([v, contentType]): Body => ({ kind: 'raw', text: toJsonText(v), contentType })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 40 }), headerText(30))
      .map(([t, contentType]): Body => ({ kind: 'raw', text: t, contentType })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 64 * 1024 - 16, max: 200_000 }).map(
      (n): Body => ({
        kind: 'raw',
        text: JSON.stringify({ title: 'x'.repeat(n) }),
        contentType: 'application/json',
      }),
    ),
  },
);

/** A body for an endpoint: mostly its own payload shape, sometimes any JSON, malformed input or nothing. */
function bodyOf(shape: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 8, arbitrary: shape.map((value): Body => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value): Body => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: badBody },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

/** A body for an endpoint that takes none (logout, checkout, cancel, DELETE): usually none, sometimes anything. */
const noBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  { weight: 1, arbitrary: fc.constant<Body>({ kind: 'json', value: {} }) },
  { weight: 1, arbitrary: anyValue.map((value): Body => ({ kind: 'json', value })) },
  { weight: 1, arbitrary: badBody },
);

const SPECIAL_SEGMENTS = [
  '0',
  '-1',
  '00',
  '01',
  '1e3',
  '0x10',
  '1.0',
  '1.5',
  '+1',
  '%201',
  '1%20',
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%00',
  '%2F',
  '..',
  '.',
  '%2e%2e',
  '2147483647',
  '2147483648',
  '999999999',
  '1000000000',
  '9999999999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'mine',
  'facets',
  '💥',
  'é',
  '%F0%9F%90%89',
  '%ED%A0%80',
  '1;2',
  '1,2',
  '[1]',
  '{}',
  'a'.repeat(201),
  '1'.repeat(201),
  '1'.repeat(200),
];

/** A path segment where an id goes: real ids of the right kind, other numbers, and everything else. */
function pathId(pool: () => readonly number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.nat().map((i) => String(pool()[i % Math.max(pool().length, 1)] ?? 1)) },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 5000 }).map(String) },
    { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_SEGMENTS) },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{10,250}$/) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encode),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
        .filter((s) => !/[/?#\s]/.test(s)),
    },
  );
}

/** A query string from the given parameter names (and some others), repeated keys allowed, encoded or not. */
function queryOf(values: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const names = Object.keys(values);
  const pair =
    names.length > 0
      ? fc.oneof(
          {
            weight: 6,
            arbitrary: fc
              .constantFrom(...names)
              .chain((name) =>
                fc.tuple(
                  fc.constant(name),
                  fc.oneof(
                    { weight: 3, arbitrary: values[name] as fc.Arbitrary<string> },
                    { weight: 2, arbitrary: text },
                  ),
                ),
              ),
          },
          { weight: 1, arbitrary: fc.tuple(text, text) },
        )
      : fc.tuple(text, text);
  const encoded = fc.tuple(pair, fc.nat(9)).map(([[k, v], how]) => {
    // Mostly well encoded; sometimes raw (but never a '&' or '#' that would end the pair or the query).
    if (how === 0) return `${k}=${v}`.replace(/[&#\s]/g, '');
    if (how === 1) return encode(k);
    return `${encode(k)}=${encode(v)}`;
  });
  return fc
    .tuple(fc.array(encoded, { maxLength: 8 }), fc.constantFrom('', '?', '?&'))
    .map(([pairs, empty]) => (pairs.length ? `?${pairs.join('&')}` : empty));
}

/** Headers a browser or a script may send: random Idempotency-Key, cookies, origins, content types. */
const randomHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'idempotency-key': fc.oneof(
        headerText(40),
        fc.constantFrom('', ' ', 'x'.repeat(200), 'x'.repeat(201), 'key-1', '  padded  '),
        headerText(400),
      ),
      cookie: fc.oneof(
        headerText(60).map((v) => `sid=${v}`),
        fc.constantFrom('sid=', 'sid=%', 'sid="', 'sid=a; sid=b', '=;=;', ';;', 'sid=%E0%A4%A'),
        headerText(80),
      ),
      origin: fc.oneof(
        { weight: 4, arbitrary: fc.constant(ORIGIN) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('null', '', 'http://evil.example', 'http://localhost:81', 'x'),
        },
        { weight: 1, arbitrary: headerText(40) },
      ),
      referer: fc.oneof(fc.constant(`${ORIGIN}/cart`), headerText(40)),
      accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*', ''), headerText(30)),
      'accept-language': headerText(30),
      'x-forwarded-for': fc.oneof(
        fc.constantFrom('1.2.3.4', '::1', 'not-an-ip', '1.2.3.4, 5.6.7.8'),
        headerText(30),
      ),
      'content-type': fc.constantFrom(...CONTENT_TYPES),
      'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
    },
    { requiredKeys: [] },
  )
  .map((h) => Object.fromEntries(Object.entries(h)) as Record<string, string>);

// ---------------------------------------------------------------------------------------------------------------
// The app, its accounts and the ids the generators draw from
// ---------------------------------------------------------------------------------------------------------------

// Built before the tests are collected: the endpoints to fuzz are its routes.
const t: TestApp = await createTestApp();
const accounts: Record<Exclude<Role, 'visitor'>, { id: number; username: string; token: string }> = {
  buyer: { id: 0, username: '', token: '' },
  seller: { id: 0, username: '', token: '' },
};
/** Real ids for the generators to draw from; the ids of what the fuzzing itself creates are added as it goes. */
const pools = {
  products: [] as number[],
  /** The seller's listings (to edit and delete). */
  ownListings: [] as number[],
  /** Listings the buyer has bought (reviews get past the purchase check). */
  bought: [] as number[],
  cartLines: [] as number[],
  orders: [] as number[],
  orderItems: [] as number[],
  shipments: [] as number[],
  /** Listings at the highest price with plenty of stock: a cart of them can total more than an order may. */
  pricey: [] as number[],
  /** Addresses in the buyer's and the seller's address books. */
  addresses: [] as number[],
};

/** A new session for the account, straight in the database (sign-out and sign-in fuzzing end sessions). */
async function newSession(userId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await t.database.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

beforeAll(async () => {
  const { listings, sellerId: catalogSeller } = await createCatalog(t.database.db, 'fuzz');
  const buyer = await registerUser(t.server, { username: 'fz_buyer' });
  const seller = await registerUser(t.server, { username: 'fz_seller', isSeller: true });
  for (const [role, { user }] of [
    ['buyer', buyer],
    ['seller', seller],
  ] as const) {
    accounts[role] = { id: user.id, username: user.username, token: await newSession(user.id) };
  }
  for (let i = 0; i < 4; i++) {
    const row = await insertListing(t.database.db, seller.user.id, {
      title: `Fuzz cutting ${i}`,
      quantity: 100_000,
    });
    pools.ownListings.push(row.id);
  }
  pools.products = [...listings.map((l) => l.id), ...pools.ownListings];
  const pricey = await insertListing(t.database.db, catalogSeller, {
    title: 'Fuzz mature plant',
    quantity: 100_000,
    priceCents: 10_000_000,
  });
  pools.pricey.push(pricey.id);
  pools.products.push(pricey.id);

  // An order of the seller's listing (so the seller has lines to ship), and a cart line to change.
  const add = await buyer.client.post<{ id: number }>('/api/cart', {
    productId: pools.ownListings[0],
    quantity: 2,
  });
  if (add.status !== 201) throw new Error(`setup: cart ${add.status}`);
  const order = await buyer.client.post<{
    id: number;
    items: Array<{ id: number }>;
    shipments: Array<{ id: number }>;
  }>('/api/orders');
  if (order.status !== 201) throw new Error(`setup: order ${order.status}`);
  pools.orders.push(order.body.id);
  pools.orderItems.push(...order.body.items.map((i) => i.id));
  pools.shipments.push(...order.body.shipments.map((s) => s.id));
  pools.bought.push(pools.ownListings[0] as number);
  const line = await buyer.client.post<{ id: number }>('/api/cart', { productId: pools.ownListings[1] });
  pools.cartLines.push(line.body.id);
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Sending and checking
// ---------------------------------------------------------------------------------------------------------------

/** The database's generic answers (server/src/plugins/errors.ts): a client seeing one means nothing named the problem. */
const DATABASE_FALLBACKS = new Set([
  'That already exists',
  'That refers to something that does not exist',
  'A value is out of range',
  'A number is out of range',
  'A value has the wrong format',
]);

function describeRequest(role: Role, req: FuzzRequest): string {
  const body =
    req.body.kind === 'none'
      ? ''
      : req.body.kind === 'json'
        ? ` body=${toJsonText(req.body.value).slice(0, 300)}`
        : ` body(${req.body.contentType ?? 'no content-type'})=${JSON.stringify(req.body.text.slice(0, 300))}`;
  const headers = Object.keys(req.headers).length
    ? ` headers=${JSON.stringify(req.headers).slice(0, 300)}`
    : '';
  const cart = req.cart ? ` after adding to the cart ${JSON.stringify(req.cart)}` : '';
  return `${req.method} ${req.url.slice(0, 300)} as ${role}${body}${headers}${cart}`;
}

/** Sends the request as the role: same-origin, with the role's session cookie (a fresh one when asked). */
async function send(role: Role, req: FuzzRequest, freshSession: boolean): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: 'localhost:80', origin: ORIGIN };
  if (role !== 'visitor') {
    const account = accounts[role];
    headers.cookie = `sid=${freshSession ? await newSession(account.id) : account.token}`;
  }
  let payload: string | undefined;
  if (req.body.kind === 'json') {
    payload = toJsonText(req.body.value);
    headers['content-type'] = 'application/json';
  } else if (req.body.kind === 'raw') {
    payload = req.body.text;
    if (req.body.contentType !== null) headers['content-type'] = req.body.contentType;
  }
  Object.assign(headers, req.headers);
  return t.server.inject({
    method: req.method,
    url: req.url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The answer is never a 5xx; a 4xx is the JSON error shape with a message that names the problem. */
function check(role: Role, access: Access, req: FuzzRequest, res: LightMyRequestResponse): void {
  const fail = (why: string): never => {
    throw new Error(
      `${why}\n  request: ${describeRequest(role, req)}\n  answer: ${res.statusCode} ${res.body.slice(0, 500)}`,
    );
  };
  if (res.statusCode >= 500) fail(`server error ${res.statusCode}`);
  if (res.statusCode >= 200 && res.statusCode < 300) {
    if (access !== 'public' && role === 'visitor') fail('a visitor got a 2xx from a signed-in endpoint');
    if (access === 'seller' && role !== 'seller') fail(`a ${role} got a 2xx from a seller endpoint`);
  }
  if (res.statusCode < 400) return;
  const contentType = String(res.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) fail(`error answer with content-type "${contentType}"`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    fail('error answer is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) fail('error body is not an object');
  const { message, errors, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length) fail(`error body has other keys: ${Object.keys(rest).join(', ')}`);
  if (typeof message !== 'string' || message.trim() === '') fail('error body has no message');
  if (DATABASE_FALLBACKS.has(message as string))
    fail('a database error reached the client with a generic message');
  if (errors !== undefined) {
    if (typeof errors !== 'object' || errors === null || Array.isArray(errors))
      fail('errors is not an object');
    for (const [field, m] of Object.entries(errors as object))
      if (typeof m !== 'string' || m === '') fail(`errors.${field} is not a message`);
  }
  // A stack frame, raw or JSON-escaped (the body echoes some input, so a lone "at x.ts:1" is not enough).
  if (/(?:\n|\\n)\s*at .+\.(?:ts|js|mjs|cjs):\d+:\d+/.test(res.body))
    fail('a stack trace reached the client');
}

interface Endpoint {
  name: string;
  access: Access;
  /** The route's body schema, to check that the generated bodies get past it (and so reach the handler). */
  bodySchema: z.ZodType | undefined;
  request: fc.Arbitrary<FuzzRequest>;
}

/** Adds the ids a successful request created to the pools, so later requests can use them. */
function harvest(req: FuzzRequest, res: LightMyRequestResponse): void {
  if (res.statusCode !== 201) return;
  const path = req.url.split('?')[0];
  const body = JSON.parse(res.body) as {
    id: number;
    items?: Array<{ id: number }>;
    shipments?: Array<{ id: number }>;
  };
  if (path === '/api/orders') {
    pools.orders.push(body.id);
    pools.orderItems.push(...(body.items ?? []).map((i) => i.id));
    pools.shipments.push(...(body.shipments ?? []).map((s) => s.id));
  } else if (path === '/api/cart') pools.cartLines.push(body.id);
  else if (path === '/api/products') {
    pools.ownListings.push(body.id);
    pools.products.push(body.id);
  } else if (path === '/api/addresses') pools.addresses.push(body.id);
}

/**
 * Sets the buyer's and the seller's carts to the request's cart lines through the API (answers checked too), so a
 * counterexample says what was in the cart.
 */
async function fillCarts(req: FuzzRequest): Promise<void> {
  if (!req.cart) return;
  for (const role of ['buyer', 'seller'] as const) {
    const clear: FuzzRequest = { method: 'DELETE', url: '/api/cart', body: { kind: 'none' }, headers: {} };
    check(role, 'user', clear, await send(role, clear, false));
    for (const line of req.cart) {
      const add: FuzzRequest = {
        method: 'POST',
        url: '/api/cart',
        body: { kind: 'json', value: line },
        headers: {},
      };
      check(role, 'user', add, await send(role, add, false));
    }
  }
}

/** What a route's fuzzing adds to what its url and schemas say; keyed by "METHOD url" in CASES. */
interface Case {
  /** The path, with real ids of the right kind (by default any id the fuzzing knows, and everything else). */
  path?: fc.Arbitrary<string>;
  /** Plausible values for some of the body's fields; the fields its schema names and these get anything else. */
  fields?: Record<string, fc.Arbitrary<unknown>>;
  /** The body in place of the one built from `fields` and the schema (which it is given). */
  body?: (derived: fc.Arbitrary<Body>) => fc.Arbitrary<Body>;
  /** Plausible values for some query parameters; the parameters its schema names get any text. */
  query?: Record<string, fc.Arbitrary<string>>;
  headers?: fc.Arbitrary<Record<string, string>>;
  cart?: fc.Arbitrary<NonNullable<FuzzRequest['cart']>>;
}

/** The field names of a zod object schema, through optional, nullable, default and pipe wrappers; none otherwise. */
function fieldNames(schema: unknown): string[] {
  let s = schema as { _zod?: { def: Record<string, unknown> } } | undefined;
  while (s?._zod) {
    const def = s._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as object);
    s = (def.innerType ?? def.in) as typeof s;
  }
  return [];
}

/** A field no case gives plausible values for: left out (as an optional field may be) or anything at all. */
const fieldValue = fc.option(anyValue, { nil: undefined, freq: 2 });

/** Any of the ids the fuzzing knows, for a path parameter no case names. */
const anyId = () => Object.values(pools).flat();

/**
 * An endpoint from one of the app's routes: its access rule as the route declares it, a path with an id for each
 * parameter, and a body, query and headers with the fields its schemas name (CASES adds plausible values).
 */
function endpointOf(route: RouteOptions, method: Method, cases: Partial<Record<string, Case>>): Endpoint {
  const name = `${method} ${route.url}`;
  const access = route.config?.access;
  if (access === undefined) throw new Error(`${name} declares no access rule (config: { access })`);
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; headers?: unknown };
  const own = cases[name] ?? {};
  const segments = route.url.split('/');
  const path =
    own.path ??
    fc
      .tuple(...segments.map((seg) => (seg.startsWith(':') ? pathId(anyId) : fc.constant(seg))))
      .map((parts) => parts.join('/'));
  const fields = fieldNames(schema.body);
  const derivedBody =
    fields.length > 0 || own.fields
      ? bodyOf(shaped({ ...Object.fromEntries(fields.map((f) => [f, fieldValue])), ...own.fields }))
      : method === 'GET'
        ? fc.constant<Body>({ kind: 'none' })
        : noBody;
  const queryNames = fieldNames(schema.querystring);
  const query =
    queryNames.length > 0 || own.query
      ? queryOf({ ...Object.fromEntries(queryNames.map((q) => [q, text])), ...own.query })
      : fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryOf({}) });
  const headerNames = fieldNames(schema.headers);
  const headers =
    own.headers ??
    (headerNames.length > 0
      ? fc.record(Object.fromEntries(headerNames.map((h) => [h, headerText(60)])), { requiredKeys: [] })
      : fc.constant({}));
  return {
    name,
    access,
    bodySchema: schema.body as z.ZodType | undefined,
    request: fc
      .record({
        path,
        query,
        body: own.body ? own.body(derivedBody) : derivedBody,
        headers: headers as fc.Arbitrary<Record<string, string>>,
        cart: own.cart ?? fc.constant<NonNullable<FuzzRequest['cart']>>([]),
      })
      .map(({ path: p, query: q, body, headers: h, cart }) => ({
        method,
        url: `${p}${q}`,
        body,
        headers: h,
        ...(cart.length ? { cart } : {}),
      })),
  };
}

/** Sends each generated request once per role; every answer must pass `check`. */
async function fuzz(ep: Endpoint, numRuns = RUNS): Promise<void> {
  await fc.assert(
    fc.asyncProperty(ep.request, async (req) => {
      await fillCarts(req);
      for (const role of ROLES) {
        const res = await send(role, req, req.url.startsWith('/api/auth/'));
        check(role, ep.access, req, res);
        harvest(req, res);
      }
    }),
    params(numRuns),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The endpoints
// ---------------------------------------------------------------------------------------------------------------

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const someOf = (xs: readonly string[]) =>
  fc.subarray([...xs], { minLength: 1, maxLength: Math.min(3, xs.length) }).map((s) => s.join(','));
const moneyText = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }).map(String),
  fc.double({ min: 0, max: 200_000, noNaN: true }).map(String),
  pick(['', ' ', '-1', '1e5', '1e400', '0x10', 'NaN', '100000.001', '12.3456']),
);

const productId = () => pools.products;
const productPath = (suffix = '') => pathId(productId).map((id) => `/api/products/${id}${suffix}`);
const cartLinePath = (suffix = '') => pathId(() => pools.cartLines).map((id) => `/api/cart/${id}${suffix}`);
/** A unit price as the buyer was shown it: mostly a real one in dollars, sometimes out of range or not a number. */
const priceValue = fc.oneof(
  fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
  pick([0, -1, 100_000.01, 1e-9, '7.50', null]),
);
const boughtPath = (suffix = '') => pathId(() => pools.bought).map((id) => `/api/products/${id}${suffix}`);

/** A text field's plausible values: ordinary text of a valid length, or nasty text of a valid length. */
const plainText = (minLength: number, maxLength: number) =>
  fc.oneof(fc.string({ unit: 'grapheme', minLength, maxLength }), nastyText(maxLength));

const registerFields = {
  username: fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9._-]{3,32}$/),
    pick(['fz_buyer', 'FZ_SELLER', 'ab', 'a b c']),
  ),
  email: fc.oneof(fc.emailAddress(), pick(['fz_buyer@example.com', 'a@b', '@', 'a@b.c\u0000'])),
  password: fc.oneof(plainText(8, 40), pick(['short', 'x'.repeat(257)])),
  isSeller: fc.boolean(),
  location: fc.option(plainText(0, 100)),
  bio: fc.option(plainText(0, 1000)),
};

const loginFields = {
  username: fc.oneof(pick(['fz_buyer', 'FZ_SELLER', 'nobody', ' fz_buyer ']), plainText(1, 40)),
  password: fc.oneof(pick(['correct horse battery', 'wrong password']), plainText(1, 40)),
};

const reviewFields = {
  rating: fc.oneof(fc.integer({ min: 1, max: 5 }), pick([0, 6, 4.5, '5'])),
  comment: fc.option(plainText(0, 2000)),
};

const cartAddFields = {
  productId: fc.oneof(
    fc.nat().map((i) => pools.products[i % pools.products.length] ?? 1),
    pick([0, -1, 2 ** 31, 1.5, '1']),
  ),
  quantity: fc.oneof(fc.integer({ min: 1, max: 5 }), pick([0, -1, 100_000, 100_001, 1.5, '2'])),
};

const cartUpdateFields = {
  quantity: fc.oneof(fc.integer({ min: 1, max: 5 }), pick([0, -1, 100_000, 100_001, 1.5, '2'])),
};

const listingFields = {
  title: plainText(1, 120),
  description: plainText(1, 200),
  variety: fc.oneof(pick(VARIETIES), pick([' Sugar Dragon ', 'sugar dragon'])),
  form: pick(FORMS),
  cuttingSize: fc.oneof(pick(CUTTING_SIZES), pick(['', null])),
  pollination: fc.oneof(pick(POLLINATIONS), pick(['', null])),
  organic: fc.boolean(),
  pesticideFree: fc.boolean(),
  inStock: fc.boolean(),
  // The plant facts: each may be left out (a new listing takes the defaults, an edit keeps what is stored).
  shipsAs: fc.option(fc.oneof(pick(SHIPS_AS), pick(['', 'crate', 'Potted'])), { nil: undefined }),
  callused: fc.option(fc.oneof(fc.boolean(), pick(['true', 1])), { nil: undefined }),
  lengthInches: fc.option(
    fc.oneof(
      fc.integer({ min: 1, max: 120 }),
      fc.integer({ min: 1, max: 120 }).map(String),
      pick(['', null, 0, 121, 12.5, '1e1', '0x10', ' 12 ']),
    ),
    { nil: undefined },
  ),
  segments: fc.option(fc.oneof(fc.integer({ min: 1, max: 50 }), pick(['', null, '3', 0, 51, '2.0'])), {
    nil: undefined,
  }),
  grafted: fc.option(fc.oneof(fc.boolean(), pick(['false'])), { nil: undefined }),
  rootstock: fc.option(
    fc.oneof(pick(['', null, 'Hylocereus undatus', 'x'.repeat(61)]), nastyText(), plainText(1, 60)),
    { nil: undefined },
  ),
  // Edits only: the stock the seller saw (a sale since then makes the edit a 409).
  expectedQuantity: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
  // New listings only: how many photos follow (without an image URL, at least one).
  photos: fc.option(fc.oneof(fc.integer({ min: 0, max: 8 }), pick([-1, 9, 1.5, '2', null])), {
    nil: undefined,
  }),
  quantity: fc.oneof(
    fc.integer({ min: 1, max: 100_000 }),
    fc.integer({ min: 1, max: 100 }).map(String),
    pick(['1e3', '0x10', ' 5 ']),
  ),
  price: fc.oneof(
    fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
    fc.integer({ min: 1, max: 100_000 }).map(String),
    pick([1e-9, 0.001, 0.004, 0.005, 0.01, 100_000.004, '1e-9', '0.001', ' 12.50 ', '1e2']),
  ),
  imageUrl: fc.oneof(
    pick([
      '',
      '/images/products/sugar-dragon-cutting.svg',
      'https://example.com/a.png',
      '//evil.example/x',
      'javascript:alert(1)',
    ]),
    fc.webUrl(),
    nastyText().map((t) => `/images/${t}`),
    nastyText().map((t) => `https://example.com/${t}`),
  ),
};

const newsletterFields = {
  email: fc.oneof(
    fc.emailAddress(),
    pick(['a@b.c', ' A@B.C ', 'a@b', 'a\u0000@b.c', `${'a'.repeat(250)}@b.c`]),
  ),
};

/** Addresses: states and ZIP codes that sometimes agree (33101 is in FL), so some are written. */
const addressFields = {
  name: plainText(1, 100),
  line1: plainText(1, 100),
  line2: fc.option(plainText(0, 100)),
  city: plainText(1, 60),
  state: fc.oneof(pick(['FL', 'fl', ' FL ', 'CA', 'DC', 'PR', 'ZZ', 'VI', ''])),
  zip: fc.oneof(
    pick(['33101', '33101-1234', '90210', '20500', '00901', '00000', '3310', '33101 ', '']),
    fc.stringMatching(/^[0-9]{5}$/),
  ),
  phone: fc.option(fc.oneof(pick(['+1 (305) 555-0100', '12345', '555-CALL-NOW']), plainText(0, 30))),
  isDefault: fc.option(fc.boolean(), { nil: undefined }),
};
/**
 * A seller's shipping profile: real and unknown states, certificates valid, expired, undated or repeated, a business
 * name and a return address as an address book's.
 */
/** Mostly `good`, once in ten times `bad`: a field plausible enough that whole bodies still pass. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: bad });
/** A kind's shipping rate in dollars, as a form or a client sends it; and one badly written or out of range. */
const rate = fc.record({
  first: pick<unknown>([12.99, 0, '8.50', 1000]),
  additional: pick<unknown>([0, 1.5, '3']),
});
const badRate = fc.record({
  first: pick<unknown>([1000.01, -1, 2.999, '1e2', 'free', 8]),
  additional: pick<unknown>([-0.01, 12.345, 0]),
});
const sellerProfileFields = {
  shipFromState: fc.oneof(pick(['FL', 'fl', 'CA', 'HI', 'PR', 'ZZ', ''])),
  licence: fc.option(plainText(0, 80)),
  businessName: fc.option(plainText(0, 120)),
  returnAddress: fc.option(
    fc.record({
      line1: addressFields.line1,
      line2: addressFields.line2,
      city: addressFields.city,
      state: addressFields.state,
      zip: addressFields.zip,
    }),
  ),
  blockedStates: fc.option(fc.array(fc.oneof(pick(['CA', 'hi', 'AZ', 'XX', ''])), { maxLength: 4 }), {
    nil: undefined,
  }),
  certificates: fc.option(
    fc.array(
      fc.record({
        kind: fc.oneof(
          pick(['ca-nematode', 'az-nursery-inspection', 'fl-inspection', 'tx-phytosanitary', 'x']),
        ),
        number: plainText(0, 70),
        expiresOn: fc.oneof(pick(['2099-12-31', '2020-01-01', '2027-02-30', '', '2099-1-1'])),
      }),
      { maxLength: 5 },
    ),
    { nil: undefined },
  ),
  shipDays: fc.option(
    mostly<unknown>(
      fc.subarray(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], { minLength: 1 }),
      fc.array(pick(['mon', 'MON', 'x', '']), { maxLength: 3 }),
    ),
    { nil: undefined },
  ),
  holiday: fc.option(
    mostly<unknown>(
      fc.record({ until: pick(['2099-12-31', '2027-06-01']), takeOrders: fc.boolean() }),
      fc.record({
        until: pick<unknown>(['2020-01-01', '2027-02-30', '', '$&', null]),
        takeOrders: pick<unknown>(['yes', null, true]),
      }),
    ),
    { nil: undefined },
  ),
  shippingRates: fc.option(
    mostly<unknown>(
      fc.record({
        seeds: rate,
        unrootedCutting: rate,
        bareRoot: rate,
        potted: rate,
        freeOver: pick<unknown>([null, 75, '150.00', '']),
      }),
      fc.record({
        seeds: badRate,
        unrootedCutting: rate,
        bareRoot: badRate,
        potted: rate,
        freeOver: pick<unknown>([-1, 1e9, '1e3', null]),
      }),
    ),
    { nil: undefined },
  ),
  freightOverInches: fc.option(
    mostly<unknown>(pick<unknown>([48, '60', null, '']), pick<unknown>([0, 121, '4.5', 'tall', '$&'])),
    { nil: undefined },
  ),
};
const addressPath = pathId(() => pools.addresses).map((id) => `/api/addresses/${id}`);

/** Cart lines to check out: a few units of any listing, or many of the dearest (more than an order may total). */
const cartLines = fc.array(
  fc.record({
    productId: fc.oneof(
      fc.nat().map((i) => pools.products[i % pools.products.length] ?? 1),
      fc.nat().map((i) => pools.pricey[i % pools.pricey.length] ?? 1),
    ),
    quantity: fc.oneof(fc.integer({ min: 1, max: 3 }), pick([100, 250, 100_000])),
  }),
  { minLength: 1, maxLength: 3 },
);

const idempotencyHeaders = fc.oneof(
  { weight: 1, arbitrary: fc.constant({}) },
  {
    weight: 4,
    arbitrary: fc
      .oneof(
        headerText(40),
        fc.constantFrom('', ' ', '\t', 'x'.repeat(200), 'x'.repeat(201), 'key-1', 'é'),
        headerText(300),
      )
      .map((key) => ({ 'idempotency-key': key })),
  },
);

const productQuery: Record<string, fc.Arbitrary<string>> = {
  variety: someOf(VARIETIES),
  form: someOf(FORMS),
  cuttingSize: someOf(CUTTING_SIZES),
  pollination: someOf(POLLINATIONS),
  shipsAs: fc.oneof(someOf(SHIPS_AS), pick(['crate', 'potted,', ''])),
  rooted: pick(['true', 'false', 'yes', '']),
  callused: pick(['true', 'false', '1', '']),
  grafted: pick(['true', 'false', 'TRUE', '']),
  organic: pick(['true', 'false', 'TRUE', '1', '']),
  pesticideFree: pick(['true', 'false', 'yes', '']),
  inStock: pick(['true', 'false', '0', '']),
  minPrice: moneyText,
  maxPrice: moneyText,
  search: fc.oneof(
    pick(['sugar', 'suger dragn', 'a', "o'neil", '& | !', ':*', '(', "'", '\\', '%', '_', '*']),
    text,
  ),
  sort: fc.oneof(pick(SORTS), pick(['', 'price', 'PRICE-LOW-HIGH'])),
  page: fc.oneof(
    fc.integer({ min: -2, max: 100_001 }).map(String),
    pick(['1.5', '1e3', '0x10', '99999999999999999999']),
  ),
  limit: fc.oneof(fc.integer({ min: -2, max: 101 }).map(String), pick(['1.5', '1e1', ''])),
  // A storefront's scope: the fuzz seller (a real one), a buyer (no storefront), or any text at all.
  seller: fc.oneof(
    fc.constant('').map(() => accounts.seller?.username ?? ''),
    fc.constant('').map(() => accounts.buyer?.username ?? ''),
    text,
  ),
};

/** A storefront's path: a real seller's username (in any case), a buyer's, or any text at all. */
const storefrontPath = fc
  .oneof(
    fc.constant('').map(() => (accounts.seller?.username ?? '').toUpperCase()),
    fc.constant('').map(() => accounts.buyer?.username ?? ''),
    text,
  )
  .map((name) => `/api/sellers/${encode(name)}`);

/** What each route needs beyond its url and schemas to get past them: real ids, plausible values. */
const CASES: Partial<Record<string, Case>> = {
  // auth
  'POST /api/auth/register': { fields: registerFields },
  'POST /api/auth/login': { fields: loginFields },
  // catalog and reviews
  'GET /api/products': { query: productQuery },
  'GET /api/products/facets': { query: productQuery },
  'GET /api/sellers/:username': { path: storefrontPath },
  'GET /api/products/:id': { path: productPath() },
  'GET /api/products/:id/related': { path: productPath('/related') },
  'GET /api/products/:id/reviews': { path: productPath('/reviews') },
  'GET /api/products/:id/reviews/mine': { path: productPath('/reviews/mine') },
  'POST /api/products/:id/reviews': {
    path: fc.oneof(boughtPath('/reviews'), productPath('/reviews')),
    fields: reviewFields,
  },
  // cart
  'POST /api/cart': { fields: cartAddFields },
  'PUT /api/cart/:id': { path: cartLinePath(), fields: cartUpdateFields },
  'POST /api/cart/:id/accept-price': { path: cartLinePath('/accept-price'), fields: { price: priceValue } },
  'DELETE /api/cart/:id': { path: cartLinePath() },
  // orders: mostly no body (the cart is what is bought), sometimes the prices shown.
  'POST /api/orders': {
    headers: idempotencyHeaders,
    cart: cartLines,
    body: (derived) => fc.oneof({ weight: 3, arbitrary: noBody }, { weight: 1, arbitrary: derived }),
    fields: {
      lines: fc.array(
        fc.record({
          productId: fc.nat().map((i) => pools.products[i % pools.products.length] ?? 1),
          price: priceValue,
        }),
        { maxLength: 3 },
      ),
      // The shipping shown: right for a new nursery's one shipment, or anything.
      shipping: fc.option(pick<unknown>([12.99, 25.98, 0, -1, '12.99', 1e12]), { nil: undefined }),
    },
  },
  'GET /api/orders/:id': { path: pathId(() => pools.orders).map((id) => `/api/orders/${id}`) },
  'POST /api/orders/:id/cancel': { path: pathId(() => pools.orders).map((id) => `/api/orders/${id}/cancel`) },
  'POST /api/orders/:id/shipments/:shipmentId/cancel': {
    path: fc
      .tuple(
        pathId(() => pools.orders),
        pathId(() => pools.shipments),
      )
      .map(([o, s]) => `/api/orders/${o}/shipments/${s}/cancel`),
  },
  'POST /api/orders/:id/shipments/:shipmentId/delivered': {
    path: fc
      .tuple(
        pathId(() => pools.orders),
        pathId(() => pools.shipments),
      )
      .map(([o, s]) => `/api/orders/${o}/shipments/${s}/delivered`),
  },
  'GET /api/seller/shipments/:id': {
    path: pathId(() => pools.shipments).map((id) => `/api/seller/shipments/${id}`),
  },
  'POST /api/seller/shipments/:id/cancel': {
    path: pathId(() => pools.shipments).map((id) => `/api/seller/shipments/${id}/cancel`),
  },
  'POST /api/seller/shipments/:id/payment-received': {
    path: pathId(() => pools.shipments).map((id) => `/api/seller/shipments/${id}/payment-received`),
  },
  'POST /api/seller/shipments/:id/refund-sent': {
    path: pathId(() => pools.shipments).map((id) => `/api/seller/shipments/${id}/refund-sent`),
    fields: { note: fc.oneof(text, pick([null, '', 'x'.repeat(501)])) },
  },
  'GET /api/seller/shipments': {
    query: {
      status: fc.oneof(pick(['pending', 'shipped', 'delivered', 'cancelled', 'lost', ''])),
      page: fc.oneof(pick(['1', '2', '0', '-1', '1e3', '100001', ''])),
    },
  },
  // seller
  'PATCH /api/seller/orders/:orderId/items/:itemId': {
    path: fc
      .tuple(
        pathId(() => pools.orders),
        pathId(() => pools.orderItems),
      )
      .map(([o, i]) => `/api/seller/orders/${o}/items/${i}`),
    fields: { status: fc.oneof(pick(['shipped', 'Shipped', 'cancelled', 'pending', ''])) },
  },
  // listings
  'POST /api/products': { fields: listingFields },
  'PUT /api/products/:id': {
    path: pathId(() => pools.ownListings).map((id) => `/api/products/${id}`),
    fields: listingFields,
  },
  'DELETE /api/products/:id': {
    path: fc.oneof(
      pathId(() => pools.ownListings.slice(1)).map((id) => `/api/products/${id}`),
      productPath(),
    ),
  },
  // newsletter
  'POST /api/newsletter': { fields: newsletterFields },
  // shipping: the address book and the ZIP lookup
  'POST /api/addresses': { fields: addressFields },
  'GET /api/addresses/:id': { path: addressPath },
  'PUT /api/addresses/:id': { path: addressPath, fields: addressFields },
  'DELETE /api/addresses/:id': { path: addressPath },
  'PUT /api/seller/profile': { fields: sellerProfileFields },
  'POST /api/seller/shipments/:id/ship': {
    path: pathId(() => pools.shipments).map((id) => `/api/seller/shipments/${id}/ship`),
    fields: {
      carrier: fc.oneof(pick(['usps', 'ups', 'fedex', 'other', 'dhl', 'USPS'])),
      trackingNumber: fc.oneof(
        pick([
          '9400 1000 0000 0000 0000 00',
          '1Z999AA10123456784',
          '123456789012',
          '',
          'EA123456789US',
          null,
        ]),
        plainText(0, 50),
      ),
    },
  },
  'GET /api/zips/:zip': {
    path: fc
      .oneof(
        pick(['33101', '33101-1234', '00000', '00901', '20500', '3310', '%00', 'M5V%203L9']),
        fc.stringMatching(/^[0-9]{5}(-[0-9]{4})?$/),
        text.map(encode),
      )
      .map((zip) => `/api/zips/${zip}`),
  },
  'GET /api/zones/:zip': {
    path: fc
      .oneof(
        pick(['33130', '10001', '33101', '00000', '99501', '3313', '331300', 'abcde', '%00', '%24%26']),
        fc.stringMatching(/^[0-9]{5}$/),
        text.map(encode),
      )
      .map((zip) => `/api/zones/${zip}`),
  },
};

/**
 * The app's API routes, one endpoint per method. HEAD is left out: Fastify answers it for each GET route with the
 * GET route's own access rule and handler, and the unknown-path property below sends HEAD to all of /api.
 */
const API_ROUTES = t.routes.filter((route) => route.url.startsWith('/api/'));
const ENDPOINTS: Endpoint[] = API_ROUTES.flatMap((route) =>
  [route.method]
    .flat()
    .filter((method) => method !== 'HEAD')
    .map((method) => {
      if (!METHODS.includes(method))
        throw new Error(`${method} ${route.url}: a method the fuzzing does not send`);
      return endpointOf(route, method as Method, CASES);
    }),
);

describe("the endpoints are the app's routes", () => {
  it('has an endpoint for each route, and a case for no route the app does not have', () => {
    const names = new Set(ENDPOINTS.map((ep) => ep.name));
    expect(names.size).toBe(ENDPOINTS.length);
    // A case for a route that is gone or renamed would leave the new route to the generic generators unnoticed.
    expect(Object.keys(CASES).filter((name) => !names.has(name))).toEqual([]);
  });

  it('will not start with an API route that does not say who may call it, naming the route', async () => {
    await expect(
      createTestApp(
        {},
        {
          addRoutes: (server) => {
            server.get('/api/fuzz/unguarded', async () => ({ ok: true }));
          },
        },
      ),
    ).rejects.toThrow('GET /api/fuzz/unguarded has no access rule');
  });

  it('fuzzes a route the test does not name, with its declared access rule', async () => {
    const extra = await createTestApp(
      {},
      {
        addRoutes: (server) => {
          // Hidden from the reference, as test-only routes are; a real route would declare its answers.
          server.post(
            '/api/fuzz/echo/:id',
            { config: { access: 'seller' }, schema: { hide: true } },
            async () => ({ ok: true }),
          );
        },
      },
    );
    try {
      const route = extra.routes.find((r) => r.url === '/api/fuzz/echo/:id');
      if (!route) throw new Error('the added route is not among the routes');
      const ep = endpointOf(route, 'POST', CASES);
      expect(ep.access).toBe('seller');
      const [req] = fc.sample(ep.request, { numRuns: 1, seed: 1 });
      expect(req?.url).toMatch(/^\/api\/fuzz\/echo\/[^/]/);
    } finally {
      await extra.close();
    }
  });

  it.each(ENDPOINTS.filter((ep) => fieldNames(ep.bodySchema).length > 0).map((ep) => [ep.name, ep] as const))(
    '%s: some generated bodies get past its schema (else it needs plausible fields in CASES)',
    (name, ep) => {
      // A fixed seed: the same samples every run, so the answer does not depend on luck.
      const passing = fc.sample(ep.request, { numRuns: 2000, seed: 1 }).filter((req) => {
        let value: unknown;
        if (req.body.kind === 'none') value = undefined;
        else if (req.body.kind === 'json') value = JSON.parse(toJsonText(req.body.value));
        else return false;
        return ep.bodySchema?.safeParse(value).success;
      });
      if (passing.length === 0) {
        // Which fields refuse the bodies most: the ones to give plausible values.
        const refusals = new Map<string, number>();
        for (const req of fc.sample(ep.request, { numRuns: 2000, seed: 1 }))
          if (req.body.kind === 'json')
            for (const issue of ep.bodySchema?.safeParse(JSON.parse(toJsonText(req.body.value))).error
              ?.issues ?? [])
              refusals.set(String(issue.path[0]), (refusals.get(String(issue.path[0])) ?? 0) + 1);
        const worst = [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 5);
        throw new Error(
          `${name}: none of 2000 generated bodies gets past its schema; give it plausible fields in CASES (refused most on ${worst.map(([f, n]) => `${f} ${n}`).join(', ')})`,
        );
      }
    },
  );
});

describe('fuzzing every endpoint as a visitor, a buyer and a seller', () => {
  it.each(ENDPOINTS.map((ep) => [ep.name, ep] as const))(
    '%s',
    async (_name, ep) => {
      await fuzz(ep);
    },
    SHRINK_TIMEOUT_MS,
  );
});

describe('fuzzing headers and bodies on every endpoint', () => {
  it(
    'answers any endpoint with random headers and bad bodies with no 5xx and the JSON error shape',
    async () => {
      const anyEndpoint = fc.constantFrom(...ENDPOINTS);
      await fc.assert(
        fc.asyncProperty(
          anyEndpoint.chain((ep) =>
            fc.record({
              ep: fc.constant(ep),
              req: ep.request,
              headers: randomHeaders,
              body: fc.oneof(fc.constant<Body | null>(null), badBody),
            }),
          ),
          async ({ ep, req, headers, body }) => {
            const r: FuzzRequest = {
              ...req,
              headers: { ...req.headers, ...headers },
              body: body ?? req.body,
            };
            await fillCarts(r);
            for (const role of ROLES) {
              const res = await send(role, r, r.url.startsWith('/api/auth/'));
              check(role, ep.access, r, res);
              harvest(r, res);
            }
          },
        ),
        params(RUNS * 3),
      );
    },
    SHRINK_TIMEOUT_MS,
  );

  it(
    'answers unknown paths and methods under /api with the JSON error shape, never a 5xx',
    async () => {
      const known = [...new Set(API_ROUTES.map((route) => route.url).filter((url) => !url.includes(':')))];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'>(
            'GET',
            'POST',
            'PUT',
            'PATCH',
            'DELETE',
            'HEAD',
            'OPTIONS',
          ),
          fc.oneof(
            fc.constantFrom(...known),
            fc
              .array(fc.oneof(fc.constantFrom(...SPECIAL_SEGMENTS), text.map(encode)), {
                minLength: 1,
                maxLength: 4,
              })
              .map((segments) => `/api/${segments.join('/')}`),
          ),
          async (method, url) => {
            for (const role of ROLES) {
              const headers: Record<string, string> = { host: 'localhost:80', origin: ORIGIN };
              if (role !== 'visitor') headers.cookie = `sid=${accounts[role].token}`;
              const res = await t.server.inject({ method, url, headers });
              const req: FuzzRequest = { method: method as Method, url, body: { kind: 'none' }, headers: {} };
              // HEAD answers carry no body: only the status is checked.
              if (method === 'HEAD') {
                if (res.statusCode >= 500) throw new Error(`HEAD ${url} as ${role}: ${res.statusCode}`);
                continue;
              }
              check(role, 'public', req, res);
            }
          },
        ),
        params(),
      );
    },
    SHRINK_TIMEOUT_MS,
  );
});
