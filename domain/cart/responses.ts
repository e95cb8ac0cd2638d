/** The cart's answers (docs/product.md#calls), as zod schemas and the types derived from them. */
import { z } from 'zod';
import { SHIPS_AS } from '../constants';
import { dollars, id, isoDay, isoTime } from '../responses';
import { SHIP_DAYS, STATE_CODES, shippingRatesResponse } from '../shipping';

/**
 * The product fields a cart line carries (docs/product.md#entities: title, price, imageUrl, plus what limits the line
 * and what its shipping costs).
 */
export const cartProductSchema = z.object({
  id: id(),
  title: z.string(),
  price: dollars().describe('Unit price in dollars'),
  imageUrl: z.string(),
  variety: z.string(),
  inStock: z.boolean(),
  quantity: z.int().nonnegative().describe('Units available: the most this line may hold'),
  shipsAs: z.enum(SHIPS_AS).describe("What it ships as: the kind of its nursery's rate it pays"),
  freight: z
    .boolean()
    .describe(
      'Whether it ships by freight now (its nursery set a freight height below it since it was added): checkout refuses it',
    ),
  seller: z
    .object({
      id: id(),
      name: z.string(),
      shippingRates: shippingRatesResponse(),
      handlingDays: z.int().positive().describe('Days from an order to its shipping'),
      shipDays: z.array(z.enum(SHIP_DAYS)).describe('The days of the week it ships'),
      holidayUntil: isoDay().nullable().describe("Its holiday pause's last day; null: none"),
      shipFromState: z.enum(STATE_CODES).nullable().describe('Where it ships from; null until it says'),
    })
    .describe(
      "Its nursery, with its shipping rates and ship days now: the cart shows each nursery's shipment's shipping, dates and weather hold by them, as checkout charges and tells them",
    ),
});
export type CartProduct = z.output<typeof cartProductSchema>;

/** One cart line as GET /api/cart answers it; the product may be missing (docs/product.md#entities). */
export const cartLineSchema = z
  .object({
    id: id(),
    productId: id(),
    quantity: z.int().positive(),
    agreedPrice: dollars().describe(
      "The unit price in dollars the buyer agreed to: the listing's price when the line was added, or a new price " +
        'the buyer accepted (POST /api/cart/{id}/accept-price). When it differs from product.price, checkout answers 409.',
    ),
    createdAt: isoTime(),
    product: cartProductSchema.nullable(),
    paymentProblem: z
      .string()
      .nullable()
      .describe(
        "Why this line cannot be bought for now: its nursery cannot take the buyer's payment yet (checkout answers " +
          '409 while it cannot); null when it can',
      ),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.output<typeof cartLineSchema>;
