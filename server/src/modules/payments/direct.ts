/**
 * The default provider, `direct` (docs/decisions/0035-payment-providers.md): buyers pay each nursery itself, as its
 * payment instructions say, and the marketplace never holds the money. It is a provider like Stripe's, behind the
 * same two ports, so no caller stands for it with a null: a payment it starts is the nurseries' instructions, any
 * order size suits it, and it waits as long as the unpaid window says. What it never does (a payment page to look
 * up, a webhook, a refund or payout sent by the marketplace, an account to connect) its capabilities say, and the
 * callers ask them before calling: were one called anyway, it refuses for good rather than pretend.
 */
import { PAYMENT_PROVIDER, type ProviderCapabilities } from '@domain/payments';
import {
  BadSignature,
  type PaymentProvider,
  type PayoutProvider,
  type Provider,
  ProviderRefused,
  type RegisteredProvider,
} from './ports';

/**
 * What paying the nursery directly lets buyers and nurseries do: the buyer pays each nursery itself; the nursery
 * says when the money arrived and records the refund of a part cancelled after it was paid.
 */
export const DIRECT_CAPABILITIES: ProviderCapabilities = {
  name: 'Direct',
  paysNurseryDirectly: true,
  hostedCheckout: false,
  payoutAccounts: false,
  refundsByProvider: false,
};

const refused = (what: string) => new ProviderRefused(`Buyers pay each nursery directly here: ${what}`);

export const directPayments: PaymentProvider = {
  id: PAYMENT_PROVIDER.direct,
  cannotTake: () => null,
  longestWindowMs: Number.POSITIVE_INFINITY,
  // The buyer is shown each nursery's instructions (the order's answer carries them): nothing is sent anywhere.
  start: async () => ({ kind: 'instructions' }),
  readWebhook() {
    throw new BadSignature('Buyers pay each nursery directly here: no provider sends events');
  },
  lookUp: async () => {
    throw refused('there is no payment page to look up');
  },
  refund: async () => {
    throw refused('each nursery sends its own refunds and records them');
  },
  findRefund: async () => null,
};

export const directPayouts: PayoutProvider = {
  id: PAYMENT_PROVIDER.direct,
  createAccount: async () => {
    throw refused('there is no account to connect');
  },
  onboardingLink: async () => {
    throw refused('there is no account to connect');
  },
  account: async () => {
    throw refused('there is no account to read');
  },
  transfer: async () => {
    throw refused('each nursery has its money from the buyer');
  },
  findTransfer: async () => null,
  reverseTransfer: async () => {
    throw refused('each nursery has its money from the buyer');
  },
  readWebhook() {
    throw new BadSignature('Buyers pay each nursery directly here: no provider sends events');
  },
};

const direct: Provider = {
  id: PAYMENT_PROVIDER.direct,
  capabilities: DIRECT_CAPABILITIES,
  holdsMoney: false,
  payments: directPayments,
  payouts: directPayouts,
};

/** `direct` in the registry (./providers.ts): the default, with nothing to configure. */
export const DIRECT_PROVIDER: RegisteredProvider<'direct'> = {
  id: PAYMENT_PROVIDER.direct,
  capabilities: DIRECT_CAPABILITIES,
  holdsMoney: false,
  make: () => direct,
};
