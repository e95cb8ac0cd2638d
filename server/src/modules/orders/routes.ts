import { toCents } from '@domain/money';
import {
  orderSchema,
  sellerOrderLineSchema,
  sellerShipmentPageSchema,
  sellerShipmentSchema,
} from '@domain/orders/responses';
import {
  cancelSchema,
  checkoutSchema,
  IDEMPOTENCY_KEY_MAX,
  sellerShipmentsQuerySchema,
  shipShipmentSchema,
} from '@domain/orders/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../http/error-answers';
import { idParams } from '../../http/params';
import { requireSeller, requireUser } from '../../plugins/session';
import type { OrderService } from './order-service';
import type { SellerOrderService } from './seller-order-service';

const orderParams = idParams('Order');
const shipmentParams = idParams('Shipment');

const orderShipmentParams = z.object({
  id: idParams('Order').shape.id,
  shipmentId: idParams('Shipment').shape.id,
});

const orderLineParams = z.object({
  orderId: idParams('Order').shape.id,
  itemId: idParams('Order line').shape.id,
});

const shipBody = z.object({
  status: z.literal('shipped', { error: 'status must be shipped' }),
});

/** An optional Idempotency-Key header: the same key from the same user places at most one order. */
const checkoutHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`)
    .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`)
    .optional(),
});

/** Checkout and the signed-in user's own orders; visitors get 401. */
export async function orderRoutes(app: FastifyInstance, { orders }: { orders: OrderService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The cart is what is bought. The body is the spec's empty object (or nothing), or the unit prices the buyer
  // was shown ({ lines: [{ productId, price }] }), which checkout holds the listings to.
  r.post(
    '/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Place an order for the cart',
        operationId: 'checkout',
        headers: checkoutHeaders,
        body: checkoutSchema,
        response: { 201: orderSchema, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const shown = {
        prices: new Map((request.body?.lines ?? []).map((l) => [l.productId, l.price])),
        shippingCents: request.body?.shipping === undefined ? null : toCents(request.body.shipping),
      };
      const { order, replayed } = await orders.checkout(
        requireUser(request).id,
        request.headers['idempotency-key'] ?? null,
        shown,
        request.body?.addressId ?? null,
        request.body?.note ?? null,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(order);
    },
  );

  r.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        summary: "The buyer's orders",
        operationId: 'listOrders',
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request) => orders.list(requireUser(request).id),
  );

  r.get(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: "One of the buyer's orders",
        operationId: 'getOrder',
        params: orderParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => orders.get(requireUser(request).id, request.params.id),
  );

  // "Pay now": where the buyer pays the order by card (the same page again while it is open). No amount is sent.
  r.post(
    '/:id/payment',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Pay an order by card',
        operationId: 'payOrder',
        params: orderParams,
        response: { 200: orderSchema, ...errors(409) },
      },
    },
    async (request) => orders.pay(requireUser(request).id, request.params.id),
  );

  // What has not shipped of the order: every pending shipment.
  r.post(
    '/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Cancel what has not shipped of an order',
        operationId: 'cancelOrder',
        params: orderParams,
        body: cancelSchema,
        response: { 200: orderSchema, ...errors(409) },
      },
    },
    async (request) =>
      orders.cancel(requireUser(request).id, request.params.id, request.body?.reason ?? null),
  );

  r.post(
    '/:id/shipments/:shipmentId/cancel',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Cancel one shipment of an order',
        operationId: 'cancelOrderShipment',
        params: orderShipmentParams,
        body: cancelSchema,
        response: { 200: orderSchema, ...errors(409) },
      },
    },
    async (request) =>
      orders.cancel(
        requireUser(request).id,
        request.params.id,
        request.body?.reason ?? null,
        request.params.shipmentId,
      ),
  );

  r.post(
    '/:id/shipments/:shipmentId/delivered',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Confirm that a shipment arrived',
        operationId: 'confirmDelivery',
        params: orderShipmentParams,
        response: { 200: orderSchema, ...errors(409) },
      },
    },
    async (request) =>
      orders.confirmDelivery(requireUser(request).id, request.params.id, request.params.shipmentId),
  );
}

/**
 * The seller's shipments (GET /api/seller/shipments, one of them, ship, cancel) and the spec's order lines
 * (GET /api/seller/orders, PATCH /api/seller/orders/:orderId/items/:itemId, which ships the line's shipment).
 */
export async function sellerOrderRoutes(
  app: FastifyInstance,
  { sellerOrders }: { sellerOrders: SellerOrderService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/orders',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'The order lines the seller sold',
        operationId: 'listSellerOrderLines',
        response: { 200: z.array(sellerOrderLineSchema) },
      },
    },
    async (request) => sellerOrders.orderLines(requireSeller(request).id),
  );

  r.patch(
    '/orders/:orderId/items/:itemId',
    {
      config: { access: 'seller' },
      schema: {
        summary: "Ship an order line's shipment",
        operationId: 'shipOrderLine',
        params: orderLineParams,
        body: shipBody,
        response: { 200: sellerOrderLineSchema, ...errors(409) },
      },
    },
    async (request) =>
      sellerOrders.shipLine(requireSeller(request).id, request.params.orderId, request.params.itemId),
  );

  r.get(
    '/shipments',
    {
      config: { access: 'seller' },
      schema: {
        summary: "The seller's shipments, a page at a time",
        operationId: 'listSellerShipments',
        querystring: sellerShipmentsQuerySchema,
        response: { 200: sellerShipmentPageSchema },
      },
    },
    async (request) =>
      sellerOrders.shipments(requireSeller(request).id, request.query.status, request.query.page),
  );

  r.get(
    '/shipments/:id',
    {
      config: { access: 'seller' },
      schema: {
        summary: "One of the seller's shipments",
        operationId: 'getSellerShipment',
        params: shipmentParams,
        response: { 200: sellerShipmentSchema },
      },
    },
    async (request) => sellerOrders.shipment(requireSeller(request).id, request.params.id),
  );

  r.post(
    '/shipments/:id/ship',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'Ship a shipment',
        operationId: 'shipShipment',
        params: shipmentParams,
        body: shipShipmentSchema,
        response: { 200: sellerShipmentSchema, ...errors(409) },
      },
    },
    async (request) => sellerOrders.ship(requireSeller(request).id, request.params.id, request.body),
  );

  // The buyer paid the nursery directly and the money arrived: the shipment may ship. No amount is sent.
  r.post(
    '/shipments/:id/payment-received',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'Record that a direct payment arrived',
        operationId: 'recordPaymentReceived',
        params: shipmentParams,
        response: { 200: sellerShipmentSchema, ...errors(409) },
      },
    },
    async (request) => sellerOrders.paymentReceived(requireSeller(request).id, request.params.id),
  );

  r.post(
    '/shipments/:id/cancel',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'Cancel a shipment, as its seller',
        operationId: 'cancelSellerShipment',
        params: shipmentParams,
        body: cancelSchema,
        response: { 200: sellerShipmentSchema, ...errors(409) },
      },
    },
    async (request) =>
      sellerOrders.cancel(requireSeller(request).id, request.params.id, request.body?.reason ?? null),
  );
}
