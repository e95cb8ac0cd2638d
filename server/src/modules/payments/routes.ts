import { type SellerShipment, sellerShipmentSchema } from '@domain/orders/responses';
import { onboardingLinkSchema, payoutAccountSchema, refundSentSchema } from '@domain/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../http/error-answers';
import { idParams } from '../../http/params';
import { requireSeller } from '../../plugins/session';
import type { DirectRefunds } from './direct-refunds';
import type { PayoutAccounts } from './payout-accounts';

/** The nursery's payout account (GET) and "Connect with Stripe" (POST: a fresh onboarding link). Sellers only. */
export async function payoutAccountRoutes(
  app: FastifyInstance,
  { accounts }: { accounts: PayoutAccounts },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/payout-account',
    {
      config: { access: 'seller' },
      schema: {
        summary: "The nursery's payout account",
        operationId: 'getPayoutAccount',
        response: { 200: payoutAccountSchema },
      },
    },
    async (request) => accounts.get(requireSeller(request).id),
  );
  r.post(
    '/payout-account',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'A link to set up the payout account',
        operationId: 'connectPayoutAccount',
        response: { 200: onboardingLinkSchema, ...errors(409) },
      },
    },
    async (request) => accounts.connect(requireSeller(request).id),
  );
}

/**
 * "Record refund sent" (POST /shipments/:id/refund-sent {note?}): the seller's cancelled paid part, paid directly,
 * refunded by the nursery itself. Answers the shipment as the Orders tab shows it, read by the orders module
 * (`readShipment`), which this module cannot import (the orders module uses it). Sellers only.
 */
export async function directRefundRoutes(
  app: FastifyInstance,
  {
    refunds,
    readShipment,
  }: { refunds: DirectRefunds; readShipment: (sellerId: number, id: number) => Promise<SellerShipment> },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/shipments/:id/refund-sent',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'Record a refund the nursery sent itself',
        operationId: 'recordRefundSent',
        params: idParams('Shipment'),
        body: refundSentSchema,
        response: { 200: sellerShipmentSchema, ...errors(409) },
      },
    },
    async (request) => {
      const sellerId = requireSeller(request).id;
      await refunds.record(sellerId, request.params.id, request.body?.note ?? null);
      return readShipment(sellerId, request.params.id);
    },
  );
}
