/**
 * Stripe's two webhooks (docs/decisions/0021-payments.md#the-webhook-routes-and-the-security-rules): the platform's
 * payment events and Connect's account events. Each reads its raw body (signedRoutes keeps it a Buffer) and checks its
 * signature with its own secret before anything else: a missing, wrong or stale one is 400 and nothing changes. A
 * verified event is only a trigger: the handler re-reads the object from Stripe and moves the state forward. A
 * duplicate, an event for nothing of ours and an event of another type are all acknowledged (200), so Stripe stops
 * sending them.
 *
 * Stripe sends no Origin, so these two are exempt from the Origin check (`crossSite: 'signed'`), and from nothing
 * else: the access rule (public), the declared answers, the body and time limits, the write limit, the error shape.
 */
import { webhookReceivedSchema } from '@domain/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InvalidInput } from '../../errors';
import { signedRoutes } from '../../plugins/security';
import {
  type AccountEvent,
  BadSignature,
  type EventLog,
  type PaymentEvent,
  type PaymentProvider,
  type PayoutProvider,
} from './ports';

/** The 400 of a webhook whose signature is missing, wrong or too old (docs/product.md#errors). */
export const BAD_SIGNATURE = 'Invalid webhook signature';

export interface WebhookRoutesOptions {
  payments: PaymentProvider;
  payouts: PayoutProvider;
  /** Acts on a verified payment event (the orders module: PaymentEvents). */
  onPaymentEvent(event: PaymentEvent, log: EventLog): Promise<void>;
  /** Acts on a verified Connect event (AccountEvents). */
  onAccountEvent(event: AccountEvent, log: EventLog): Promise<void>;
}

/** The raw body as signed; anything but a Buffer (no body at all) is checked as an empty one, and refused. */
const rawBody = (request: FastifyRequest): Buffer =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

const signatureOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['stripe-signature'];
  return typeof header === 'string' && header !== '' ? header : undefined;
};

/** Reads and verifies an event, or throws the 400 of a bad signature (the reason logged, not sent). */
function verified<E>(request: FastifyRequest, read: (raw: Buffer, signature: string | undefined) => E): E {
  try {
    return read(rawBody(request), signatureOf(request));
  } catch (error) {
    if (!(error instanceof BadSignature)) throw error;
    request.log.warn({ reason: error.message }, 'webhook refused: bad signature');
    throw new InvalidInput(BAD_SIGNATURE);
  }
}

export const stripeWebhookRoutes = signedRoutes<WebhookRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const route = (summary: string, operationId: string) => ({
      config: { access: 'public' as const, crossSite: 'signed' as const },
      schema: { summary, operationId, response: { 200: webhookReceivedSchema } },
    });

    // Checkout Sessions' events, signed with the platform's webhook secret.
    const payment = route("Stripe's payment events (its webhook)", 'receiveStripePaymentEvent');
    r.post('/stripe/webhook', payment, async (request) => {
      const event = verified(request, (raw, signature) => options.payments.readWebhook(raw, signature));
      await options.onPaymentEvent(event, request.log);
      return { received: true as const };
    });

    // Connected accounts' events, signed with the Connect endpoint's own secret.
    const account = route("Stripe Connect's account events (its webhook)", 'receiveStripeAccountEvent');
    r.post('/stripe/connect-webhook', account, async (request) => {
      const event = verified(request, (raw, signature) => options.payouts.readWebhook(raw, signature));
      await options.onAccountEvent(event, request.log);
      return { received: true as const };
    });
  },
);
