/**
 * The two ports the rest of the app pays and is paid through (docs/decisions/0021-payments.md#an-area-and-two-ports),
 * in cents and the app's own words: no provider's types pass them. The default provider (`direct`: the nursery paid
 * directly, ./direct.ts) and Stripe each implement them, and each is a Provider the registry looks up by id
 * (./providers.ts, docs/decisions/0035-payment-providers.md).
 */
import type { PaymentProviderId, ProviderCapabilities } from '@domain/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentSettings } from '../../config';

/** What a payment is started for: one order, at its total, with a window to pay in. */
export interface PaymentStart {
  orderId: number;
  /** How many times it was started before: the idempotency key names the attempt, so a new one follows an expiry. */
  attempt: number;
  lines: ReadonlyArray<{ title: string; unitCents: number; quantity: number }>;
  /** Each nursery's shipping, named for it: what each shipment costs to ship (a free one is left out). */
  shipping: ReadonlyArray<{ name: string; cents: number }>;
  /** When the order was placed: the provider's own limit on how long a payment page lives is counted from it. */
  placedAt: Date;
  expiresAt: Date;
  /** Where the buyer comes back to after paying, or after giving up. Never proof of payment. */
  returnUrl: string;
  cancelUrl: string;
}

/** How the buyer pays: sent to a provider's page, or shown each nursery's instructions. */
export type Started = { kind: 'redirect'; url: string; ref: string } | { kind: 'instructions' };

/** A payment as the provider has it now. */
export interface PaymentLookup {
  ref: string;
  orderId: number | null;
  /** open: not paid yet; processing: paid by a method that settles later; paid; expired; failed. */
  status: 'open' | 'processing' | 'paid' | 'expired' | 'failed';
  /** What the payment captured, in the smallest unit of `currency`. */
  capturedCents: number;
  /** The currency it captured in, lower case (`usd`); null when nothing was captured. */
  currency: string | null;
  /** The charge the payment made: the source of the transfers. */
  chargeRef: string | null;
}

/** A webhook's event, read and verified: a trigger to look the payment up again, never the truth on its own. */
export interface PaymentEvent {
  id: string;
  kind: 'paid' | 'processing' | 'expired' | 'failed' | 'other';
  ref: string | null;
  orderId: number | null;
}

/** Where a webhook's handler says what it did with an event: the request's logger. */
export type EventLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A webhook whose signature is missing, wrong or too old: 400, and nothing changes. */
export class BadSignature extends Error {}

/**
 * The provider refused a request for good (an invalid request, a seller's account that may not receive it), as
 * opposed to not answering: trying again will not help, and a person must look.
 */
export class ProviderRefused extends Error {}

/**
 * The provider refused a payout because the nursery's account may not receive it now (Stripe: its `transfers`
 * capability is not active, the account restricted before its `account.updated` arrived). Not for good: the payout
 * waits for the account, and is sent once the provider says the account may be paid again.
 */
export class AccountNotReady extends Error {}

/**
 * What an order asks of the provider's payment page: how many lines (shipping apart), how many shipping lines (one per
 * shipment that costs anything to ship), the total.
 */
export interface PaymentSize {
  lines: number;
  shippingLines: number;
  totalCents: number;
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /**
   * Why the provider cannot take an order of this size, in the buyer's words (checkout refuses it before the order
   * is placed, so no stock is held); null when it can.
   */
  cannotTake(size: PaymentSize): string | null;
  /** The longest a payment may wait for the buyer: an order's unpaid window is never longer. */
  readonly longestWindowMs: number;
  /** Starts a payment; ProviderRefused (with cannotTake's words) for an order it cannot take. */
  start(payment: PaymentStart): Promise<Started>;
  readWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  lookUp(ref: string): Promise<PaymentLookup>;
  /** Gives back part of a charge for one shipment; `key` makes a retry give back nothing more. */
  refund(refund: {
    chargeRef: string;
    cents: number;
    shipmentId: number;
    key: string;
  }): Promise<{ ref: string }>;
  /** The refund made for a shipment, if any: for a retry whose answer was lost. */
  findRefund(chargeRef: string, shipmentId: number): Promise<{ ref: string } | null>;
}

/** A nursery's account with the payout provider, as the provider sees it now. */
export interface PayoutAccount {
  ref: string;
  /** pending: onboarding not finished; active: may be paid and sold through; restricted: the provider asks for more. */
  status: 'pending' | 'active' | 'restricted';
  /** What the provider asks for, in its own field names. */
  requirements: string[];
}

/** A Connect webhook's event: an account changed. */
export interface AccountEvent {
  id: string;
  kind: 'account-updated' | 'other';
  accountRef: string | null;
}

export interface PayoutProvider {
  readonly id: PaymentProviderId;
  createAccount(seller: { sellerId: number; email: string }): Promise<{ ref: string }>;
  /** A fresh link to the provider's onboarding (never an idempotent replay: an old link has expired). */
  onboardingLink(accountRef: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
  account(accountRef: string): Promise<PayoutAccount>;
  /**
   * Sends a shipment's net, with a key made from the shipment and `attempt`; AccountNotReady when the account may not
   * be paid now (the next attempt gets a new key: the provider keeps the refusal under the old one), ProviderRefused
   * for good.
   */
  transfer(transfer: {
    orderId: number;
    shipmentId: number;
    /** How many times the account refused it before. */
    attempt: number;
    cents: number;
    accountRef: string;
    chargeRef: string;
  }): Promise<{ ref: string }>;
  /** The transfer made for a shipment, if any: for a retry whose answer was lost. */
  findTransfer(orderId: number, shipmentId: number): Promise<{ ref: string } | null>;
  reverseTransfer(transferRef: string, cents: number, key: string): Promise<{ ref: string }>;
  readWebhook(rawBody: Buffer, signature: string | undefined): AccountEvent;
}

/**
 * A way of paying, as the registry holds it (./providers.ts): its id, what it lets buyers and nurseries do (told to
 * the pages in the payment views), whether the marketplace holds the buyers' money, and its two ports. Callers ask
 * its capabilities, never its id, what to do.
 */
export interface Provider {
  readonly id: PaymentProviderId;
  readonly capabilities: ProviderCapabilities;
  /**
   * The marketplace takes the buyer's money and pays each nursery its part: the provider's webhooks confirm the
   * payments and accounts, a pass looks up those a lost webhook left awaiting, and the refunds and transfers due are
   * jobs (./money-jobs.ts). False when buyers pay each nursery directly: nothing to call.
   */
  readonly holdsMoney: boolean;
  readonly payments: PaymentProvider;
  readonly payouts: PayoutProvider;
}

/** A provider as the registry lists it: its declarations, and how it is made from the settings when it is in force. */
export interface RegisteredProvider<I extends PaymentProviderId = PaymentProviderId> {
  readonly id: I;
  readonly capabilities: ProviderCapabilities;
  readonly holdsMoney: boolean;
  make(settings: PaymentSettings): Provider;
}
