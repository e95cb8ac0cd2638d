/**
 * A local server of the part of Stripe's REST API (v1) that the payments design uses (docs/decisions/0021), for
 * tests that drive the official `stripe` package against it: a real HTTP server on a loopback port, stateful in
 * memory, with the test's control calls on the returned object (not over HTTP).
 *
 * What it covers:
 * - form-encoded requests with bracketed keys, answered with objects shaped as Stripe's (its id prefixes, `object`,
 *   `created` in seconds, `livemode: false`, amounts in cents) and with Stripe's error shape and status codes:
 *   `resource_missing` (404, or 400 for an id given as a parameter), `parameter_missing`, `parameter_unknown` (for
 *   top-level parameters; a real parameter the adapter needs and this server does not list is added to its list),
 *   `parameter_invalid_integer`, 401 for a missing or unknown secret key;
 * - Checkout Sessions (mode=payment, `price_data` line items), their PaymentIntent and Charge once paid, refunds,
 *   transfers (with `source_transaction` and `transfer_group`) and their reversals, Express accounts (by `type` or
 *   `controller`) and account links, `expand` of ids (and a session's `line_items`);
 * - objects made with a `Stripe-Account` header belong to that connected account and are not seen from the platform;
 * - idempotency as Stripe keeps it, per secret key and `Stripe-Account`: the same key with the same parameters on
 *   the same endpoint replays the first answer (status and body, `Idempotent-Replayed: true`); other parameters are a
 *   400 `idempotency_error`. An answer is kept once the endpoint began acting; a refused validation is not kept;
 * - a few rules the design's flows meet: a session's `expires_at` between 30 minutes and 24 hours, no refund beyond
 *   what is left of the charge, no transfer to an account without an active `transfers` capability nor beyond what
 *   is left of its `source_transaction`, single-use account links. Their codes and wording are this server's
 *   reading of Stripe's, so code should not branch on their messages;
 * - stand-ins for the hosted pages, plain HTML forms without scripts: `/pay/<session>` (Pay, Cancel) and
 *   `/onboard/<account>?link=…` (Finish onboarding);
 * - webhooks: events shaped as Stripe's (`checkout.session.completed`, `.expired`, `.async_payment_succeeded`,
 *   `.async_payment_failed`, and `account.updated` with `account` to the Connect endpoint), POSTed with a
 *   `Stripe-Signature` made by the library's own `generateTestHeaderString`; resent, held and released, delivered in
 *   any order, or signed at a past time;
 * - failures: the next request to a path answered with a chosen status, or acted on and its answer lost.
 *
 * What it deliberately does not cover, and only a Stripe test-mode run can confirm: Stripe's validation beyond
 * required parameters (formats, lengths, metadata limits, nested unknown parameters), the real Checkout page, 3-D
 * Secure, wallets and declines, balances (a transfer without `source_transaction` always succeeds), fees, disputes,
 * payouts, the other event types Stripe sends (`payment_intent.*`, `charge.*`, `capability.updated`, …), automatic
 * webhook retries, and the exact payloads of each API version: objects carry the commonly used fields of the
 * version the library pins (`Stripe.API_VERSION`), not every field.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';

// ---------------------------------------------------------------------------------------------------------------
// Public types

/** A form parameter as Stripe reads it: `a[b][0][c]=v` is `{ a: { b: [{ c: 'v' }] } }`. */
export type Param = string | Param[] | { [key: string]: Param };
export type Params = { [key: string]: Param };

export interface ReceivedRequest {
  method: string;
  /** Without the query string. */
  path: string;
  /** The pairs as sent, keys still bracketed (`'metadata[order_id]': '1'`): the body of a POST, else the query. */
  form: Record<string, string>;
  /** The same pairs, nested. */
  params: Params;
  /** Lower-cased names, as Node gives them. */
  headers: http.IncomingHttpHeaders;
  /** The status answered; null while unanswered or when the answer was dropped. */
  status: number | null;
  /** Whether the answer was an idempotent replay. */
  replayed: boolean;
  /** Whether the request was acted on and its answer lost (`failNext(path, 'drop')` or `'hang'`). */
  dropped: boolean;
}

