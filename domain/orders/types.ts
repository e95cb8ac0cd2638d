/** An order as the API shows it (no zod here: the client's order pages import this). Statuses: ./shipments.ts. */
import type { CancelledBy, Carrier, DeliveredBy, OrderStatus, ShipmentStatus } from './shipments';

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
  /** Its shipment's status. */
  status: ShipmentStatus;
  seller: { id: number; username: string };
  /** The shipment it travels in. */
  shipmentId: number;
}

/**
 * One seller's part of an order: its lines travel together, with one status and one tracking number. Times are
 * ISO strings, null until the step happened.
 */
export interface Shipment {
  id: number;
  orderId: number;
  seller: { id: number; username: string };
  status: ShipmentStatus;
  carrier: Carrier | null;
  trackingNumber: string | null;
  /** The carrier's public tracking page, when the carrier has one and a number was given. */
  trackingUrl: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  deliveredBy: DeliveredBy | null;
  cancelledAt: string | null;
  cancelledBy: CancelledBy | null;
  /** Why it was cancelled, in the canceller's words (empty when they gave none). */
  cancelReason: string | null;
  items: OrderLine[];
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
  /** Derived from the shipments (orderStatus); statusLabel says it in words ("Partly shipped: 1 of 2"). */
  status: OrderStatus;
  statusLabel: string;
  subtotal: number;
  shipping: number;
  total: number;
  createdAt: string;
  /** Null only for orders placed before orders had an address. */
  shipTo: ShipTo | null;
  /** The buyer's note to the sellers, given at checkout (null without one). */
  note: string | null;
  /** Every line, in the order they were bought; each also sits in its shipment. */
  items: OrderLine[];
  /** One per seller, in the order their first line was bought. */
  shipments: Shipment[];
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
  /** Its shipment's status. */
  status: ShipmentStatus;
  orderStatus: OrderStatus;
  /** Where to send it (null for orders placed before orders had an address). */
  shipTo: ShipTo | null;
  shipmentId: number;
}

/** A line of a seller's shipment, with what the packing slip lists. */
export interface SellerShipmentLine {
  itemId: number;
  productId: number;
  /** The listing's title when it was bought. */
  title: string;
  imageUrl: string;
  variety: string;
  /** The plant's botanical name (from its variety), for the packing slip and inspectors. */
  botanicalName: string;
  quantity: number;
  /** Unit price paid, in dollars. */
  price: number;
}

/**
 * A seller's shipment as the Orders tab and the packing slip show it: what to send where, and what the shipping
 * rules asked of it when the order was placed (the certificates it travels with, the labels the parcel carries).
 */
export interface SellerShipment extends Omit<Shipment, 'items' | 'seller'> {
  /** When the order was placed. */
  createdAt: string;
  buyer: { username: string };
  shipTo: ShipTo | null;
  note: string | null;
  /** The state it leaves from, as the seller's profile said at checkout. */
  shipFromState: string | null;
  /** The seller's nursery licence or registration number, as its profile says now. */
  licence: string | null;
  /**
   * The shipper, as the seller's profile says now: its business name (else its username) and its return address
   * (null until the profile has one).
   */
  shipper: { name: string; returnAddress: Pick<ShipTo, 'line1' | 'line2' | 'city' | 'state' | 'zip'> | null };
  labels: string[];
  certificates: Array<{ kind: string; label: string; number: string }>;
  /** The lines' total at the prices paid, in dollars (shipping is charged once per order). */
  subtotal: number;
  items: SellerShipmentLine[];
}

/** GET /api/seller/shipments: one page of a status's shipments, and how many each status has. */
export interface SellerShipmentPage {
  status: ShipmentStatus;
  counts: Record<ShipmentStatus, number>;
  shipments: SellerShipment[];
  page: number;
  /** How many shipments the status has (the page holds at most SELLER_SHIPMENTS_PAGE_SIZE). */
  total: number;
}
