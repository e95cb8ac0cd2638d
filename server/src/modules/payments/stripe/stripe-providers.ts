/**
 * Stripe Connect behind the two ports (docs/decisions/0021-payments.md): one Checkout Session per order on the
 * platform (separate charges and transfers), Express accounts for the nurseries, a transfer per delivered shipment
 * from the order's charge. Every call that makes something carries a key made from our own row (never random), so a
 * retry makes nothing twice; an account link carries none, as a replayed one would have expired. Stripe's types stay
 * in this folder.
 */
import type { ProviderCapabilities } from '@domain/payments';
import Stripe from 'stripe';
import type { PaymentSettings, StripeSettings } from '../../../config';
import {
  type AccountEvent,
  AccountNotReady,
  BadSignature,
  type PaymentEvent,
  type PaymentLookup,
  type PaymentProvider,
  type PaymentSize,
  type PaymentStart,
  type PayoutAccount,
  type PayoutProvider,
  ProviderRefused,
  type RegisteredProvider,
  type Started,
} from '../ports';

/** The client, pointed at `apiUrl` when given (stripe-node takes a host, port and protocol, not a base URL). */
export type { StripeSettings };

export function stripeClient(settings: StripeSettings): Stripe {
  if (!settings.apiUrl) return new Stripe(settings.secretKey, { maxNetworkRetries: 2, telemetry: false });
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 2,
    telemetry: false,
  });
}

/**
 * Runs a call that moves money, turning Stripe's refusals that no retry will change (an invalid request, a card or
 * permission error) into ProviderRefused; a connection lost, a rate limit or Stripe's own failure stays as it is, to
 * be tried again.
 */
async function refusable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripePermissionError
    )
      throw new ProviderRefused(error.message);
    throw error;
  }
}

const orderGroup = (orderId: number) => `order_${orderId}`;

/**
 * Stripe's own limits on what the adapter sends (docs/payments.md#stripes-limits), checked before an order is placed
 * rather than learnt from a refusal after it holds its stock:
 * - a charge in USD is at most eight digits of cents, $999,999.99 (Stripe's `amount_too_large`);
 * - a Checkout Session in payment mode takes at most 100 line items, the shipping lines (one per nursery) among them;
 * - a session's `expires_at` may be at most 24 hours after Stripe receives it: ours is at most 23.5 hours after the
 *   order was placed, so a clock of ours up to half an hour ahead of Stripe's (or a slow start) is never refused.
 */
export const STRIPE_LIMITS = {
  maxChargeCents: 99_999_999,
  maxLineItems: 100,
  longestSessionMs: 23.5 * 60 * 60 * 1000,
} as const;

/** Why Stripe's Checkout cannot take an order of this size, in the buyer's words; null when it can. */
export function stripeCannotTake(size: PaymentSize): string | null {
  if (size.totalCents > STRIPE_LIMITS.maxChargeCents)
    return 'Card payments take at most $999,999.99 an order: split your order';
  const lines = STRIPE_LIMITS.maxLineItems - size.shippingLines;
  if (size.lines > lines)
    return `Card payments take at most ${lines} different listings an order: split your order`;
  return null;
}