export interface WebhookEvent {
  id: string;
  object: 'event';
  /** The connected account, for Connect events (they go to the Connect endpoint). */
  account?: string;
  api_version: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface Delivery {
  event: string;
  type: string;
  /** Null when no endpoint was set for the event. */
  url: string | null;
  /** The receiver's status; null when it could not be reached (then `error`) or no endpoint was set. */
  status: number | null;
  error?: string;
  signature: string;
  payload: string;
}

export interface DeliverOptions {
  /** `as-made` (the default) sends the events in the order they were made; `reversed` the other way round. */
  order?: 'as-made' | 'reversed';
  /** The signature's timestamp, in unix seconds (default: now): a past one makes a stale signature. */
  signedAt?: number;
}

export interface StripeServerOptions {
  /** The secret keys it accepts (default: one random `sk_test_…`, `server.apiKey`). */
  apiKeys?: string[];
  /** The clock, in milliseconds (default `Date.now`). */
  now?: () => number;
  /** The API version of events and of answers to requests without `Stripe-Version` (default: the library's pin). */
  apiVersion?: string;
  /** The loopback port to listen on (default: any free one). */
  port?: number;
}

export interface StripeServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** The first accepted secret key. */
  apiKey: string;
  /** Every request received, oldest first, pages included. */
  requests: ReceivedRequest[];
  /** Every event made, oldest first. */
  events: WebhookEvent[];
  /** Every delivery attempted, oldest first. */
  deliveries: Delivery[];
  /** Where events go: Connect events (those with `account`) to the Connect endpoint, the others to the platform's. */
  webhooks(platformUrl: string, platformSecret: string, connectUrl?: string, connectSecret?: string): void;
  /**
   * The buyer pays an open session: its PaymentIntent and Charge are made (`succeeded`), the session becomes
   * `complete` and `paid`, and `checkout.session.completed` is sent. With `delayed`, the payment is left
   * `processing` and the session `unpaid` (a bank debit) until `settle`. With `amount` and `currency`, the charge is
   * of that amount in that currency instead of the session's (as when a promotion code of the dashboard, or a price
   * localised to the buyer's currency, changed what was paid on the page). Resolves with the event once delivered.
   */
  pay(
    sessionId: string,
    options?: { delayed?: boolean; amount?: number; currency?: string },
  ): Promise<WebhookEvent>;
  /** A delayed payment ends: `checkout.session.async_payment_succeeded` or `async_payment_failed`. */
  settle(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<WebhookEvent>;
  /** An open session's time runs out: `expired`, and `checkout.session.expired` is sent. */
  expire(sessionId: string): Promise<WebhookEvent>;
  /** Onboarding done: charges and payouts enabled, nothing due, the requested capabilities active. */
  activate(accountId: string): Promise<WebhookEvent>;
  /** Stripe asks for more: charges and payouts disabled, `requirements` due, the capabilities inactive. */
  restrict(accountId: string, requirements: string[]): Promise<WebhookEvent>;
  /**
   * The next request to `path` (no query string) is answered with `status` and Stripe's error shape, without acting;
   * or with `'drop'`, is acted on (and its idempotent answer kept) and its connection destroyed before any answer;
   * or with `'hang'`, is acted on (and its answer kept) and never answered, its connection left open until the
   * client gives up or dies (a test kills the caller while it waits); or with `'stall'`, the same without acting on
   * it. Each call adds one failure, used in turn.
   */
  failNext(path: string, failure: number | 'drop' | 'hang' | 'stall'): void;
  /** From now on events are kept, not sent, until `release`. */
  hold(): void;
  /** Sends the events held and stops holding. */
  release(options?: DeliverOptions): Promise<Delivery[]>;
  /** Sends events (or event ids) one after another, in the order asked. */
  deliver(events: Array<WebhookEvent | string>, options?: DeliverOptions): Promise<Delivery[]>;
  /** Sends an event again, as Stripe does when it did not get a 2xx or when it sends a duplicate. */
  resend(eventId: string, options?: Pick<DeliverOptions, 'signedAt'>): Promise<Delivery>;
  /** Resolves when the deliveries started by the hosted pages and by API calls have ended. */
  idle(): Promise<void>;
  /** Forgets every idempotency key, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void;
  /** A copy of a stored object (any kind, by id), or undefined. */
  get(id: string): StripeObject | undefined;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Objects, as the subsets of Stripe's types that this server fills

type Session = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'ui_mode'
  | 'url'
>;
interface LineItem
  extends Pick<
    Stripe.LineItem,
    | 'id'
    | 'object'
    | 'amount_discount'
    | 'amount_subtotal'
    | 'amount_tax'
    | 'amount_total'
    | 'currency'
    | 'description'
    | 'quantity'
  > {
  price: Pick<
    Stripe.Price,
    | 'id'
    | 'object'
    | 'active'
    | 'created'
    | 'currency'
    | 'livemode'
    | 'metadata'
    | 'product'
    | 'type'
    | 'unit_amount'
  >;
}
type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_capturable'
  | 'amount_received'
  | 'application_fee_amount'
  | 'canceled_at'
  | 'capture_method'
  | 'client_secret'
  | 'confirmation_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'last_payment_error'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'payment_method'
  | 'payment_method_types'
  | 'status'
  | 'transfer_data'
  | 'transfer_group'
>;
type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'balance_transaction'
  | 'captured'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'disputed'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'payment_method'
  | 'refunded'
  | 'status'
  | 'transfer_group'
>;
type Refund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'balance_transaction'
  | 'charge'
  | 'created'
  | 'currency'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;
type TransferReversal = Pick<
  Stripe.TransferReversal,
  | 'id'
  | 'object'
  | 'amount'
  | 'balance_transaction'
  | 'created'
  | 'currency'
  | 'destination_payment_refund'
  | 'metadata'
  | 'source_refund'
  | 'transfer'
>;
interface ListOf<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  total_count?: number;
  url: string;
}
interface Transfer
  extends Pick<
    Stripe.Transfer,
    | 'id'
    | 'object'
    | 'amount'
    | 'amount_reversed'
    | 'balance_transaction'
    | 'created'
    | 'currency'
    | 'description'
    | 'destination'
    | 'destination_payment'
    | 'livemode'
    | 'metadata'
    | 'reversed'
    | 'source_transaction'
    | 'transfer_group'
  > {
  reversals: ListOf<TransferReversal>;
}
type CapabilityStatus = 'active' | 'inactive' | 'pending';
interface Account
  extends Pick<
    Stripe.Account,
    | 'id'
    | 'object'
    | 'business_type'
    | 'charges_enabled'
    | 'country'
    | 'created'
    | 'default_currency'
    | 'details_submitted'
    | 'email'
    | 'metadata'
    | 'payouts_enabled'
    | 'type'
  > {
  capabilities: Record<string, CapabilityStatus>;
  controller: Record<string, unknown>;
  requirements: {
    alternatives: [];
    current_deadline: null;
    currently_due: string[];
    disabled_reason: string | null;
    errors: [];
    eventually_due: string[];
    past_due: string[];
    pending_verification: [];
  };
  tos_acceptance: { date: number | null };
}
interface AccountLink {
  object: 'account_link';
  created: number;
  expires_at: number;
  url: string;
}

export type StripeObject =
  | Session
  | LineItem
  | PaymentIntent
  | Charge
  | Refund
  | Transfer
  | TransferReversal
  | Account
  | WebhookEvent;
type Kind = StripeObject['object'];
type OfKind<K extends Kind> = Extract<StripeObject, { object: K }>;

/** What the server knows of a session beyond the object itself. */
interface SessionExtras {
  lineItems: LineItem[];
  transferGroup: string | null;
  intentMetadata: Record<string, string>;
  intentDescription: string | null;
}

interface LinkState {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  state: 'new' | 'visited' | 'done';
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Forms, ids and errors

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomId(prefix: string, length = 24): string {
  let id = prefix;
  for (const byte of randomBytes(length)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** `a[b][0][]` → `['a', 'b', '0', '']`. */
function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? key, ...rest];
}

type Tree = { [key: string]: Tree | string };

function finalize(tree: Tree): Param {
  const keys = Object.keys(tree);
  const value = (key: string): Param => {
    const child = tree[key] as Tree | string;
    return typeof child === 'string' ? child : finalize(child);
  };
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys.sort((a, b) => Number(a) - Number(b)).map(value);
  return Object.fromEntries(keys.map((k) => [k, value(k)]));
}

/** Nests form pairs as Stripe reads them. */
export function nestForm(pairs: Iterable<[string, string]>): Params {
  const root: Tree = {};
  for (const [key, value] of pairs) {
    const segments = splitKey(key);
    let node = root;
    for (let i = 0; i < segments.length; i++) {
      let segment = segments[i] ?? '';
      if (segment === '') segment = String(Object.keys(node).length);
      if (i === segments.length - 1) {
        node[segment] = value;
        break;
      }
      const next = node[segment];
      if (typeof next === 'object') node = next;
      else {
        const created: Tree = {};
        node[segment] = created;
        node = created;
      }
    }
  }
  return finalize(root) as Params;
}

interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

/** An answer of Stripe's error shape; `kept` says whether an idempotency key keeps it (the endpoint began acting). */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
    readonly kept: boolean,
  ) {
    super(error.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;

function missing(param: string): ApiError {
  return new ApiError(
    400,
    {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: `Missing required param: ${param}.`,
      param,
      doc_url: docUrl('parameter_missing'),
    },
    false,
  );
}

function invalid(message: string, param?: string, code?: string, kept = false): ApiError {
  return new ApiError(
    400,
    {
      type: 'invalid_request_error',
      message,
      ...(code ? { code, doc_url: docUrl(code) } : {}),
      ...(param ? { param } : {}),
    },
    kept,
  );
}

/** A missing object: 404 when its id is in the path (`param: 'id'`), 400 when it is a parameter. */
function noSuch(kind: string, id: string, param = 'id'): ApiError {
  return new ApiError(
    param === 'id' ? 404 : 400,
    {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param,
      doc_url: docUrl('resource_missing'),
    },
    false,
  );
}

const str = (p: Param | undefined): string | undefined => (typeof p === 'string' ? p : undefined);
const record = (p: Param | undefined): Params | undefined =>
  p !== undefined && typeof p === 'object' && !Array.isArray(p) ? p : undefined;
const array = (p: Param | undefined): Param[] | undefined => (Array.isArray(p) ? p : undefined);

function int(p: Param | undefined, param: string): number | undefined {
  if (p === undefined) return undefined;
  if (typeof p !== 'string' || !/^-?\d+$/.test(p))
    throw invalid(
      `Invalid integer: ${typeof p === 'string' ? p : JSON.stringify(p)}`,
      param,
      'parameter_invalid_integer',
    );
  return Number(p);
}

function positive(p: Param | undefined, param: string): number | undefined {
  const n = int(p, param);
  if (n !== undefined && n < 1) throw invalid('This value must be greater than or equal to 1.', param);
  return n;
}

function metadata(p: Param | undefined, param = 'metadata'): Record<string, string> {
  if (p === undefined || p === '') return {};
  const given =
    record(p) ?? (Array.isArray(p) ? Object.fromEntries(p.map((v, i) => [String(i), v])) : undefined);
  if (!given) throw invalid('Invalid hash', param);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string') throw invalid('Invalid string', `${param}[${key}]`);
    if (value !== '') out[key] = value;
  }
  return out;
}

function allow(params: Params, allowed: readonly string[]): void {
  for (const key of Object.keys(params))
    if (key !== 'expand' && !allowed.includes(key))
      throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
}

function money(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function htmlPage(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;
}

// Top-level parameters each endpoint accepts (from stripe-node 23's types), beside `expand`.
const words = (list: string) => list.trim().split(/\s+/);
/** The largest amount of a charge, in the smallest unit (eight digits: $999,999.99). */
const MAX_AMOUNT = 99_999_999;
/** The most line items a Checkout Session in payment mode takes. */
const MAX_LINE_ITEMS = 100;
const SESSION_CREATE = words(`
  adaptive_pricing after_expiration allow_promotion_codes automatic_tax billing_address_collection
  cancel_url client_reference_id consent_collection currency custom_fields custom_text customer
  customer_creation customer_email customer_update discounts expires_at invoice_creation line_items
  locale metadata mode payment_intent_data payment_method_collection payment_method_configuration
  payment_method_options phone_number_collection shipping_address_collection shipping_options
  submit_type success_url ui_mode
`);
const REFUND_CREATE = words('amount charge metadata payment_intent reason reverse_transfer');
const TRANSFER_CREATE = words(`
  amount currency description destination metadata source_transaction source_type transfer_group
`);
const REVERSAL_CREATE = words('amount description metadata refund_application_fee');
const ACCOUNT_CREATE = words(`
  business_profile business_type capabilities company controller country default_currency email
  individual metadata settings tos_acceptance type
`);
const ACCOUNT_LINK_CREATE = words('account collect collection_options refresh_url return_url type');
const PAGE = words('limit starting_after ending_before');

/** What Stripe asks of a new US Express account before it can be paid. */
const ONBOARDING_DUE = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'representative.first_name',
  'representative.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

// ---------------------------------------------------------------------------------------------------------------
// The server

export async function startStripeServer(options: StripeServerOptions = {}): Promise<StripeServer> {
  const apiKeys = options.apiKeys ?? [randomId('sk_test_', 24)];
  const clock = options.now ?? Date.now;
  const apiVersion = options.apiVersion ?? String(Stripe.API_VERSION);
  const seconds = () => Math.floor(clock() / 1000);
  let base = '';

  const requests: ReceivedRequest[] = [];
  const events: WebhookEvent[] = [];
  const deliveries: Delivery[] = [];
  /** Every object by id, with the account it belongs to (`platform` or a connected account's id). */
  const objects = new Map<string, { owner: string; value: StripeObject }>();
  const sessionExtras = new Map<string, SessionExtras>();
  const links = new Map<string, LinkState>();
  const idempotency = new Map<
    string,
    { method: string; path: string; fingerprint: string; answer: Answer }
  >();
  const failures = new Map<string, Array<number | 'drop' | 'hang' | 'stall'>>();
  /** The connections of requests left unanswered ('hang'), destroyed when the server closes. */
  const hung = new Set<Socket>();
  const pending = new Set<Promise<unknown>>();
  let endpoints: {
    platform?: { url: string; secret: string };
    connect?: { url: string; secret: string };
  } = {};
  let held: WebhookEvent[] | null = null;

  function store<T extends StripeObject>(value: T, owner: string): T {
    objects.set(value.id, { owner, value });
    return value;
  }

  function find<K extends Kind>(kind: K, id: string, owner: string, param = 'id'): OfKind<K> {
    const entry = objects.get(id);
    if (!entry || entry.owner !== owner || entry.value.object !== kind) throw noSuch(kind, id, param);
    return entry.value as OfKind<K>;
  }

  /** Every object of a kind owned by `owner`, newest first (the order of Stripe's lists). */
  function all<K extends Kind>(kind: K, owner: string): OfKind<K>[] {
    const found: OfKind<K>[] = [];
    for (const entry of objects.values())
      if (entry.owner === owner && entry.value.object === kind) found.push(entry.value as OfKind<K>);
    return found.reverse();
  }

  function list<T extends { id: string }>(items: T[], params: Params, url: string): ListOf<T> {
    const limit = int(params.limit, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('This value must be between 1 and 100.', 'limit');
    let from = items;
    const after = str(params.starting_after);
    const before = str(params.ending_before);
    if (after) {
      const at = items.findIndex((i) => i.id === after);
      if (at === -1) throw noSuch('object', after, 'starting_after');
      from = items.slice(at + 1);
    } else if (before) {
      const at = items.findIndex((i) => i.id === before);
      if (at === -1) throw noSuch('object', before, 'ending_before');
      from = items.slice(Math.max(0, at - limit), at);
    }
    return { object: 'list', data: from.slice(0, limit), has_more: from.length > limit, url };
  }

  /** A copy of `value` with the ids at `paths` (`payment_intent.latest_charge`) replaced by their objects. */
  function expanded(value: StripeObject | ListOf<StripeObject>, params: Params, owner: string): unknown {
    const copy = structuredClone(value) as unknown as Record<string, unknown>;
    const paths = (array(params.expand) ?? []).map((p) => {
      if (typeof p !== 'string') throw invalid('Invalid array', 'expand');
      return p;
    });
    for (const path of paths) {
      const expandIn = (target: Record<string, unknown>, segments: string[]) => {
        const [head, ...rest] = segments;
        if (head === undefined) return;
        if (head === 'data' && Array.isArray(target.data)) {
          for (const item of target.data) expandIn(item as Record<string, unknown>, rest);
          return;
        }
        const current = target[head];
        if (head === 'line_items' && target.object === 'checkout.session') {
          const extras = sessionExtras.get(String(target.id));
          target.line_items = list(
            extras?.lineItems ?? [],
            {},
            `/v1/checkout/sessions/${target.id}/line_items`,
          );
        } else if (typeof current === 'string') {
          const entry = objects.get(current);
          if (entry && entry.owner === owner) target[head] = structuredClone(entry.value);
        } else if (current === undefined) {
          throw invalid(`This property cannot be expanded (${path}).`, 'expand');
        }
        const next = target[head];
        if (rest.length > 0 && next !== null && typeof next === 'object')
          expandIn(next as Record<string, unknown>, rest);
      };
      expandIn(copy, path.split('.'));
    }
    return copy;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Events and their delivery

  function makeEvent(
    type: string,
    object: StripeObject,
    extra: {
      account?: string;
      previous?: Record<string, unknown>;
      request?: { id: string; idempotency_key: string | null };
    } = {},
  ): WebhookEvent {
    const event: WebhookEvent = {
      id: randomId('evt_'),
      object: 'event',
      ...(extra.account ? { account: extra.account } : {}),
      api_version: apiVersion,
      created: seconds(),
      data: {
        object: structuredClone(object),
        ...(extra.previous ? { previous_attributes: extra.previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: extra.request ?? { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    return event;
  }

  async function deliverOne(event: WebhookEvent, signedAt?: number): Promise<Delivery> {
    const endpoint = event.account ? endpoints.connect : endpoints.platform;
    const payload = JSON.stringify(event, null, 2);
    const delivery: Delivery = {
      event: event.id,
      type: event.type,
      url: endpoint?.url ?? null,
      status: null,
      signature: '',
      payload,
    };
    deliveries.push(delivery);
    if (!endpoint) return delivery;
    delivery.signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: endpoint.secret,
      ...(signedAt !== undefined ? { timestamp: signedAt } : {}),
    });
    try {
      const answer = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': delivery.signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await answer.text();
      delivery.status = answer.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  }

  async function deliver(list: Array<WebhookEvent | string>, opts: DeliverOptions = {}): Promise<Delivery[]> {
    const chosen = list.map((e) => {
      const id = typeof e === 'string' ? e : e.id;
      const event = events.find((x) => x.id === id);
      if (!event) throw new Error(`No such event: ${id}`);
      return event;
    });
    chosen.sort((a, b) => events.indexOf(a) - events.indexOf(b));
    if (opts.order === 'reversed') chosen.reverse();
    const done: Delivery[] = [];
    for (const event of chosen) done.push(await deliverOne(event, opts.signedAt));
    return done;
  }

  /** Sends a new event now, or keeps it while held. */
  async function send(event: WebhookEvent): Promise<WebhookEvent> {
    if (held) held.push(event);
    else await deliverOne(event);
    return event;
  }

  /** Sends in the background (for the hosted pages and API calls), tracked by `idle()`. */
  function sendLater(event: WebhookEvent): void {
    const sending = send(event).finally(() => pending.delete(sending));
    pending.add(sending);
  }

  // -------------------------------------------------------------------------------------------------------------
  // State changes shared by the API, the pages and the control calls

  function openSession(id: string): Session {
    const entry = objects.get(id);
    if (entry?.value.object !== 'checkout.session') throw new Error(`No such checkout session: ${id}`);
    const session = entry.value;
    if (session.status !== 'open') throw new Error(`Checkout session ${id} is ${session.status}, not open`);
    return session;
  }

  function completeSession(
    id: string,
    delayed: boolean,
    paid: { amount?: number; currency?: string } = {},
  ): WebhookEvent {
    const session = openSession(id);
    const owner = objects.get(id)?.owner ?? 'platform';
    const extras = sessionExtras.get(id);
    const created = seconds();
    const amount = paid.amount ?? session.amount_total ?? 0;
    const currency = paid.currency ?? session.currency ?? 'usd';
    const paymentMethod = randomId('pm_');
    const intentId = randomId('pi_');
    const charge = store<Charge>(
      {
        id: randomId('ch_'),
        object: 'charge',
        amount,
        amount_captured: delayed ? 0 : amount,
        amount_refunded: 0,
        balance_transaction: delayed ? null : randomId('txn_'),
        captured: !delayed,
        created,
        currency,
        customer: null,
        description: extras?.intentDescription ?? null,
        disputed: false,
        failure_code: null,
        failure_message: null,
        livemode: false,
        metadata: { ...extras?.intentMetadata },
        paid: !delayed,
        payment_intent: intentId,
        payment_method: paymentMethod,
        refunded: false,
        status: delayed ? 'pending' : 'succeeded',
        transfer_group: extras?.transferGroup ?? null,
      },
      owner,
    );
    store<PaymentIntent>(
      {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: delayed ? 0 : amount,
        application_fee_amount: null,
        canceled_at: null,
        capture_method: 'automatic_async',
        client_secret: `${intentId}_secret_${randomId('', 25)}`,
        confirmation_method: 'automatic',
        created,
        currency,
        customer: null,
        description: extras?.intentDescription ?? null,
        last_payment_error: null,
        latest_charge: charge.id,
        livemode: false,
        metadata: { ...extras?.intentMetadata },
        payment_method: paymentMethod,
        payment_method_types: ['card'],
        status: delayed ? 'processing' : 'succeeded',
        transfer_data: null,
        transfer_group: extras?.transferGroup ?? null,
      },
      owner,
    );
    Object.assign(session, {
      status: 'complete',
      payment_status: delayed ? 'unpaid' : 'paid',
      payment_intent: intentId,
      url: null,
      customer_details: {
        address: null,
        business_name: null,
        email: session.customer_email ?? 'buyer@example.com',
        individual_name: null,
        name: 'Test Buyer',
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    } satisfies Partial<Session>);
    return makeEvent('checkout.session.completed', session, owner === 'platform' ? {} : { account: owner });
  }

  function settleSession(id: string, outcome: 'succeeded' | 'failed'): WebhookEvent {
    const entry = objects.get(id);
    if (entry?.value.object !== 'checkout.session') throw new Error(`No such checkout session: ${id}`);
    const session = entry.value;
    const intent =
      typeof session.payment_intent === 'string' ? objects.get(session.payment_intent)?.value : undefined;
    if (intent?.object !== 'payment_intent' || intent.status !== 'processing')
      throw new Error(`Checkout session ${id} has no payment processing`);
    const charge =
      typeof intent.latest_charge === 'string' ? objects.get(intent.latest_charge)?.value : undefined;
    if (charge?.object !== 'charge') throw new Error(`Checkout session ${id} has no charge`);
    if (outcome === 'succeeded') {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      Object.assign(charge, {
        status: 'succeeded',
        paid: true,
        captured: true,
        amount_captured: charge.amount,
        balance_transaction: randomId('txn_'),
      });
      session.payment_status = 'paid';
    } else {
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_method_unactivated',
          message: 'The bank debit failed.',
        },
      });
      Object.assign(charge, {
        status: 'failed',
        failure_code: 'account_closed',
        failure_message: 'The bank account has been closed.',
      });
    }
    return makeEvent(
      `checkout.session.async_payment_${outcome}`,
      session,
      entry.owner === 'platform' ? {} : { account: entry.owner },
    );
  }

  function expireSession(
    id: string,
    request?: { id: string; idempotency_key: string | null },
  ): { session: Session; event: WebhookEvent } {
    const session = openSession(id);
    const owner = objects.get(id)?.owner ?? 'platform';
    session.status = 'expired';
    session.url = null;
    const event = makeEvent('checkout.session.expired', session, {
      ...(owner === 'platform' ? {} : { account: owner }),
      ...(request ? { request } : {}),
    });
    return { session, event };
  }

  function accountOf(id: string): Account {
    const entry = objects.get(id);
    if (entry?.value.object !== 'account') throw new Error(`No such account: ${id}`);
    return entry.value;
  }

  function updateAccount(account: Account, change: (a: Account) => void): WebhookEvent {
    const before = structuredClone(account) as unknown as Record<string, unknown>;
    change(account);
    const after = account as unknown as Record<string, unknown>;
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(after))
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
    return makeEvent('account.updated', account, { account: account.id, previous });
  }

  function activateAccount(id: string): WebhookEvent {
    return updateAccount(accountOf(id), (a) => {
      a.charges_enabled = true;
      a.payouts_enabled = true;
      a.details_submitted = true;
      for (const name of Object.keys(a.capabilities)) a.capabilities[name] = 'active';
      a.requirements = {
        ...a.requirements,
        currently_due: [],
        eventually_due: [],
        past_due: [],
        disabled_reason: null,
      };
      a.tos_acceptance = { date: a.tos_acceptance.date ?? seconds() };
    });
  }

  function restrictAccount(id: string, due: string[]): WebhookEvent {
    return updateAccount(accountOf(id), (a) => {
      a.charges_enabled = false;
      a.payouts_enabled = false;
      for (const name of Object.keys(a.capabilities)) a.capabilities[name] = 'inactive';
      a.requirements = {
        ...a.requirements,
        currently_due: [...due],
        eventually_due: [...due],
        past_due: [...due],
        disabled_reason: 'requirements.past_due',
      };
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // The API's endpoints

  interface Context {
    params: Params;
    owner: string;
    request: { id: string; idempotency_key: string | null };
  }
  type Handler = (ctx: Context, ids: string[]) => { status?: number; value: unknown };
  const routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  const route = (method: string, path: string, handler: Handler) =>
    routes.push({ method, pattern: new RegExp(`^${path.replaceAll(':id', '([^/]+)')}$`), handler });

  route('POST', '/v1/checkout/sessions', ({ params, owner }) => {
    allow(params, SESSION_CREATE);
    const mode = str(params.mode) ?? 'payment';
    if (mode !== 'payment') throw invalid(`This test server knows mode=payment only, not ${mode}.`, 'mode');
    const items = array(params.line_items);
    if (!items || items.length === 0) throw missing('line_items');
    // Stripe's limit for a session in payment mode (shipping sent as a line counts).
    if (items.length > MAX_LINE_ITEMS)
      throw invalid(
        `You may only specify up to ${MAX_LINE_ITEMS} line items in \`payment\` mode, but ${items.length} were given.`,
        'line_items',
      );
    const created = seconds();
    let currency: string | undefined;
    const lineItems = items.map((raw, i): LineItem => {
      const at = `line_items[${i}]`;
      const item = record(raw);
      if (!item) throw invalid('Invalid hash', at);
      if (item.price !== undefined)
        throw invalid('This test server knows price_data only, not saved prices.', `${at}[price]`);
      const data = record(item.price_data);
      if (!data) throw missing(`${at}[price_data]`);
      const itemCurrency = str(data.currency);
      if (!itemCurrency) throw missing(`${at}[price_data][currency]`);
      if (currency && itemCurrency !== currency)
        throw invalid('All line items must use the same currency.', `${at}[price_data][currency]`);
      currency = itemCurrency;
      const unitAmount = int(data.unit_amount, `${at}[price_data][unit_amount]`);
      if (unitAmount === undefined) throw missing(`${at}[price_data][unit_amount]`);
      const product = record(data.product_data);
      const name = str(product?.name);
      const productId = str(data.product);
      if (!name && !productId) throw missing(`${at}[price_data][product_data][name]`);
      const quantity = positive(item.quantity, `${at}[quantity]`);
      if (quantity === undefined) throw missing(`${at}[quantity]`);
      const amount = unitAmount * quantity;
      return {
        id: randomId('li_'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: itemCurrency,
        description: name ?? productId ?? '',
        quantity,
        price: {
          id: randomId('price_'),
          object: 'price',
          active: false,
          created,
          currency: itemCurrency,
          livemode: false,
          metadata: {},
          product: productId ?? randomId('prod_', 14),
          type: 'one_time',
          unit_amount: unitAmount,
        },
      };
    });
    const expiresAt = int(params.expires_at, 'expires_at') ?? created + 24 * 3600;
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600)
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    const intentData = record(params.payment_intent_data) ?? {};
    const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
    // A charge holds at most eight digits of the currency's smallest unit: $999,999.99 in USD.
    if (total > MAX_AMOUNT)
      throw invalid(
        `Amount must be no more than ${money(MAX_AMOUNT, currency ?? 'usd')}`,
        undefined,
        'amount_too_large',
      );
    const id = randomId('cs_test_a1', 56);
    const session = store<Session>(
      {
        id,
        object: 'checkout.session',
        amount_subtotal: total,
        amount_total: total,
        cancel_url: str(params.cancel_url) ?? null,
        client_reference_id: str(params.client_reference_id) ?? null,
        created,
        currency: currency ?? 'usd',
        customer: null,
        customer_details: null,
        customer_email: str(params.customer_email) ?? null,
        expires_at: expiresAt,
        livemode: false,
        metadata: metadata(params.metadata),
        mode: 'payment',
        payment_intent: null,
        payment_method_types: ['card'],
        payment_status: 'unpaid',
        status: 'open',
        success_url: str(params.success_url) ?? null,
        ui_mode: 'hosted_page',
        url: `${base}/pay/${id}`,
      },
      owner,
    );
    sessionExtras.set(id, {
      lineItems,
      transferGroup: str(intentData.transfer_group) ?? null,
      intentMetadata: metadata(intentData.metadata, 'payment_intent_data[metadata]'),
      intentDescription: str(intentData.description) ?? null,
    });
    return { value: session };
  });

  route('GET', '/v1/checkout/sessions/:id', ({ params, owner }, [id = '']) => {
    allow(params, []);
    return { value: find('checkout.session', id, owner) };
  });

  route('GET', '/v1/checkout/sessions/:id/line_items', ({ params, owner }, [id = '']) => {
    allow(params, PAGE);
    find('checkout.session', id, owner);
    const items = sessionExtras.get(id)?.lineItems ?? [];
    return { value: list(items, params, `/v1/checkout/sessions/${id}/line_items`) };
  });

  route('POST', '/v1/checkout/sessions/:id/expire', ({ params, owner, request }, [id = '']) => {
    allow(params, []);
    const session = find('checkout.session', id, owner);
    if (session.status !== 'open')
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${session.status}".`,
        undefined,
        undefined,
        true,
      );
    const { event } = expireSession(id, request);
    sendLater(event);
    return { value: session };
  });

  route('GET', '/v1/payment_intents/:id', ({ params, owner }, [id = '']) => {
    allow(params, ['client_secret']);
    return { value: find('payment_intent', id, owner) };
  });

  route('GET', '/v1/charges/:id', ({ params, owner }, [id = '']) => {
    allow(params, []);
    return { value: find('charge', id, owner) };
  });

  route('POST', '/v1/refunds', ({ params, owner }) => {
    allow(params, REFUND_CREATE);
    const intentId = str(params.payment_intent);
    const chargeId = str(params.charge);
    if (!intentId && !chargeId)
      throw new ApiError(
        400,
        {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          message:
            'One of the following params should be provided for this request: payment_intent or charge.',
          doc_url: docUrl('parameter_missing'),
        },
        false,
      );
    const amountAsked = positive(params.amount, 'amount');
    let charge: Charge;
    if (intentId) {
      const intent = find('payment_intent', intentId, owner, 'payment_intent');
      const latest =
        typeof intent.latest_charge === 'string' ? objects.get(intent.latest_charge)?.value : undefined;
      if (latest?.object !== 'charge' || latest.status !== 'succeeded')
        throw invalid(
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          'payment_intent',
          undefined,
          true,
        );
      if (chargeId && chargeId !== latest.id)
        throw invalid(`Charge ${chargeId} does not belong to PaymentIntent ${intentId}.`, 'charge');
      charge = latest;
    } else {
      charge = find('charge', chargeId ?? '', owner, 'charge');
      if (charge.status !== 'succeeded')
        throw invalid(
          `Charge ${charge.id} has not succeeded and cannot be refunded.`,
          'charge',
          undefined,
          true,
        );
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0)
      throw invalid(
        `Charge ${charge.id} has already been refunded.`,
        'charge',
        'charge_already_refunded',
        true,
      );
    const amount = amountAsked ?? left;
    if (amount > left)
      throw invalid(
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`,
        'amount',
        undefined,
        true,
      );
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = store<Refund>(
      {
        id: randomId('re_'),
        object: 'refund',
        amount,
        balance_transaction: randomId('txn_'),
        charge: charge.id,
        created: seconds(),
        currency: charge.currency,
        metadata: metadata(params.metadata),
        payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
        reason: (str(params.reason) as Refund['reason'] | undefined) ?? null,
        status: 'succeeded',
      },
      owner,
    );
    return { value: refund };
  });

  route('GET', '/v1/refunds', ({ params, owner }) => {
    allow(params, [...PAGE, 'charge', 'payment_intent', 'created']);
    const intentId = str(params.payment_intent);
    const chargeId = str(params.charge);
    const refunds = all('refund', owner).filter(
      (r) => (!intentId || r.payment_intent === intentId) && (!chargeId || r.charge === chargeId),
    );
    return { value: list(refunds, params, '/v1/refunds') };
  });

  route('GET', '/v1/refunds/:id', ({ params, owner }, [id = '']) => {
    allow(params, []);
    return { value: find('refund', id, owner) };
  });

  route('POST', '/v1/transfers', ({ params, owner }) => {
    allow(params, TRANSFER_CREATE);
    const amount = positive(params.amount, 'amount');
    if (amount === undefined) throw missing('amount');
    const currency = str(params.currency);
    if (!currency) throw missing('currency');
    const destinationId = str(params.destination);
    if (!destinationId) throw missing('destination');
    if (owner !== 'platform') throw invalid('Transfers are made by the platform.', 'destination');
    const destination = objects.get(destinationId)?.value;
    if (destination?.object !== 'account') throw noSuch('destination', destinationId, 'destination');
    if (destination.capabilities.transfers !== 'active')
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
        'insufficient_capabilities_for_transfer',
        true,
      );
    const sourceId = str(params.source_transaction);
    if (sourceId) {
      const source = find('charge', sourceId, owner, 'source_transaction');
      if (source.status !== 'succeeded')
        throw invalid(
          `The source transaction ${sourceId} has not succeeded.`,
          'source_transaction',
          undefined,
          true,
        );
      if (source.currency !== currency)
        throw invalid(`The currency must be the source transaction's, ${source.currency}.`, 'currency');
      const used = all('transfer', owner)
        .filter((t) => t.source_transaction === sourceId)
        .reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
      if (used + amount > source.amount)
        throw invalid(
          `Insufficient funds in the source transaction ${sourceId}: ${money(source.amount - used, currency)} is left to transfer.`,
          'amount',
          undefined,
          true,
        );
    }
    const id = randomId('tr_');
    const transfer = store<Transfer>(
      {
        id,
        object: 'transfer',
        amount,
        amount_reversed: 0,
        balance_transaction: randomId('txn_'),
        created: seconds(),
        currency,
        description: str(params.description) ?? null,
        destination: destinationId,
        destination_payment: randomId('py_'),
        livemode: false,
        metadata: metadata(params.metadata),
        reversals: {
          object: 'list',
          data: [],
          has_more: false,
          total_count: 0,
          url: `/v1/transfers/${id}/reversals`,
        },
        reversed: false,
        source_transaction: sourceId ?? null,
        transfer_group: str(params.transfer_group) ?? null,
      },
      owner,
    );
    return { value: transfer };
  });

  route('GET', '/v1/transfers', ({ params, owner }) => {
    allow(params, [...PAGE, 'created', 'destination', 'transfer_group']);
    const group = str(params.transfer_group);
    const destination = str(params.destination);
    const transfers = all('transfer', owner).filter(
      (t) => (!group || t.transfer_group === group) && (!destination || t.destination === destination),
    );
    return { value: list(transfers, params, '/v1/transfers') };
  });

  route('GET', '/v1/transfers/:id', ({ params, owner }, [id = '']) => {
    allow(params, []);
    return { value: find('transfer', id, owner) };
  });

  route('GET', '/v1/transfers/:id/reversals', ({ params, owner }, [id = '']) => {
    allow(params, PAGE);
    find('transfer', id, owner);
    return {
      value: list(
        all('transfer_reversal', owner).filter((r) => r.transfer === id),
        params,
        `/v1/transfers/${id}/reversals`,
      ),
    };
  });

  route('POST', '/v1/transfers/:id/reversals', ({ params, owner }, [id = '']) => {
    allow(params, REVERSAL_CREATE);
    const transfer = find('transfer', id, owner);
    const amountAsked = positive(params.amount, 'amount');
    const left = transfer.amount - transfer.amount_reversed;
    if (left === 0)
      throw invalid(`Transfer ${id} has already been fully reversed.`, 'amount', undefined, true);
    const amount = amountAsked ?? left;
    if (amount > left)
      throw invalid(
        `Amount (${money(amount, transfer.currency)}) must be no more than what is left of the transfer (${money(left, transfer.currency)}).`,
        'amount',
        undefined,
        true,
      );
    const reversal = store<TransferReversal>(
      {
        id: randomId('trr_'),
        object: 'transfer_reversal',
        amount,
        balance_transaction: randomId('txn_'),
        created: seconds(),
        currency: transfer.currency,
        destination_payment_refund: randomId('pyr_'),
        metadata: metadata(params.metadata),
        source_refund: null,
        transfer: id,
      },
      owner,
    );
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    const reversals = all('transfer_reversal', owner).filter((r) => r.transfer === id);
    transfer.reversals = {
      ...transfer.reversals,
      data: reversals.slice(0, 10),
      has_more: reversals.length > 10,
      total_count: reversals.length,
    };
    return { value: reversal };
  });

  route('POST', '/v1/accounts', ({ params, owner }) => {
    allow(params, ACCOUNT_CREATE);
    if (owner !== 'platform') throw invalid('Connected accounts are made by the platform.');
    const type = str(params.type);
    const controller = record(params.controller);
    if (!type && !controller) throw missing('type');
    if (type && !['express', 'standard', 'custom'].includes(type))
      throw invalid(`Invalid type: must be one of custom, express, or standard`, 'type');
    const dashboard = str(record(controller?.stripe_dashboard)?.type);
    const accountType = (type ??
      (dashboard === 'express' ? 'express' : dashboard === 'full' ? 'standard' : 'none')) as Account['type'];
    const capabilities: Record<string, CapabilityStatus> = {};
    for (const [name, value] of Object.entries(record(params.capabilities) ?? {}))
      if (str(record(value)?.requested) === 'true') capabilities[name] = 'inactive';
    const account = store<Account>(
      {
        id: randomId('acct_', 16),
        object: 'account',
        business_type: (str(params.business_type) as Account['business_type']) ?? null,
        capabilities,
        charges_enabled: false,
        controller: controller ?? { type: 'application', is_controller: true },
        country: str(params.country) ?? 'US',
        created: seconds(),
        default_currency: str(params.default_currency) ?? 'usd',
        details_submitted: false,
        email: str(params.email) ?? null,
        metadata: metadata(params.metadata),
        payouts_enabled: false,
        requirements: {
          alternatives: [],
          current_deadline: null,
          currently_due: [...ONBOARDING_DUE],
          disabled_reason: 'requirements.past_due',
          errors: [],
          eventually_due: [...ONBOARDING_DUE],
          past_due: [...ONBOARDING_DUE],
          pending_verification: [],
        },
        tos_acceptance: { date: null },
        type: accountType,
      },
      owner,
    );
    return { value: account };
  });

  route('GET', '/v1/accounts/:id', ({ params, owner }, [id = '']) => {
    allow(params, []);
    return { value: find('account', id, owner) };
  });

  route('POST', '/v1/account_links', ({ params, owner }) => {
    allow(params, ACCOUNT_LINK_CREATE);
    const accountId = str(params.account);
    if (!accountId) throw missing('account');
    const type = str(params.type);
    if (!type) throw missing('type');
    if (type !== 'account_onboarding' && type !== 'account_update')
      throw invalid(`Invalid type: must be one of account_onboarding or account_update`, 'type');
    const refreshUrl = str(params.refresh_url);
    if (!refreshUrl) throw missing('refresh_url');
    const returnUrl = str(params.return_url);
    if (!returnUrl) throw missing('return_url');
    find('account', accountId, owner, 'account');
    const created = seconds();
    const token = randomId('', 32);
    links.set(token, { account: accountId, refreshUrl, returnUrl, expiresAt: created + 300, state: 'new' });
    const link: AccountLink = {
      object: 'account_link',
      created,
      expires_at: created + 300,
      url: `${base}/onboard/${accountId}?link=${token}`,
    };
    return { value: link };
  });

  route('GET', '/v1/events/:id', ({ params, owner }, [id = '']) => {
    allow(params, []);
    const event = events.find((e) => e.id === id && (owner === 'platform' || e.account === owner));
    if (!event) throw noSuch('event', id);
    return { value: event };
  });

  // -------------------------------------------------------------------------------------------------------------
  // Requests

  const json = (status: number, value: unknown, headers: Record<string, string> = {}): Answer => ({
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(value, null, 2),
  });
  const errorAnswer = (status: number, error: StripeErrorBody, headers: Record<string, string> = {}) =>
    json(status, { error }, headers);

  function failureAnswer(status: number): Answer {
    const headers = { 'request-id': randomId('req_', 14) };
    if (status === 429)
      return errorAnswer(
        status,
        {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message: 'Too many requests hit the API too quickly.',
        },
        headers,
      );
    if (status >= 500)
      return errorAnswer(
        status,
        { type: 'api_error', message: 'An unknown error occurred (made by the test server).' },
        headers,
      );
    return errorAnswer(
      status,
      { type: 'invalid_request_error', message: `Failed with ${status} (made by the test server).` },
      headers,
    );
  }

  function api(
    method: string,
    path: string,
    form: [string, string][],
    params: Params,
    headers: http.IncomingHttpHeaders,
  ): Answer & { replayed?: boolean } {
    const requestId = randomId('req_', 14);
    const version = typeof headers['stripe-version'] === 'string' ? headers['stripe-version'] : apiVersion;
    const common: Record<string, string> = { 'request-id': requestId, 'stripe-version': version };
    const auth = headers.authorization ?? '';
    const key = /^Bearer (\S+)$/.exec(auth)?.[1];
    if (!key)
      return errorAnswer(
        401,
        {
          type: 'invalid_request_error',
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
        { ...common, 'www-authenticate': 'Bearer realm="Stripe"' },
      );
    if (!apiKeys.includes(key))
      return errorAnswer(
        401,
        {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
        },
        { ...common, 'www-authenticate': 'Bearer realm="Stripe"' },
      );
    const account = typeof headers['stripe-account'] === 'string' ? headers['stripe-account'] : null;
    if (account && objects.get(account)?.value.object !== 'account')
      return errorAnswer(
        403,
        {
          type: 'invalid_request_error',
          code: 'account_invalid',
          message: `The provided key does not have access to account '${account}' (or that account does not exist).`,
        },
        common,
      );
    const owner = account ?? 'platform';
    const idempotencyKey =
      method === 'POST' && typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : null;
    const scope = idempotencyKey ? `${key}\n${owner}\n${idempotencyKey}` : null;
    const fingerprint = form
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
    if (scope) {
      common['idempotency-key'] = idempotencyKey ?? '';
      const kept = idempotency.get(scope);
      if (kept) {
        if (kept.method !== method || kept.path !== path)
          return errorAnswer(
            400,
            {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${kept.method} ${kept.path}' vs '${method} ${path}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
            common,
          );
        if (kept.fingerprint !== fingerprint)
          return errorAnswer(
            400,
            {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
            common,
          );
        return {
          ...kept.answer,
          headers: {
            ...kept.answer.headers,
            'request-id': requestId,
            'idempotent-replayed': 'true',
            'original-request': kept.answer.headers['request-id'] ?? '',
          },
          replayed: true,
        };
      }
    }
    let answer: Answer;
    let keep = true;
    const found = routes
      .map((r) => ({ r, match: r.method === method ? r.pattern.exec(path) : null }))
      .find((x) => x.match);
    if (!found?.match) {
      keep = false;
      answer = errorAnswer(
        404,
        {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}). This test server speaks only the part of Stripe's API that the payments design uses (test/support/stripe-server.ts).`,
        },
        common,
      );
    } else {
      const ids = found.match.slice(1).map((s) => decodeURIComponent(s));
      try {
        const ctx: Context = { params, owner, request: { id: requestId, idempotency_key: idempotencyKey } };
        const { status = 200, value } = found.r.handler(ctx, ids);
        answer = json(status, expanded(value as StripeObject, params, owner), common);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        keep = error.kept;
        answer = errorAnswer(error.status, error.error, common);
      }
    }
    if (scope && keep) idempotency.set(scope, { method, path, fingerprint, answer });
    return answer;
  }

  // -------------------------------------------------------------------------------------------------------------
  // The stand-in hosted pages

  const redirect = (location: string): Answer => ({ status: 303, headers: { location }, body: '' });
  const html = (status: number, title: string, main: string): Answer => ({
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: htmlPage(title, main),
  });
  const notFound = () => html(404, 'Not found', '<h1>Not found</h1>');

  function pages(method: string, path: string, params: Params, query: URLSearchParams): Answer {
    let m = /^\/pay\/([^/]+)$/.exec(path);
    if (m && method === 'GET') {
      const id = decodeURIComponent(m[1] ?? '');
      const session = objects.get(id)?.value;
      if (session?.object !== 'checkout.session') return notFound();
      if (session.status !== 'open')
        return html(
          200,
          'Checkout',
          `<h1>${session.status === 'complete' ? 'This payment is complete' : 'This Checkout Session has expired'}</h1>`,
        );
      const total = money(session.amount_total ?? 0, session.currency ?? 'usd');
      const rows = (sessionExtras.get(id)?.lineItems ?? [])
        .map(
          (item) =>
            `<tr><th scope="row">${escapeHtml(item.description ?? '')}</th><td>${item.quantity ?? 1}</td><td>${money(item.amount_total, item.currency)}</td></tr>`,
        )
        .join('\n');
      return html(
        200,
        `Pay ${total}`,
        `<h1>Checkout</h1>
<p>A stand-in for Stripe's hosted Checkout page (test server): no card is asked for.</p>
<table>
<caption>Items</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td>${total}</td></tr></tfoot>
</table>
<form method="post" action="/pay/${escapeHtml(id)}/complete"><button type="submit">Pay ${total}</button></form>
<form method="post" action="/pay/${escapeHtml(id)}/cancel"><button type="submit">Cancel</button></form>`,
      );
    }
    m = /^\/pay\/([^/]+)\/(complete|cancel)$/.exec(path);
    if (m && method === 'POST') {
      const id = decodeURIComponent(m[1] ?? '');
      const session = objects.get(id)?.value;
      if (session?.object !== 'checkout.session') return notFound();
      if (session.status !== 'open')
        return html(409, 'Checkout', '<h1>This Checkout Session is no longer open</h1>');
      if (m[2] === 'cancel') return redirect(session.cancel_url ?? `/pay/${id}`);
      sendLater(completeSession(id, false));
      return session.success_url
        ? redirect(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id))
        : html(200, 'Paid', '<h1>Thanks for your payment</h1>');
    }
    m = /^\/onboard\/([^/]+)$/.exec(path);
    if (m && method === 'GET') {
      const token = query.get('link') ?? '';
      const link = links.get(token);
      if (!link || link.account !== decodeURIComponent(m[1] ?? '')) return notFound();
      if (link.state !== 'new' || seconds() > link.expiresAt) return redirect(link.refreshUrl);
      link.state = 'visited';
      return html(
        200,
        'Set up payouts',
        `<h1>Set up payouts</h1>
<p>A stand-in for Stripe's Express onboarding (test server) for account ${escapeHtml(link.account)}: nothing is asked for.</p>
<form method="post" action="/onboard/${escapeHtml(link.account)}/complete">
<input type="hidden" name="link" value="${escapeHtml(token)}">
<button type="submit">Finish onboarding</button>
</form>`,
      );
    }
    m = /^\/onboard\/([^/]+)\/complete$/.exec(path);
    if (m && method === 'POST') {
      const link = links.get(str(params.link) ?? '');
      if (!link || link.account !== decodeURIComponent(m[1] ?? '')) return notFound();
      if (link.state !== 'visited') return redirect(link.refreshUrl);
      link.state = 'done';
      sendLater(activateAccount(link.account));
      return redirect(link.returnUrl);
    }
    return notFound();
  }

  // -------------------------------------------------------------------------------------------------------------
  // HTTP

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const form = [
      ...(method === 'GET' || method === 'DELETE' ? url.searchParams : new URLSearchParams(body)),
    ];
    const params = nestForm(form);
    const received: ReceivedRequest = {
      method,
      path: url.pathname,
      form: Object.fromEntries(form),
      params,
      headers: req.headers,
      status: null,
      replayed: false,
      dropped: false,
    };
    requests.push(received);
    const queue = failures.get(url.pathname);
    const failure = queue?.shift();
    if (queue?.length === 0) failures.delete(url.pathname);
    if (failure === 'stall') {
      hung.add(req.socket);
      return;
    }
    let answer: Answer & { replayed?: boolean };
    if (typeof failure === 'number') answer = failureAnswer(failure);
    else if (url.pathname.startsWith('/v1/')) answer = api(method, url.pathname, form, params, req.headers);
    else answer = pages(method, url.pathname, params, url.searchParams);
    received.replayed = answer.replayed === true;
    if (failure === 'drop') {
      received.dropped = true;
      req.socket.destroy();
      return;
    }
    if (failure === 'hang') {
      received.dropped = true;
      hung.add(req.socket);
      return;
    }
    received.status = answer.status;
    res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
    res.end(answer.body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return;
      const body = JSON.stringify({
        error: {
          type: 'api_error',
          message: `Test server failure: ${error instanceof Error ? error.stack : error}`,
        },
      });
      res.writeHead(500, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  async function idle(): Promise<void> {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  return {
    url: base,
    port,
    apiKey: apiKeys[0] ?? '',
    requests,
    events,
    deliveries,
    webhooks(platformUrl, platformSecret, connectUrl, connectSecret) {
      endpoints = {
        platform: { url: platformUrl, secret: platformSecret },
        ...(connectUrl ? { connect: { url: connectUrl, secret: connectSecret ?? platformSecret } } : {}),
      };
    },
    pay: (sessionId, opts = {}) =>
      send(
        completeSession(sessionId, opts.delayed === true, {
          ...(opts.amount !== undefined ? { amount: opts.amount } : {}),
          ...(opts.currency !== undefined ? { currency: opts.currency } : {}),
        }),
      ),
    settle: (sessionId, outcome) => send(settleSession(sessionId, outcome)),
    expire: (sessionId) => send(expireSession(sessionId).event),
    activate: (accountId) => send(activateAccount(accountId)),
    restrict: (accountId, requirements) => send(restrictAccount(accountId, requirements)),
    failNext(path, failure) {
      const queue = failures.get(path) ?? [];
      queue.push(failure);
      failures.set(path, queue);
    },
    hold() {
      held ??= [];
    },
    async release(opts) {
      const events = held ?? [];
      held = null;
      return deliver(events, opts);
    },
    deliver,
    async resend(eventId, opts = {}) {
      const [delivery] = await deliver([eventId], opts);
      if (!delivery) throw new Error(`No such event: ${eventId}`);
      return delivery;
    },
    idle,
    forgetIdempotencyKeys() {
      idempotency.clear();
    },
    get(id) {
      const entry = objects.get(id) ?? undefined;
      if (entry) return structuredClone(entry.value);
      const event = events.find((e) => e.id === id);
      return event ? structuredClone(event) : undefined;
    },
    async close() {
      await idle();
      for (const socket of hung) socket.destroy();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
