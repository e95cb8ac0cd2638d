/** The checkout payload and header (docs/product.md#calls). The order as the API shows it is in ./responses.ts. */
import { z } from 'zod';
import { productId, shownPrice } from '../cart';
import { ORDER_TOTAL_MAX_CENTS } from '../constants';
import { queryWholeNumber } from '../query';
import { optionalText } from '../text-fields';
import {
  CARRIER_LABELS,
  CARRIERS,
  type Carrier,
  normalizeTrackingNumber,
  SHIPMENT_STATUSES,
  TRACKING_NUMBER_MAX,
  trackingNumberProblem,
} from './shipments';

/** The most lines a checkout body may carry (a cart holds one line per listing; this only bounds the work). */
export const CHECKOUT_LINES_MAX = 500;

/** The longest note a buyer may leave the sellers at checkout, and reason a shipment is cancelled with. */
export const ORDER_NOTE_MAX = 500;
export const CANCEL_REASON_MAX = 500;

/** An optional free text (several lines allowed): trimmed, no control characters, at most `max`; blank is null. */
const optionalNote = (field: string, max: number) =>
  optionalText({
    field,
    line: false,
    max,
    maxMessage: `${field} can be at most ${max} characters`,
    typeMessage: `${field} must be text`,
  });

export const CHECKOUT_MESSAGES = {
  addressId: 'addressId must be the id of one of your addresses',
  lines: `lines must be a list of at most ${CHECKOUT_LINES_MAX} {productId, price}`,
  shipping: 'shipping must be the shipping in dollars you were shown',
} as const;

/** The order's shipping as the buyer was shown it: dollars, at most an order's largest total. */
const shownShipping = z
  .number({ error: CHECKOUT_MESSAGES.shipping })
  .min(0, { error: CHECKOUT_MESSAGES.shipping })
  .max(ORDER_TOTAL_MAX_CENTS / 100, { error: CHECKOUT_MESSAGES.shipping });

/**
 * POST /api/orders {addressId?, lines?, shipping?, note?}: the buyer's address to ship to (their default one when absent), and the
 * unit prices the buyer was shown for the listings in the cart. Checkout refuses when a listing's price differs
 * from them (or from the price its cart line agreed to). The body may be the spec's empty object, or absent
 * (Fastify then passes null); with no address on file the checkout is refused, a documented departure from the
 * spec (docs/product.md#calls).
 */
export const checkoutSchema = z
  .object({
    /** The buyer's address to ship to; absent for their default address. */
    addressId: z
      .number({ error: CHECKOUT_MESSAGES.addressId })
      .int({ error: CHECKOUT_MESSAGES.addressId })
      .positive({ error: CHECKOUT_MESSAGES.addressId })
      .max(2_147_483_647, { error: CHECKOUT_MESSAGES.addressId })
      .optional(),
    lines: z
      .array(z.object({ productId, price: shownPrice }), { error: CHECKOUT_MESSAGES.lines })
      .max(CHECKOUT_LINES_MAX, { error: CHECKOUT_MESSAGES.lines })
      .optional(),
    /**
     * The order's shipping the buyer was shown, in dollars (each nursery's rates over its lines): checkout refuses
     * with 409 when it would charge anything else.
     */
    shipping: shownShipping.optional(),
    /** A note to the sellers (a gate code, a gift): each seller sees it beside its shipment. */
    note: optionalNote('Note', ORDER_NOTE_MAX),
  })
  .nullish();
export type Checkout = z.infer<typeof checkoutSchema>;

export const IDEMPOTENCY_KEY_MAX = 200;

export const SHIPMENT_MESSAGES = {
  carrier: `Carrier must be one of ${CARRIERS.map((c) => CARRIER_LABELS[c]).join(', ')}`,
  trackingNumber: `Tracking number must be text of at most ${TRACKING_NUMBER_MAX} characters`,
  status: `status must be one of ${SHIPMENT_STATUSES.join(', ')}`,
} as const;

/**
 * POST /api/seller/shipments/:id/ship {carrier, trackingNumber}: the carrier in any letter case ("USPS", the label
 * its message names, is `usps`), the number checked against the carrier's format (spaces and dashes dropped,
 * letters upper case), its message naming the carrier; "other" may go without one.
 */
export const shipShipmentSchema = z
  .object({
    carrier: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(CARRIERS, { error: SHIPMENT_MESSAGES.carrier }),
    ),
    trackingNumber: z
      .string({ error: SHIPMENT_MESSAGES.trackingNumber })
      .max(TRACKING_NUMBER_MAX * 2, { error: SHIPMENT_MESSAGES.trackingNumber })
      .nullish()
      .transform((v) => normalizeTrackingNumber(v ?? '')),
  })
  .superRefine((v, ctx) => {
    const problem = trackingNumberProblem(v.carrier as Carrier, v.trackingNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: problem });
  })
  .transform((v) => ({
    carrier: v.carrier,
    trackingNumber: v.trackingNumber === '' ? null : v.trackingNumber,
  }));
export type ShipShipmentInput = z.input<typeof shipShipmentSchema>;

/** Cancelling a shipment or the rest of an order: an optional reason, which the other side sees. */
export const cancelSchema = z.object({ reason: optionalNote('Reason', CANCEL_REASON_MAX) }).nullish();

/** GET /api/seller/shipments?status=pending&page=1 (the Orders tab: to ship first). */
export const sellerShipmentsQuerySchema = z.object({
  status: z.enum(SHIPMENT_STATUSES, { error: SHIPMENT_MESSAGES.status }).default('pending'),
  page: queryWholeNumber('page', 1, 100_000),
});

/** How many shipments a page of the seller's Orders tab holds. */
export const SELLER_SHIPMENTS_PAGE_SIZE = 20;
