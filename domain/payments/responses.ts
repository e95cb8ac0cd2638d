/**
 * How the API shows a payment (docs/decisions/0021-payments.md#states-derived): an order's, and each shipment's part
 * of it, as zod schemas and the types derived from them. The states are derived (./status.ts), never stored.
 */
import { z } from 'zod';
import { dollars, isoTime } from '../responses';
import { PAYOUT_ACCOUNT_STATES } from './ledger';
import { PAYMENT_PROVIDERS } from './providers';
import { ORDER_PAYMENTS, SHIPMENT_PAYMENTS } from './status';

/** What a way of paying lets buyers and nurseries do, as each provider declares it. */
export const providerCapabilitiesSchema = z
  .object({
    name: z
      .string()
      .describe('The provider as the pages name it ("Stripe"), in the words of its capabilities'),
    paysNurseryDirectly: z
      .boolean()
      .describe(
        'The buyer pays each nursery itself, as its payment instructions say; the nursery says when the money arrived and records the refund of a part cancelled after it was paid',
      ),
    hostedCheckout: z
      .boolean()
      .describe(
        'The buyer pays the whole order on the provider\'s own page (`redirectUrl`, "Pay now"), which the provider confirms to the marketplace',
      ),
    payoutAccounts: z
      .boolean()
      .describe(
        'Each nursery connects an account with the provider, which must be active before buyers can pay it, and is paid its part into it once delivered',
      ),
    refundsByProvider: z
      .boolean()
      .describe(
        "A part cancelled after it was paid is refunded by the marketplace through the provider, to the buyer's card",
      ),
  })
  .meta({ id: 'PaymentCapabilities' });
export type ProviderCapabilities = z.output<typeof providerCapabilitiesSchema>;

/** A shipment's part of its order's payment: what it is worth, whom it is paid to, and where it stands. */
export const shipmentPaymentSchema = z
  .object({
    provider: z
      .enum(PAYMENT_PROVIDERS)
      .describe(
        'Who takes the money: the nursery directly (`direct`), or the marketplace by card (`stripe`)',
      ),
    capabilities: providerCapabilitiesSchema.describe(
      "What this part's provider lets the pages show and offer: the pages decide by these, never by the provider's id",
    ),
    status: z.enum(SHIPMENT_PAYMENTS).describe('Derived from when it was paid, its status and its refund'),
    label: z.string().describe('The status in words ("Awaiting payment", "Paid")'),
    amount: dollars().describe(
      'What this part costs the buyer, in dollars: its lines and its own shipping, fixed at checkout',
    ),
    shipping: dollars().describe(
      "This part's shipping, in dollars (within amount): its nursery's rates at checkout. The order's shipping is the sum of its parts'",
    ),
    paidAt: isoTime()
      .nullable()
      .describe('When its money came in (under `direct`: when the nursery said so)'),
    paidOut: z
      .boolean()
      .describe(
        'Whether the nursery has its part: under `direct` once it said the payment arrived; by card once the marketplace transferred its net',
      ),
    refundedAt: isoTime()
      .nullable()
      .describe(
        'When the refund of this cancelled part was sent: under `direct` when the nursery recorded it, by card when the marketplace sent it',
      ),
    refundNote: z
      .string()
      .nullable()
      .describe(
        'What the nursery said when it recorded its refund sent (`direct`), as it wrote it; null otherwise',
      ),
    payee: z
      .string()
      .describe("Whom the buyer pays under `direct`: the nursery's business name, else its username"),
    instructions: z
      .string()
      .nullable()
      .describe(
        'How to pay the nursery under `direct`, in its own words as its profile says now (null under `stripe`)',
      ),
  })
  .meta({ id: 'ShipmentPayment' });
export type ShipmentPaymentView = z.output<typeof shipmentPaymentSchema>;

/** An order's payment: its state, what is still owed and by when. */
export const orderPaymentSchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    capabilities: providerCapabilitiesSchema.describe(
      "What the order's provider lets the pages show and offer (\"Pay now\", each nursery's instructions, who refunds): the pages decide by these, never by the provider's id",
    ),
    status: z.enum(ORDER_PAYMENTS).describe("Derived from the shipments' payments"),
    label: z.string().describe('The status in words ("Awaiting payment", "Partly paid: 1 of 2 nurseries")'),
    total: dollars().describe(
      'What the parts still standing cost, in dollars (a cancelled part no longer counts)',
    ),
    due: dollars().describe('What is still to pay, in dollars'),
    paid: dollars().describe('What has been paid of the parts still standing, in dollars'),
    refundDue: dollars().describe(
      'What is owed back for parts cancelled after they were paid whose refund is not sent yet, in dollars',
    ),
    expiresAt: isoTime().describe(
      'When the parts still unpaid are cancelled and their plants put back on sale',
    ),
    redirectUrl: z
      .string()
      .nullable()
      .describe('Where the buyer pays by card while the payment waits (`stripe`); null otherwise'),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPaymentView = z.output<typeof orderPaymentSchema>;

/**
 * A nursery's payout account, as its profile page shows it: who takes buyers' money here, and, when it is the
 * marketplace by card, where the nursery's account stands with Stripe.
 */
export const payoutAccountSchema = z
  .object({
    provider: z
      .enum(PAYMENT_PROVIDERS)
      .describe('`direct`: buyers pay the nursery itself; no account to connect'),
    capabilities: providerCapabilitiesSchema.describe(
      "What the provider in force lets the nursery's pages show (its account's section, what to set up before selling): the pages decide by these, never by the provider's id",
    ),
    account: z
      .object({
        status: z.enum(PAYOUT_ACCOUNT_STATES),
        label: z
          .string()
          .describe('The status in words ("Ready to sell by card", "Stripe needs more details")'),
        requirements: z.array(z.string()).describe("What Stripe asks for, in Stripe's own field names"),
      })
      .nullable()
      .describe('Null until the nursery connects an account'),
    takingOrders: z
      .boolean()
      .describe(
        "Whether buyers can pay the nursery now, so order its plants: under `direct` once its profile has payment instructions, under `stripe` once its account is active; the rule checkout applies, and each listing's seller.takingOrders",
      ),
  })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccountView = z.output<typeof payoutAccountSchema>;

/** Where the nursery goes to connect (or finish connecting) its account: a fresh link each time. */
export const onboardingLinkSchema = z.object({
  url: z.string().describe("Stripe's onboarding page, valid for minutes"),
});
/** A payment provider's webhook, acknowledged: its event was handled, was a duplicate, or was not ours. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookReceived' });
export type WebhookReceived = z.output<typeof webhookReceivedSchema>;
