/** The cart's payloads (docs/product.md#calls). Checkout's is in domain/orders/schemas.ts. */
import { z } from 'zod';
import { MAX_PRICE } from '../catalog';
import { QUANTITY_MAX } from '../constants';

export const CART_MESSAGES = {
  productId: 'productId must be a positive whole number',
  quantity: 'Quantity must be a positive integer',
  quantityMax: `Quantity must be at most ${QUANTITY_MAX}`,
  price: 'price must be the unit price in dollars you were shown',
} as const;

/** A positive whole number; fractions, zero, negatives and text get the given message. */
const positiveInt = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message });

const quantity = positiveInt(CART_MESSAGES.quantity).max(QUANTITY_MAX, { error: CART_MESSAGES.quantityMax });

export const productId = positiveInt(CART_MESSAGES.productId).max(2_147_483_647, {
  error: CART_MESSAGES.productId,
});

/** A unit price as the buyer was shown it, in dollars. */
export const shownPrice = z
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