/** Our order id in a Stripe object's metadata or reference; null for a payment that is not ours. */
function orderIdOf(metadata: Stripe.Metadata | null | undefined, reference?: string | null): number | null {
  const raw = metadata?.order_id ?? reference ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

function verified(
  client: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new BadSignature('No Stripe-Signature header');
  try {
    return client.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new BadSignature(error instanceof Error ? error.message : 'Bad signature');
  }
}

export function stripePayments(client: Stripe, settings: StripeSettings): PaymentProvider {
  return {
    id: 'stripe',
    cannotTake: stripeCannotTake,
    longestWindowMs: STRIPE_LIMITS.longestSessionMs,

    async start(p: PaymentStart): Promise<Started> {
      // An order placed before a limit was checked (or past one some other way) is refused here in the buyer's
      // words, not sent for Stripe to refuse after every "Pay now".
      const why = stripeCannotTake({
        lines: p.lines.length,
        shippingLines: p.shipping.length,
        totalCents:
          p.lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0) +
          p.shipping.reduce((sum, s) => sum + s.cents, 0),
      });
      if (why) throw new ProviderRefused(why);
      // Made from stored facts only (the order's time and window), so every retry is the very same request, as
      // Stripe's idempotency expects.
      const expiresAt = Math.min(
        p.expiresAt.getTime(),
        p.placedAt.getTime() + STRIPE_LIMITS.longestSessionMs,
      );
      const lines: Stripe.Checkout.SessionCreateParams.LineItem[] = p.lines.map((l) => ({
        quantity: l.quantity,
        price_data: { currency: 'usd', unit_amount: l.unitCents, product_data: { name: l.title } },
      }));
      // Each nursery's shipping on a line of its own, as the order and its packing slips show it.
      for (const s of p.shipping)
        lines.push({
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: s.cents, product_data: { name: s.name } },
        });
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lines,
          client_reference_id: String(p.orderId),
          metadata: { order_id: String(p.orderId) },
          payment_intent_data: {
            transfer_group: orderGroup(p.orderId),
            metadata: { order_id: String(p.orderId) },
          },
          expires_at: Math.floor(expiresAt / 1000),
          success_url: p.returnUrl,
          cancel_url: p.cancelUrl,
        },
        { idempotencyKey: `order-${p.orderId}-attempt-${p.attempt}` },
      );
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
      return { kind: 'redirect', url: session.url, ref: session.id };
    },

    readWebhook(rawBody, signature): PaymentEvent {
      const event = verified(client, rawBody, signature, settings.webhookSecret);
      if (!event.type.startsWith('checkout.session.'))
        return { id: event.id, kind: 'other', ref: null, orderId: null };
      const session = event.data.object as Stripe.Checkout.Session;
      const kind: PaymentEvent['kind'] =
        event.type === 'checkout.session.completed'
          ? session.payment_status === 'unpaid'
            ? 'processing'
            : 'paid'
          : event.type === 'checkout.session.async_payment_succeeded'
            ? 'paid'
            : event.type === 'checkout.session.async_payment_failed'
              ? 'failed'
              : event.type === 'checkout.session.expired'
                ? 'expired'
                : 'other';
      return {
        id: event.id,
        kind,
        ref: session.id,
        orderId: orderIdOf(session.metadata, session.client_reference_id),
      };
    },

    async lookUp(ref): Promise<PaymentLookup> {
      const session = await client.checkout.sessions.retrieve(ref, {
        expand: ['payment_intent.latest_charge'],
      });
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const paid = session.status === 'complete' && session.payment_status !== 'unpaid';
      const status: PaymentLookup['status'] =
        session.status === 'expired'
          ? 'expired'
          : paid
            ? 'paid'
            : session.status === 'complete'
              ? intent?.status === 'canceled' || intent?.status === 'requires_payment_method'
                ? 'failed'
                : 'processing'
              : 'open';
      return {
        ref: session.id,
        orderId: orderIdOf(session.metadata, session.client_reference_id),
        status,
        // What the charge captured, in its own currency: never the session's total, which is only what was asked.
        capturedCents: paid ? (charge?.amount_captured ?? 0) : 0,
        currency: paid && charge ? charge.currency : null,
        chargeRef: charge?.id ?? (typeof intent?.latest_charge === 'string' ? intent.latest_charge : null),
      };
    },

    async refund(r) {
      const refund = await refusable(() =>
        client.refunds.create(
          { charge: r.chargeRef, amount: r.cents, metadata: { shipment_id: String(r.shipmentId) } },
          { idempotencyKey: r.key },
        ),
      );
      return { ref: refund.id };
    },

    async findRefund(chargeRef, shipmentId) {
      for await (const refund of client.refunds.list({ charge: chargeRef, limit: 100 }))
        if (refund.metadata?.shipment_id === String(shipmentId)) return { ref: refund.id };
      return null;
    },
  };
}

/** An account's state, from Stripe's fields: active once it may take card payments and be paid. */
function accountState(account: Stripe.Account): PayoutAccount {
  const due = [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])];
  const capable =
    account.capabilities?.card_payments === 'active' && account.capabilities?.transfers === 'active';
  // Until the nursery has finished onboarding it is pending, whatever Stripe lists as due; after, anything short of
  // active is Stripe asking for more.
  const status: PayoutAccount['status'] =
    account.charges_enabled && account.payouts_enabled && capable && due.length === 0
      ? 'active'
      : account.details_submitted
        ? 'restricted'
        : 'pending';
  return { ref: account.id, status, requirements: [...new Set(due)] };
}

