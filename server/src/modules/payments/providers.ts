/**
 * The providers behind the two ports, as the configuration picks them (docs/decisions/0021-payments.md): none under
 * the default (buyers pay each nursery directly; nothing to call), Stripe's two under PAYMENTS_PROVIDER=stripe, one
 * client shared by both.
 */
import type { PaymentSettings } from '../../config';
import type { PaymentProvider, PayoutProvider } from './ports';
import { stripeClient, stripePayments, stripePayouts } from './stripe/stripe-providers';

export interface Providers {
  /** Who takes the buyer's money, when it is not the nursery directly. */
  payments: PaymentProvider | null;
  /** Who pays each nursery its part, when the marketplace holds the money. */
  payouts: PayoutProvider | null;
}

export function paymentProviders(settings: PaymentSettings): Providers {
  if (settings.provider !== 'stripe' || !settings.stripe) return { payments: null, payouts: null };
  const client = stripeClient(settings.stripe);
  return {
    payments: stripePayments(client, settings.stripe),
    payouts: stripePayouts(client, settings.stripe),
  };
}
