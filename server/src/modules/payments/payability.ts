/**
 * Whether a nursery can take a buyer's payment under the provider in force
 * (docs/decisions/0021-payments.md#checkout-named-steps-one-round-trip-kept): checkout refuses the lines of one that
 * cannot, and the cart says so beforehand. One SQL expression serves both, so they never disagree.
 */
import type { PaymentProviderId } from '@domain/payments';
import { type SQL, sql } from 'drizzle-orm';
import { capabilitiesOf, providerLiteral } from './providers';

/**
 * True when the seller whose `users` row is `u` can be paid under the provider `provider`: when the provider has
 * nurseries connect payout accounts (Stripe), once its account with that provider is active (it may take card
 * payments and be paid out); otherwise (`direct`), when its profile says how buyers pay it (payment instructions).
 */
export function sellerCanBePaid(provider: PaymentProviderId, u: SQL): SQL<boolean> {
  if (!capabilitiesOf(provider).payoutAccounts) return sql<boolean>`(${u}.payment_instructions is not null)`;
  // The account's row is read as fresh as the statement: no writer of it holds the seller's row, so there is no lock
  // wait to read it stale after (docs/architecture.md#reads-after-a-lock-wait); an account restricted a moment later
  // leaves its transfer due until the provider says it is active again.
  return sql<boolean>`exists (select 1 from seller_payout_accounts a
                              where a.seller_id = ${u}.id and a.provider = ${providerLiteral(provider)} and a.status = 'active')`;
}

/** Why a nursery's plants cannot be bought for now, for the cart's line and checkout's 409. */
export const cannotBePaid = (payee: string) =>
  `${payee} is not taking payments yet, so its plants can't be bought for now`;

/** The start of checkout's 409 when some lines' nurseries cannot be paid. */
export const SOME_CANNOT_BE_PAID = "Some items can't be paid for yet";

/**
 * True when the shipment whose id is `shipmentId` has its money in: it may ship. Part of the ship statement's own
 * condition, so it is read after the shipment's lock, never from before it.
 */
export const isPaid = (shipmentId: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from shipment_settlements x where x.shipment_id = ${shipmentId} and x.paid_at is not null)`;

/**
 * True when the payment whose `payments` row is `p` is held for a person: its charge came in (a `charge_ref`) but
 * captured less than the order's amount in USD (a charge in another currency counts 0), so no part of the order was
 * stamped paid and none may ship (docs/decisions/0028-stripe-limits.md). Derived from the amounts, never stored.
 */
export const isHeld = (p: SQL): SQL<boolean> =>
  sql<boolean>`(${p}.charge_ref is not null and ${p}.captured_cents < ${p}.amount_cents)`;
