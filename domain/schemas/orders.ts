/** The cart and checkout payloads (SPEC section 7). The order as the API shows it is in domain/orders.ts. */
import { z } from 'zod';
import { QUANTITY_MAX } from '../constants';

export const CART_MESSAGES = {
  productId: 'productId must be a positive whole number',
  quantity: 'Quantity must be a positive integer',
  quantityMax: `Quantity must be at most ${QUANTITY_MAX}`,
} as const;

/** A positive whole number; fractions, zero, negatives and text get the given message. */
const positiveInt = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message });

const quantity = positiveInt(CART_MESSAGES.quantity).max(QUANTITY_MAX, { error: CART_MESSAGES.quantityMax });

/** POST /api/cart {productId, quantity}; quantity defaults to 1 (SPEC section 3). */
export const cartAddSchema = z.object({
  productId: positiveInt(CART_MESSAGES.productId).max(2_147_483_647, { error: CART_MESSAGES.productId }),
  quantity: quantity.default(1),
});
export type CartAdd = z.infer<typeof cartAddSchema>;

/** PUT /api/cart/:id {quantity}. */
export const cartUpdateSchema = z.object({ quantity });
export type CartUpdate = z.infer<typeof cartUpdateSchema>;

export const IDEMPOTENCY_KEY_MAX = 200;
