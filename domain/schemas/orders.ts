/** The cart and checkout payloads (docs/product.md#calls). The order as the API shows it is in domain/orders.ts. */
import { z } from 'zod';
import { QUANTITY_MAX } from '../constants';
import { MAX_PRICE } from './catalog';

/** The most lines a checkout body may carry (a cart holds one line per listing; this only bounds the work). */
export const CHECKOUT_LINES_MAX = 500;

export const CART_MESSAGES = {
  productId: 'productId must be a positive whole number',
  quantity: 'Quantity must be a positive integer',
  quantityMax: `Quantity must be at most ${QUANTITY_MAX}`,
  price: 'price must be the unit price in dollars you were shown',
  lines: `lines must be a list of at most ${CHECKOUT_LINES_MAX} {productId, price}`,
} as const;

/** A positive whole number; fractions, zero, negatives and text get the given message. */
const positiveInt = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message });

const quantity = positiveInt(CART_MESSAGES.quantity).max(QUANTITY_MAX, { error: CART_MESSAGES.quantityMax });

const productId = positiveInt(CART_MESSAGES.productId).max(2_147_483_647, { error: CART_MESSAGES.productId });

/** A unit price as the buyer was shown it, in dollars. */
const shownPrice = z
  .number({ error: CART_MESSAGES.price })
  .min(0, { error: CART_MESSAGES.price })
  .max(MAX_PRICE, { error: CART_MESSAGES.price });

/** POST /api/cart {productId, quantity}; quantity defaults to 1 (docs/product.md#entities). */
export const cartAddSchema = z.object({
  productId,
  quantity: quantity.default(1),
});
export type CartAdd = z.infer<typeof cartAddSchema>;

/** PUT /api/cart/:id {quantity}. */
export const cartUpdateSchema = z.object({ quantity });
export type CartUpdate = z.infer<typeof cartUpdateSchema>;

/** POST /api/cart/:id/accept-price {price}: the listing's new unit price, as the buyer was shown it. */
export const cartAcceptPriceSchema = z.object({ price: shownPrice });
export type CartAcceptPrice = z.infer<typeof cartAcceptPriceSchema>;

/**
 * POST /api/orders {lines?}: the unit prices the buyer was shown for the listings in the cart. Checkout refuses
 * when a listing's price differs from them (or from the price its cart line agreed to). The body may be the
 * spec's empty object, or absent (Fastify then passes null).
 */
export const checkoutSchema = z
  .object({
    lines: z
      .array(z.object({ productId, price: shownPrice }), { error: CART_MESSAGES.lines })
      .max(CHECKOUT_LINES_MAX, { error: CART_MESSAGES.lines })
      .optional(),
  })
  .nullish();
export type Checkout = z.infer<typeof checkoutSchema>;

export const IDEMPOTENCY_KEY_MAX = 200;
