/**
 * The payment providers, by id (docs/decisions/0035-payment-providers.md): one registry, keyed by the ids the
 * database accepts (PAYMENT_PROVIDERS), so a provider the registry lacks, or one the database would refuse, does not
 * compile. The configuration picks the one in force by its id (PAYMENTS_PROVIDER): `direct` by default (buyers pay
 * each nursery directly, nothing to call), `stripe` for card payments through Stripe Connect. A payment keeps the id
 * of the provider it was made under, so what a past order's payment allows is looked up by its own id.
 */
import type { PaymentProviderId, ProviderCapabilities } from '@domain/payments';
import { type SQL, sql } from 'drizzle-orm';
import type { PaymentSettings } from '../../config';
import { DIRECT_PROVIDER } from './direct';
import type { Provider, RegisteredProvider } from './ports';
import { STRIPE_PROVIDER } from './stripe/stripe-providers';

const REGISTRY: { readonly [I in PaymentProviderId]: RegisteredProvider<I> } = {
  direct: DIRECT_PROVIDER,
  stripe: STRIPE_PROVIDER,
};

/** The provider in force, made from the settings: the one PAYMENTS_PROVIDER names. */
export function paymentProvider(settings: PaymentSettings): Provider {
  return REGISTRY[settings.provider].make(settings);
}

/** What a provider lets buyers and nurseries do, by its id: told to the pages with each payment. */
export function capabilitiesOf(id: PaymentProviderId): ProviderCapabilities {
  return REGISTRY[id].capabilities;
}

/** Whether the marketplace holds the buyers' money under a provider (Provider.holdsMoney), by its id. */
export function holdsMoney(id: PaymentProviderId): boolean {
  return REGISTRY[id].holdsMoney;
}

/** The ids of the providers under which the marketplace holds the money: whose payments it refunds and pays out. */
export const MONEY_HOLDING_PROVIDERS: readonly PaymentProviderId[] = Object.values(REGISTRY)
  .filter((p) => p.holdsMoney)
  .map((p) => p.id);

/** The ids of the providers under which the buyer pays each nursery itself: whose nurseries say they were paid. */
export const NURSERY_PAID_PROVIDERS: readonly PaymentProviderId[] = Object.values(REGISTRY)
  .filter((p) => p.capabilities.paysNurseryDirectly)
  .map((p) => p.id);

/**
 * A provider's id as an SQL literal: a statement that names the provider keeps one text whichever is in force (its
 * plan too), as when the id was written in it. The ids are the registry's own, never input.
 */
export const providerLiteral = (id: PaymentProviderId): SQL => sql.raw(`'${REGISTRY[id].id}'`);

/** Several providers' ids as an SQL list, `('a', 'b')`, for `provider in …` (none matches nothing). */
export const providerList = (ids: readonly PaymentProviderId[]): SQL =>
  ids.length === 0 ? sql.raw('(null)') : sql.raw(`(${ids.map((id) => `'${REGISTRY[id].id}'`).join(', ')})`);
