/**
 * The orders' answers (docs/product.md#calls, #shipments), as zod schemas and the types derived from them: the
 * buyer's orders, the seller's order lines and shipments. Statuses and carriers: ./shipments.ts.
 */
import { z } from 'zod';
import { orderPaymentSchema, shipmentPaymentSchema } from '../payments';
import { dollars, id, isoDay, isoTime, sellerRefSchema } from '../responses';
import { SELLER_SHIPMENTS_PAGE_SIZE } from './schemas';
import {
  AUTO_DELIVER_DAYS,
  CANCELLED_BY,
  CARRIERS,
  DELIVERED_BY,
  ORDER_STATUSES,
  SHIPMENT_STATUSES,
} from './shipments';

/** Who sells a line or a shipment. */
const sellerSchema = sellerRefSchema;

/** The buyer, as a seller sees them. */
const buyerSchema = z.object({ username: z.string() });

/** One order line: what was bought, at the unit price paid (dollars). */
export const orderLineSchema = z
  .object({
    id: id(),
    productId: id(),
    title: z.string().describe("The listing's title when it was bought"),
    imageUrl: z.string(),
    variety: z.string(),
    quantity: z.int().positive(),
    price: dollars().describe('Unit price paid, in dollars'),
    status: z.enum(SHIPMENT_STATUSES).describe("Its shipment's status"),
    seller: sellerSchema,
    shipmentId: id().describe('The shipment it travels in'),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.output<typeof orderLineSchema>;

/** A shipment's status, tracking and times; null until the step happened. */
const shipmentFields = z.object({
  id: id(),
  orderId: id(),
  seller: sellerSchema,
  status: z.enum(SHIPMENT_STATUSES),
  carrier: z.enum(CARRIERS).nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z
    .url()
    .nullable()
    .describe("The carrier's public tracking page, when the carrier has one and a number was given"),
  shippedAt: isoTime().nullable(),
  estimate: z
    .object({
      shipOn: isoDay().describe('The day it should leave'),
      arriveFrom: isoDay(),
      arriveTo: isoDay().describe('It should arrive between arriveFrom and arriveTo'),
    })
    .nullable()
    .describe(
      "What checkout told the buyer of its dates, from the nursery's ship days, handling time, holiday and state, and a weather hold; null when the nursery had not said where it ships from (or for an order placed before dates were kept)",
    ),
  heldUntil: isoDay()
    .nullable()
    .describe(
      'A weather hold: the climate where it goes is too cold for live plants until about this day (it leaves after it); null: not held',
    ),
  heatPack: z.boolean().describe('Whether it goes with a heat pack against the cold where it goes'),
  deliveredAt: isoTime().nullable(),
  deliveredBy: z
    .enum(DELIVERED_BY)
    .nullable()
    .describe(
      `Who said it arrived: the buyer, or the rule that marks it delivered ${AUTO_DELIVER_DAYS} days after it shipped`,
    ),
  cancelledAt: isoTime().nullable(),
  cancelledBy: z.enum(CANCELLED_BY).nullable().describe('Who cancelled it'),
  cancelReason: z
    .string()
    .nullable()
    .describe("Why it was cancelled, in the canceller's words (empty when they gave none)"),
  payment: shipmentPaymentSchema,
  items: z.array(orderLineSchema),
});

/** One seller's part of an order: its lines travel together, with one status and one tracking number. */
export const shipmentSchema = shipmentFields.meta({ id: 'Shipment' });
export type Shipment = z.output<typeof shipmentSchema>;

/**
 * Where an order goes: a copy of the buyer's address as it was at checkout (editing or deleting the address later
 * never changes it).
 */
export const shipToSchema = z
  .object({
    name: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'ShipTo' });
export type ShipTo = z.output<typeof shipToSchema>;

/** An order as POST /api/orders, GET /api/orders and GET /api/orders/{id} answer it. Money in dollars. */
export const orderSchema = z
  .object({
    id: id(),
    userId: id(),
    status: z
      .enum(ORDER_STATUSES)
      .describe('Derived from the shipments; statusLabel says it in words ("Partly shipped: 1 of 2")'),
    statusLabel: z.string(),
    subtotal: dollars(),
    shipping: dollars(),
    total: dollars(),
    createdAt: isoTime(),
    shipTo: shipToSchema.nullable().describe('Null only for orders placed before orders had an address'),
    note: z
      .string()
      .nullable()
      .describe("The buyer's note to the sellers, given at checkout (null without one)"),
    items: z
      .array(orderLineSchema)
      .describe('Every line, in the order they were bought; each also sits in its shipment'),
    shipments: z.array(shipmentSchema).describe('One per seller, in the order their first line was bought'),
    payment: orderPaymentSchema,
  })
  .meta({ id: 'Order' });
export type Order = z.output<typeof orderSchema>;

/** One order line of a seller's listing, as GET /api/seller/orders shows it (the seller's orders to ship). */
export const sellerOrderLineSchema = z
  .object({
    orderId: id(),
    itemId: id(),
    createdAt: isoTime().describe('When the order was placed'),
    buyer: buyerSchema,
    productId: id(),
    title: z.string().describe("The listing's title when it was bought"),
    imageUrl: z.string(),
    quantity: z.int().positive(),
    price: dollars().describe('Unit price paid, in dollars'),
    status: z.enum(SHIPMENT_STATUSES).describe("Its shipment's status"),
    orderStatus: z.enum(ORDER_STATUSES),
    shipTo: shipToSchema
      .nullable()
      .describe('Where to send it (null for orders placed before orders had an address)'),
    shipmentId: id(),
  })
  .meta({ id: 'SellerOrderLine' });
export type SellerOrderLine = z.output<typeof sellerOrderLineSchema>;

/** A line of a seller's shipment, with what the packing slip lists. */
export const sellerShipmentLineSchema = z.object({
  itemId: id(),
  productId: id(),
  title: z.string().describe("The listing's title when it was bought"),
  imageUrl: z.string(),
  variety: z.string(),
  botanicalName: z
    .string()
    .describe("The plant's botanical name (from its variety), for the packing slip and inspectors"),
  quantity: z.int().positive(),
  price: dollars().describe('Unit price paid, in dollars'),
});
export type SellerShipmentLine = z.output<typeof sellerShipmentLineSchema>;

/**
 * A seller's shipment as the Orders tab and the packing slip show it: what to send where, and what the shipping
 * rules asked of it when the order was placed (the certificates it travels with, the labels the parcel carries).
 */
export const sellerShipmentSchema = shipmentFields
  .omit({ items: true, seller: true })
  .extend({
    createdAt: isoTime().describe('When the order was placed'),
    buyer: buyerSchema,
    shipTo: shipToSchema.nullable(),
    note: z.string().nullable(),
    shipFromState: z
      .string()
      .nullable()
      .describe("The state it leaves from, as the seller's profile said at checkout"),
    licence: z
      .string()
      .nullable()
      .describe("The seller's nursery licence or registration number, as its profile says now"),
    shipper: z
      .object({
        name: z.string(),
        returnAddress: shipToSchema
          .pick({ line1: true, line2: true, city: true, state: true, zip: true })
          .nullable(),
      })
      .describe(
        "The shipper, as the seller's profile says now: its business name (else its username) and its return " +
          'address (null until the profile has one)',
      ),
    labels: z.array(z.string()),
    certificates: z.array(z.object({ kind: z.string(), label: z.string(), number: z.string() })),
    subtotal: dollars().describe(
      "The lines' total at the prices paid, in dollars (shipping is charged once per order)",
    ),
    items: z.array(sellerShipmentLineSchema),
  })
  .meta({ id: 'SellerShipment' });
export type SellerShipment = z.output<typeof sellerShipmentSchema>;

/** How many shipments a status has. */
const shipmentCount = z.int().nonnegative();

/** GET /api/seller/shipments: one page of a status's shipments, and how many each status has. */
export const sellerShipmentPageSchema = z.object({
  status: z.enum(SHIPMENT_STATUSES),
  // An object naming each status (not a record keyed by the enum, whose JSON Schema requires keys it does not list).
  counts: z.object({
    pending: shipmentCount,
    shipped: shipmentCount,
    delivered: shipmentCount,
    cancelled: shipmentCount,
  } satisfies Record<(typeof SHIPMENT_STATUSES)[number], z.ZodType>),
  shipments: z.array(sellerShipmentSchema),
  page: z.int().positive(),
  total: z
    .int()
    .nonnegative()
    .describe(`How many shipments the status has (a page holds at most ${SELLER_SHIPMENTS_PAGE_SIZE})`),
});
export type SellerShipmentPage = z.output<typeof sellerShipmentPageSchema>;
