/**
 * The ways of paying the marketplace knows, by id (docs/decisions/0035-payment-providers.md), and what each can do,
 * as the API tells the pages: they show what a provider's capabilities allow, never by its name. The server keeps
 * one registry of providers by these ids (server/src/modules/payments/providers.ts); the database's check
 * constraints take their ids from here. Their capabilities' schema is in ./responses.ts. No zod here: pages import it.
 */
/**
 * Who takes the buyer's money: `direct`, the nursery itself (the default, no configuration); `stripe`, the marketplace
 * by card through Stripe Connect.
 */
export const PAYMENT_PROVIDERS = ['direct', 'stripe'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** The ids by name, for the code that must name one (the settings of Stripe's own keys). */
export const PAYMENT_PROVIDER = { direct: 'direct', stripe: 'stripe' } as const satisfies {
  [I in PaymentProviderId]: I;
};

/** The provider in force when none is configured (PAYMENTS_PROVIDER). */
export const DEFAULT_PAYMENT_PROVIDER: PaymentProviderId = PAYMENT_PROVIDER.direct;

/**
 * The query parameter a payout provider's onboarding brings the nursery back to its profile with:
 * `?onboarding=return` (back from the provider's page), `?onboarding=refresh` (the link had expired).
 */
export const PAYOUT_RETURN_PARAM = 'onboarding';

/**
 * The parameter's earlier names, read as it is: a link made before it was named for any provider (Stripe keeps the
 * return addresses of the links it gave) still brings the nursery back to its words.
 */
export const PAYOUT_RETURN_PARAM_ALIASES = ['stripe'] as const;

/** Where the nursery is back from, by the profile's query string: `return`, `refresh`, or null. */
export function payoutReturn(search: string): 'return' | 'refresh' | null {
  const query = new URLSearchParams(search);
  for (const name of [PAYOUT_RETURN_PARAM, ...PAYOUT_RETURN_PARAM_ALIASES]) {
    const value = query.get(name);
    if (value === 'return' || value === 'refresh') return value;
  }
  return null;
}