export function stripePayouts(client: Stripe, settings: StripeSettings): PayoutProvider {
  return {
    id: 'stripe',

    async createAccount({ sellerId, email }) {
      const account = await client.accounts.create(
        {
          controller: {
            stripe_dashboard: { type: 'express' },
            fees: { payer: 'application' },
            losses: { payments: 'application' },
            requirement_collection: 'stripe',
          },
          country: 'US',
          email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { seller_id: String(sellerId) },
        },
        { idempotencyKey: `account-seller-${sellerId}` },
      );
      return { ref: account.id };
    },

    async onboardingLink(accountRef, urls) {
      const link = await client.accountLinks.create({
        account: accountRef,
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
        type: 'account_onboarding',
      });
      return link.url;
    },

    async account(accountRef) {
      return accountState(await client.accounts.retrieve(accountRef));
    },

    async transfer(t) {
      const send = () =>
        client.transfers.create(
          {
            amount: t.cents,
            currency: 'usd',
            destination: t.accountRef,
            source_transaction: t.chargeRef,
            transfer_group: orderGroup(t.orderId),
            metadata: { order_id: String(t.orderId), shipment_id: String(t.shipmentId) },
          },
          // Stripe keeps an answer under its key for a day, a refusal too: an attempt after the account refused
          // has a key of its own (the first keeps the key it always had).
          {
            idempotencyKey:
              t.attempt === 0
                ? `transfer-shipment-${t.shipmentId}`
                : `transfer-shipment-${t.shipmentId}-attempt-${t.attempt}`,
          },
        );
      const transfer = await refusable(async () => {
        try {
          return await send();
        } catch (error) {
          // The account's `transfers` capability is not active now (restricted before its account.updated came):
          // not for good, the transfer waits for the account.
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.code === 'insufficient_capabilities_for_transfer'
          )
            throw new AccountNotReady(error.message);
          throw error;
        }
      });
      return { ref: transfer.id };
    },

    async findTransfer(orderId, shipmentId) {
      for await (const transfer of client.transfers.list({ transfer_group: orderGroup(orderId), limit: 100 }))
        if (transfer.metadata?.shipment_id === String(shipmentId)) return { ref: transfer.id };
      return null;
    },

    async reverseTransfer(transferRef, cents, key) {
      const reversal = await client.transfers.createReversal(
        transferRef,
        { amount: cents },
        { idempotencyKey: key },
      );
      return { ref: reversal.id };
    },

    readWebhook(rawBody, signature): AccountEvent {
      const event = verified(client, rawBody, signature, settings.connectWebhookSecret);
      if (event.type !== 'account.updated')
        return { id: event.id, kind: 'other', accountRef: event.account ?? null };
      return { id: event.id, kind: 'account-updated', accountRef: (event.data.object as Stripe.Account).id };
    },
  };
}

/**
 * Stripe's capabilities, as the pages are told them (docs/decisions/0035-payment-providers.md): the buyer pays the
 * whole order by card on Stripe's page; each nursery connects an Express account and is paid its part into it; the
 * marketplace refunds a cancelled paid part to the card.
 */
export const STRIPE_CAPABILITIES: ProviderCapabilities = {
  name: 'Stripe',
  paysNurseryDirectly: false,
  hostedCheckout: true,
  payoutAccounts: true,
  refundsByProvider: true,
};

/** Stripe in the registry (../providers.ts): made under PAYMENTS_PROVIDER=stripe, one client shared by both ports. */
export const STRIPE_PROVIDER: RegisteredProvider<'stripe'> = {
  id: 'stripe',
  capabilities: STRIPE_CAPABILITIES,
  holdsMoney: true,
  make(settings: PaymentSettings) {
    // The settings' check (config.ts) names each missing one before the app is built.
    if (!settings.stripe)
      throw new Error('PAYMENTS_PROVIDER=stripe needs its settings (STRIPE_SECRET_KEY, …)');
    const client = stripeClient(settings.stripe);
    return {
      id: 'stripe',
      capabilities: STRIPE_CAPABILITIES,
      holdsMoney: true,
      payments: stripePayments(client, settings.stripe),
      payouts: stripePayouts(client, settings.stripe),
    };
  },
};
