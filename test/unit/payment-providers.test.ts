import {
  PAYMENT_PROVIDERS,
  PAYOUT_RETURN_PARAM,
  type PaymentProviderId,
  payoutReturn,
} from '@domain/payments/providers';
import { providerCapabilitiesSchema } from '@domain/payments/responses';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { ProviderRefused } from '../../server/src/modules/payments/ports';
import { capabilitiesOf, holdsMoney, paymentProvider } from '../../server/src/modules/payments/providers';
import { stripeCannotTake } from '../../server/src/modules/payments/stripe/stripe-providers';

// Providers by id, `direct` one of them (docs/decisions/0035-payment-providers.md).
const stripeSettings = {
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_abcdefgh12345678',
  STRIPE_WEBHOOK_SECRET: 'whsec_platform_test',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_test',
};

describe('the providers’ registry', () => {
  it('has each id the database accepts, each declaring its capabilities in the shape the API answers', () => {
    for (const id of PAYMENT_PROVIDERS) {
      expect(providerCapabilitiesSchema.safeParse(capabilitiesOf(id)).success, id).toBe(true);
      expect(typeof holdsMoney(id), id).toBe('boolean');
    }
    // No two providers alike: each says something of its own.
    const said = PAYMENT_PROVIDERS.map((id) => JSON.stringify(capabilitiesOf(id)));
    expect(new Set(said).size).toBe(PAYMENT_PROVIDERS.length);
  });

  it('makes the provider the settings name by its id, direct by default', () => {
    const direct = paymentProvider(loadConfig({}).payments);
    expect(direct.id).toBe('direct');
    expect([direct.payments.id, direct.payouts.id]).toEqual(['direct', 'direct']);
    expect(direct.capabilities).toEqual({
      name: 'Direct',
      paysNurseryDirectly: true,
      hostedCheckout: false,
      payoutAccounts: false,
      refundsByProvider: false,
    });
    expect(direct.holdsMoney).toBe(false);

    const stripe = paymentProvider(loadConfig(stripeSettings).payments);
    const id: PaymentProviderId = 'stripe';
    expect([stripe.id, stripe.payments.id, stripe.payouts.id]).toEqual([id, id, id]);
    expect(stripe.capabilities).toEqual({
      name: 'Stripe',
      paysNurseryDirectly: false,
      hostedCheckout: true,
      payoutAccounts: true,
      refundsByProvider: true,
    });
    expect(stripe.holdsMoney).toBe(true);
  });
});

describe('direct, the default provider', () => {
  const { payments, payouts } = paymentProvider(loadConfig({}).payments);

  it('takes any order, waits as long as the unpaid window says, and starts a payment as instructions', async () => {
    expect(payments.cannotTake({ lines: 10_000, shippingLines: 1, totalCents: 2_000_000_000 })).toBeNull();
    expect(payments.longestWindowMs).toBe(Number.POSITIVE_INFINITY);
    const start = {
      orderId: 1,
      attempt: 0,
      lines: [{ title: 'Cutting', unitCents: 1_000, quantity: 1 }],
      shipping: [],
      placedAt: new Date(),
      expiresAt: new Date(),
      returnUrl: 'http://localhost/orders/1?payment=return',
      cancelUrl: 'http://localhost/orders/1?payment=cancel',
    };
    expect(await payments.start(start)).toEqual({ kind: 'instructions' });
  });

  it('refuses for good what only a provider that holds the money does, and finds nothing it never made', async () => {
    await expect(payments.lookUp('cs_1')).rejects.toBeInstanceOf(ProviderRefused);
    await expect(
      payments.refund({ chargeRef: 'ch_1', cents: 100, shipmentId: 1, key: 'refund-shipment-1' }),
    ).rejects.toThrow(/each nursery sends its own refunds/);
    expect(await payments.findRefund('ch_1', 1)).toBeNull();
    await expect(payouts.createAccount({ sellerId: 1, email: 'a@example.com' })).rejects.toThrow(
      /no account to connect/,
    );
    await expect(
      payouts.transfer({
        orderId: 1,
        shipmentId: 1,
        attempt: 0,
        cents: 100,
        accountRef: 'a',
        chargeRef: 'c',
      }),
    ).rejects.toBeInstanceOf(ProviderRefused);
    expect(await payouts.findTransfer(1, 1)).toBeNull();
    expect(() => payments.readWebhook(Buffer.from('{}'), 't=1,v1=x')).toThrow(/no provider sends events/);
  });
});

describe('the onboarding return parameter', () => {
  it('is named for no provider, and reads the earlier ?stripe= that links already given carry', () => {
    expect(PAYOUT_RETURN_PARAM).toBe('onboarding');
    expect(payoutReturn('?onboarding=return')).toBe('return');
    expect(payoutReturn('onboarding=refresh')).toBe('refresh');
    expect(payoutReturn('?stripe=return')).toBe('return');
    expect(payoutReturn('?stripe=refresh')).toBe('refresh');
    expect(payoutReturn('')).toBeNull();
    expect(payoutReturn('?onboarding=elsewhere')).toBeNull();
    expect(payoutReturn('?payment=return')).toBeNull();
  });
});

describe("Stripe's line limit", () => {
  it('counts one shipping line per nursery that charges shipping among the 100 line items', () => {
    const size = (lines: number, shippingLines: number) => ({ lines, shippingLines, totalCents: 10_000 });
    expect(stripeCannotTake(size(100, 0))).toBeNull();
    expect(stripeCannotTake(size(99, 1))).toBeNull();
    expect(stripeCannotTake(size(98, 2))).toBeNull();
    expect(stripeCannotTake(size(99, 2))).toBe(
      'Card payments take at most 98 different listings an order: split your order',
    );
  });
});
