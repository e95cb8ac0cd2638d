/** The checkout payload and header (docs/product.md#calls). The order as the API shows it is in ./types.ts. */
import { z } from 'zod';
import { productId, shownPrice } from '../cart';

/** The most lines a checkout body may carry (a cart holds one line per listing; this only bounds the work). */
export const CHECKOUT_LINES_MAX = 500;

export const CHECKOUT_MESSAGES = {
  addressId: 'addressId must be the id of one of your addresses',
  lines: `lines must be a list of at most ${CHECKOUT_LINES_MAX} {productId, price}`,
} as const;

/**
 * POST /api/orders {addressId?, lines?}: the buyer's address to ship to (their default one when absent), and the
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
  })
  .nullish();
export type Checkout = z.infer<typeof checkoutSchema>;

export const IDEMPOTENCY_KEY_MAX = 200;
