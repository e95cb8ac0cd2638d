/** The cart and order payloads (SPEC section 7) and the order as the API shows it. */
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

export const ORDER_STATUSES = ['pending', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** One order line: what was bought, at the unit price paid (dollars). */
export interface OrderLine {
  id: number;
  productId: number;
  /** The listing's title when it was bought. */
  title: string;
  imageUrl: string;
  variety: string;
  quantity: number;
  /** Unit price paid, in dollars. */
  price: number;
  status: OrderStatus;
  seller: { id: number; username: string };
}

/** An order as POST /api/orders, GET /api/orders and GET /api/orders/:id answer it. Money in dollars. */
export interface Order {
  id: number;
  userId: number;
  status: OrderStatus;
  subtotal: number;
  shipping: number;
  total: number;
  createdAt: string;
  items: OrderLine[];
}
