/** An order as the API shows it, and its statuses (no zod here: the client's order pages import this). */

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

/**
 * Where an order goes: a copy of the buyer's address as it was at checkout (editing or deleting the address later
 * never changes it).
 */
export interface ShipTo {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
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
  /** Null only for orders placed before orders had an address. */
  shipTo: ShipTo | null;
  items: OrderLine[];
}

/** One order line of a seller's listing, as GET /api/seller/orders shows it (the seller's orders to ship). */
export interface SellerOrderLine {
  orderId: number;
  itemId: number;
  /** When the order was placed. */
  createdAt: string;
  buyer: { username: string };
  productId: number;
  /** The listing's title when it was bought. */
  title: string;
  imageUrl: string;
  quantity: number;
  /** Unit price paid, in dollars. */
  price: number;
  status: OrderStatus;
  orderStatus: OrderStatus;
  /** Where to send it (null for orders placed before orders had an address). */
  shipTo: ShipTo | null;
}
