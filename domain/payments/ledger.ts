import type { PaymentProviderId } from './providers';

/**
 * The kinds of money facts the ledger records (docs/decisions/0021-payments.md#money-as-facts-in-cents), each an
 * amount in whole cents greater than 0, never changed once written:
 * - `charge`: the buyer's payment captured by the marketplace (Stripe);
 * - `refund`: money given back to the buyer by the marketplace;
 * - `transfer` / `transfer_reversal`: a nursery's net paid out to it, or taken back;
 * - `commission`: the marketplace's part of a shipment, kept when it is transferred;
 * - `received_by_seller` / `refunded_by_seller`: money that went between buyer and nursery directly (the default
 *   provider), recorded so a nursery's statement adds up though the marketplace never held it.
 */
export const LEDGER_KINDS = [
  'charge',
  'refund',
  'transfer',
  'transfer_reversal',
  'commission',
  'received_by_seller',
  'refunded_by_seller',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Where a refund or transfer owed for a shipment stands; `unresolved` when a lost answer could not be looked up. */
export const MONEY_JOB_STATES = ['none', 'due', 'sending', 'sent', 'unresolved'] as const;
export type MoneyJobState = (typeof MONEY_JOB_STATES)[number];

/**
 * How long an order may wait for its payment before the unpaid part is cancelled and its stock returned, by provider
 * (PAYMENT_WINDOW_HOURS overrides it): a day for a card payment, a week for a nursery paid directly (a cheque takes
 * days).
 */
export const PAYMENT_WINDOW_HOURS: Record<PaymentProviderId, number> = { direct: 168, stripe: 24 };

/**
 * Where a nursery's payout account stands with the provider: `pending` (onboarding not finished), `active` (may sell
 * by card and be paid), `restricted` (the provider asks for more). Only an active account's plants can be bought when
 * buyers pay by card.
 */
export const PAYOUT_ACCOUNT_STATES = ['pending', 'active', 'restricted'] as const;
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];
