/**
 * Checkout's steps (docs/decisions/0021-payments.md#checkout-named-steps-one-round-trip-kept), run by
 * OrderService.checkout in one transaction: **check** the cart (checkCart: lock, then the shipping rules, the prices,
 * the stock and the order's size), **reserve** its units (reserve: a part of the write's statement, not a round trip of
 * its own) and **write** the order (writeCheckedCart: writeOrder, the one way an order is written, with checkout's
 * own parts). Every checkout and cancel locks the listings in id order, so
 * concurrent checkouts never oversell and never deadlock (docs/quality.md#reliability).
 */
import { ORDER_TOTAL_MAX_CENTS, type ShipsAs } from '@domain/constants';
import { formatUSD, fromCents, toCents } from '@domain/money';
import type { Order, OrderLine, Shipment, ShipTo } from '@domain/orders/responses';
import type { PaymentProviderId } from '@domain/payments';
import {
  decideShipping,
  freightRefusal,
  type IsoDate,
  isFreight,
  monthDay,
  needsCertificates,
  type SellerCertificate,
  type ShipDay,
  type ShippingRatesCents,
  type StateCode,
  shipmentOutlook,
  shipmentShippingCents,
  shippingDecisionText,
} from '@domain/shipping';
import { type SQL, sql } from 'drizzle-orm';
import type { PaymentSettings } from '../../config';
import { queryRows, type Tx } from '../../db/connect';
import { shopName } from '../../db/names';
import type { ColumnOf, RowOf } from '../../db/rows';
import type { addresses, cartItems, products, users } from '../../db/schema';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import {
  noticeValues,
  ORDER,
  orderPlacedNotice,
  orderReceivedNotice,
  withOrderNumber,
} from '../notifications';
import {
  cannotBePaid,
  capabilitiesOf,
  orderPaymentView,
  type PaymentProvider,
  SOME_CANNOT_BE_PAID,
  sellerCanBePaid,
  shipmentPaymentView,
} from '../payments';
import { certificatesOf, hardinessZone, shippingRatesJson } from '../shipping';
import { lineIn, shipmentFacts, toOrder } from './order-read';
import {
  grossBySeller,
  keptOutlook,
  type NewOrder,
  type Parcel,
  type WrittenOrder,
  writeOrder,
} from './order-write';

export const CART_IS_EMPTY = 'Cart is empty';
export const PRICES_CHANGED = 'Prices changed since you last looked';
export const SHIPPING_CHANGED = 'Shipping changed since you last looked';
export const ADDRESS_NOT_FOUND = 'Address not found';
export const ADD_AN_ADDRESS = 'Add a shipping address';
/** The start of the 409 when some lines may not go to the address's state. */
export const cantShipMessage = (state: string) => `Some items can't ship to ${state}`;
/** The 409 of a checkout with plants of a nursery away that takes no orders until its holiday ends. */
export const awayMessage = (nursery: string, until: IsoDate) =>
  `${nursery} is away until ${monthDay(until)} and not taking orders: remove its plants from your cart, or order them after then.`;
export const ORDER_TOO_LARGE = `An order can total at most ${formatUSD(ORDER_TOTAL_MAX_CENTS / 100)}: please remove some items from your cart`;
/** The 409 of a checkout when the buyer already has the most orders awaiting payment (UNPAID_ORDERS_MAX). */
export const tooManyUnpaid = (orders: number) =>
  `You have ${orders} ${orders === 1 ? 'order' : 'orders'} awaiting payment, the most one buyer can have at once: pay for one, or cancel it, before ordering again`;
/** The 409 of a checkout that would take the buyer's unpaid orders past UNPAID_TOTAL_MAX_DOLLARS. */
export const unpaidTooLarge = (maxCents: number, heldCents: number, totalCents: number) =>
  heldCents === 0
    ? `Orders awaiting payment can total at most ${formatUSD(fromCents(maxCents))} at once, and this one is ${formatUSD(fromCents(totalCents))}: please remove some items from your cart`
    : `Orders awaiting payment can total at most ${formatUSD(fromCents(maxCents))} at once: yours already come to ${formatUSD(fromCents(heldCents))}, and this one is ${formatUSD(fromCents(totalCents))}. Pay for an order first, or remove some items from your cart`;

/** The first key of the advisory lock that makes one buyer's checkouts take turns (the second: the buyer's id). */
const CHECKOUT_LOCK = 0x686f6c64;

/**
 * What the buyer was shown before checking out, if the request said: each listing's unit price (listing id to dollars)
 * and the order's shipping, in cents. Checkout refuses when the order would cost anything else.
 */
export interface Shown {
  prices: ReadonlyMap<number, number>;
  shippingCents: number | null;
}

/** A cart line as checkout locked and checked it: the line, its listing and its seller's shipping profile. */
type CheckedLine = RowOf<typeof cartItems, 'productId' | 'quantity' | 'agreedPriceCents'> &
  RowOf<
    typeof products,
    'title' | 'priceCents' | 'inStock' | 'imageUrl' | 'variety' | 'sellerId' | 'shipsAs' | 'lengthInches'
  > & {
    stock: ColumnOf<typeof products, 'quantity'>;
    sellerUsername: string;
    shipFromState: string | null;
    blockedStates: string[];
    payee: string;
    instructions: string | null;
  };

/** The cart as the check step left it, locked: what the order will be. */
export interface CheckedCart {
  shipTo: ShipTo & { buyerName: string };
  lines: CheckedLine[];
  /**
   * Per seller, in the order of their first line: what its parcel carries under the shipping rules, and what it costs
   * to ship under the seller's rates.
   */
  parcels: Map<number, Parcel>;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * check: take the buyer's checkout turn; read the ship-to address, what the buyer holds unpaid, and lock the cart's
 * sellers (their profiles, for the shipping rules); lock the cart lines and their listings (in listing id order) and
 * decide the shipping rules, the prices and the stock; then the order's totals, its size, whether the payment
 * provider can take an order of that size (its limits are its own: payments/stripe), and what the buyer would hold
 * unpaid with it. Throws the 400, 404 or 409 a buyer reads; writes nothing.
 */
export async function checkCart(
  tx: Tx,
  userId: number,
  shown: Shown,
  addressId: number | null,
  today: IsoDate,
  payments: PaymentSettings,
  /** Who takes the buyer's money, when it is not the nursery directly. */
  provider: PaymentProvider | null,
): Promise<CheckedCart> {
  // The buyer's turn first (docs/architecture.md#lock-order): two checkouts of one buyer take turns, so each counts
  // what the buyer holds unpaid with the other's order in it (shipToAndSellers, the next statement).
  await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK}::int, ${userId}::int)`);
  const { shipTo, sellers, held } = await shipToAndSellers(tx, userId, addressId, payments);
  const lines = (
    await queryRows<
      RowOf<typeof cartItems, 'productId' | 'quantity' | 'agreedPriceCents'> &
        RowOf<
          typeof products,
          | 'title'
          | 'priceCents'
          | 'inStock'
          | 'imageUrl'
          | 'variety'
          | 'sellerId'
          | 'shipsAs'
          | 'lengthInches'
        > & {
          stock: ColumnOf<typeof products, 'quantity'>;
        }
    >(
      tx,
      // Locking the cart lines makes a second checkout of the same cart wait, then find it empty. Only the locked
      // rows' own columns are read here (docs/architecture.md#reads-after-a-lock-wait); the sellers' profiles come
      // from the rows shipToAndSellers locked. A line of a seller it did not lock (added since) stays in the cart.
      sql`select c.product_id as "productId", c.quantity, p.title, p.price_cents as "priceCents",
                 c.agreed_price_cents as "agreedPriceCents", p.quantity as stock, p.in_stock as "inStock", p.image_url as "imageUrl", p.variety,
                 p.seller_id as "sellerId", p.ships_as as "shipsAs", p.length_inches as "lengthInches"
          from cart_items c
          join products p on p.id = c.product_id and p.archived_at is null
          where c.user_id = ${userId} and p.seller_id = any(${sql.param([...sellers.keys()])}::int[])
          order by p.id
          for update of c, p`,
    )
  ).map((l) => {
    const seller = sellers.get(l.sellerId) as LockedSeller;
    return {
      ...l,
      sellerUsername: seller.username,
      shipFromState: seller.shipFromState,
      blockedStates: seller.blockedStates,
      payee: seller.payee,
      instructions: seller.instructions,
    };
  });
  if (lines.length === 0) throw new InvalidInput(CART_IS_EMPTY);
  const destination = shipTo.state as StateCode;
  const certified = await certificatesFor(tx, lines, destination);
  const { blocked, parcels } = shippingDecisions(
    lines.map((l) => ({ ...l, certificates: certified.get(l.sellerId) ?? [] })),
    destination,
    today,
  );
  if (blocked) throw blocked;
  const unpayable = paymentRefusal(lines, sellers);
  if (unpayable) throw unpayable;
  const away = holidayRefusal(lines, sellers, today);
  if (away) throw away;
  const freight = freightRefusals(lines, sellers);
  if (freight) throw freight;
  const changed = priceChanges(lines, shown.prices);
  if (changed) throw changed;
  for (const l of lines) {
    if (!l.inStock || l.stock === 0) throw new Conflict(`${l.title} is out of stock`);
    if (l.stock < l.quantity) throw new Conflict(`Not enough stock for ${l.title}: only ${l.stock} left`);
  }

  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  // Each parcel's shipping under its seller's rates, and what the order tells of it (when it leaves and arrives,
  // whether the cold holds it), by the rules the cart told them by: from the seller's locked row (a profile saved
  // meanwhile waits for this checkout, or this checkout for it) and the zone of the address's ZIP code.
  const zone = await hardinessZone(shipTo.zip);
  for (const [sellerId, parcel] of parcels) {
    const seller = sellers.get(sellerId) as LockedSeller;
    const own = lines
      .filter((l) => l.sellerId === sellerId)
      .map((l) => ({ ...l, shipsAs: l.shipsAs as ShipsAs }));
    parcel.shippingCents = shipmentShippingCents(own, seller.rates);
    parcel.outlook = shipmentOutlook({
      orderedOn: today,
      shipper: { ...seller, shipFromState: seller.shipFromState as StateCode | null },
      to: { state: destination, zone },
      kinds: own.map((l) => l.shipsAs),
    });
  }
  const shippingCents = [...parcels.values()].reduce((sum, p) => sum + p.shippingCents, 0);
  if (shown.shippingCents !== null && shown.shippingCents !== shippingCents)
    throw new Conflict(shippingChanged(shown.shippingCents, shippingCents));
  const totalCents = subtotalCents + shippingCents;
  if (totalCents > ORDER_TOTAL_MAX_CENTS) throw new InvalidInput(ORDER_TOO_LARGE);
  // An order the provider could never take is refused before it is placed (no stock held), in the provider's words.
  const untakeable = provider?.cannotTake({
    lines: lines.length,
    shippingLines: [...parcels.values()].filter((p) => p.shippingCents > 0).length,
    totalCents,
  });
  if (untakeable) throw new InvalidInput(untakeable);
  // What one buyer may hold unpaid (UNPAID_ORDERS_MAX, UNPAID_TOTAL_MAX_DOLLARS), this order counted in.
  const limit = payments.unpaidLimit;
  if (held.orders >= limit.orders) throw new Conflict(tooManyUnpaid(held.orders));
  if (held.cents + totalCents > limit.cents)
    throw new Conflict(unpaidTooLarge(limit.cents, held.cents, totalCents));
  return { shipTo, lines, parcels, subtotalCents, shippingCents, totalCents };
}

/** The 409 of a checkout whose shipping is not what the buyer was shown (a nursery changed its rates meanwhile). */
export const shippingChanged = (shownCents: number, cents: number) =>
  `${SHIPPING_CHANGED}: from ${formatUSD(fromCents(shownCents))} to ${formatUSD(fromCents(cents))}. Review your cart to check out.`;

/**
 * The 409 for cart lines that ship by freight (isFreight: their nursery set a freight height below them since they
 * were added), naming each; `errors` has one entry per such listing, keyed by its id. Null when there are none.
 */
function freightRefusals(
  lines: ReadonlyArray<{
    productId: number;
    title: string;
    sellerId: number;
    shipsAs: string;
    lengthInches: number | null;
  }>,
  sellers: ReadonlyMap<number, LockedSeller>,
): Conflict | null {
  const refused = lines.filter((l) =>
    isFreight(
      { shipsAs: l.shipsAs as ShipsAs, lengthInches: l.lengthInches },
      (sellers.get(l.sellerId) as LockedSeller).freightOverInches,
    ),
  );
  if (refused.length === 0) return null;
  return new Conflict(
    refused.map((l) => freightRefusal(l.title)).join('. '),
    Object.fromEntries(refused.map((l) => [String(l.productId), freightRefusal(l.title)])),
  );
}

/**
 * The 409 for the lines of nurseries on a holiday pause that take no orders meanwhile (their pause's last day today or
 * later), naming each; null when there are none. A nursery on a pause that takes orders ships after it.
 */
function holidayRefusal(
  lines: ReadonlyArray<{ productId: number; sellerId: number }>,
  sellers: ReadonlyMap<number, LockedSeller>,
  today: IsoDate,
): Conflict | null {
  const away = [...new Set(lines.map((l) => l.sellerId))]
    .map((id) => sellers.get(id) as LockedSeller)
    .filter((s) => s.holidayUntil !== null && s.holidayUntil >= today && !s.holidayTakesOrders);
  if (away.length === 0) return null;
  return new Conflict(away.map((s) => awayMessage(s.payee, s.holidayUntil as IsoDate)).join(' '));
}

/**
 * reserve: the statement part that takes the units bought (a `bought (product_id, quantity, …)` relation) off their
 * listings' stock, marking a listing out of stock at 0 and counting the units sold. The check step locked the rows.
 */
function reserve(bought: SQL): SQL {
  return sql`update products p
             set quantity = p.quantity - b.quantity,
                 in_stock = p.in_stock and p.quantity - b.quantity > 0,
                 units_sold = p.units_sold + b.quantity
             from ${bought} b where p.id = b.product_id
             returning p.id`;
}

/**
 * write: the order (writeOrder: the order with its copy of the address, one shipment per seller with what the rules
 * asked of it, its lines and its money) and checkout's own parts of the same statement (checkoutParts: the units
 * reserved, the cart less the lines bought, the notifications to the buyer and each seller), in one statement.
 * Answers the order as written.
 */
export async function writeCheckedCart(
  tx: Tx,
  userId: number,
  idempotencyKey: string | null,
  note: string | null,
  cart: CheckedCart,
  payments: PaymentSettings,
  /** How long the buyer has to pay: the setting's window, within what the provider allows. */
  windowMs: number,
): Promise<Order> {
  const order: NewOrder = {
    buyerId: userId,
    idempotencyKey,
    note,
    shipTo: cart.shipTo,
    lines: cart.lines,
    parcels: cart.parcels,
    money: { provider: payments.provider, commissionBp: payments.commissionBp, windowMs },
  };
  const grossCents = grossBySeller(order);
  const written = await writeOrder(
    tx,
    order,
    checkoutParts(userId, checkoutNotices(userId, note, cart, payments, grossCents)),
  );
  return orderAsPlaced(userId, note, cart, payments.provider, written);
}

/**
 * The notifications of a checkout, their texts waiting for the order's number: the buyer's "order placed" (with,
 * when each nursery is paid directly, whom to pay what) and each seller's "order received".
 */
function checkoutNotices(
  userId: number,
  note: string | null,
  cart: CheckedCart,
  payments: PaymentSettings,
  grossCents: ReadonlyMap<number, number>,
): SQL {
  const { shipTo, lines, parcels, totalCents } = cart;
  const direct = capabilitiesOf(payments.provider).paysNurseryDirectly;
  const sellerOf = (sellerId: number) => lines.find((l) => l.sellerId === sellerId) as CheckedLine;
  return noticeValues([
    {
      ...orderPlacedNotice({
        buyerId: userId,
        orderId: ORDER,
        total: fromCents(totalCents),
        sellers: [...parcels.keys()].map((sellerId) => {
          const theirs = lines.filter((l) => l.sellerId === sellerId);
          return {
            name: theirs[0]?.payee ?? '',
            items: theirs.reduce((n, l) => n + l.quantity, 0),
          };
        }),
        payDirectly: direct
          ? {
              days: Math.round(payments.windowHours / 24),
              parts: [...parcels.keys()].map((sellerId) => ({
                payee: sellerOf(sellerId).payee,
                amount: fromCents(grossCents.get(sellerId) ?? 0),
                instructions: sellerOf(sellerId).instructions,
              })),
            }
          : undefined,
      }),
      sellerId: null,
    },
    ...[...parcels.keys()].map((sellerId) => ({
      ...orderReceivedNotice({
        sellerId,
        orderId: ORDER,
        buyer: shipTo.buyerName,
        items: lines.filter((l) => l.sellerId === sellerId),
        shipTo,
        note,
        payDirectly: direct ? { amount: fromCents(grossCents.get(sellerId) ?? 0) } : undefined,
      }),
      sellerId,
    })),
  ]);
}

/**
 * Checkout's parts of the statement that writes the order, after the order's own: the units bought reserved
 * (reserve), the cart less the lines bought (a line added meanwhile stays), and the notices (checkoutNotices' rows)
 * written with the order's number.
 */
function checkoutParts(userId: number, notices: SQL): SQL {
  return sql`stock as (${reserve(sql`bought`)}),
        emptied as (delete from cart_items c using bought b
                     where c.user_id = ${userId} and c.product_id = b.product_id returning c.id),
        notes (user_id, kind, seller_id, title, body, link) as (values ${notices}),
        notified as (
          insert into notifications (user_id, actor_id, kind, order_id, shipment_id, title, body, link)
          select n.user_id, ${userId}::int, n.kind, o.id, s.id, ${withOrderNumber(sql`n.title`, sql`o.id`)},
                 ${withOrderNumber(sql`n.body`, sql`o.id`)}, ${withOrderNumber(sql`n.link`, sql`o.id`)}
          from o cross join notes n left join s on s.seller_id = n.seller_id
          returning id
        )`;
}

/** The order a checkout answers, as written: every part to ship and awaiting its payment. */
function orderAsPlaced(
  userId: number,
  note: string | null,
  cart: CheckedCart,
  provider: PaymentProviderId,
  written: WrittenOrder,
): Order {
  const { shipTo, lines, parcels, subtotalCents, shippingCents, totalCents } = cart;
  const byProduct = new Map(written.items.map((w) => [w.productId, w]));
  const shipmentsBySeller = new Map<number, Shipment>();
  const unpaid = (sellerId: number) => ({
    status: 'pending',
    grossCents: written.grossCents.get(sellerId) ?? 0,
    shippingCents: parcels.get(sellerId)?.shippingCents ?? 0,
    paidAt: null,
    refundState: 'none' as const,
    transferState: 'none' as const,
    refundedAt: null,
    refundNote: null,
  });
  const items: OrderLine[] = lines.map((l) => {
    const w = byProduct.get(l.productId) as WrittenOrder['items'][number];
    let shipment = shipmentsBySeller.get(l.sellerId);
    if (!shipment) {
      shipment = {
        ...shipmentFacts({
          id: w.shipmentId,
          orderId: written.id,
          status: 'pending',
          carrier: null,
          trackingNumber: null,
          shippedAt: null,
          deliveredAt: null,
          deliveredBy: null,
          cancelledAt: null,
          cancelledBy: null,
          cancelReason: null,
          ...keptOutlook(parcels.get(l.sellerId)?.outlook),
        }),
        seller: { id: l.sellerId, username: l.sellerUsername, name: l.payee },
        payment: shipmentPaymentView(provider, {
          ...unpaid(l.sellerId),
          payee: l.payee,
          instructions: l.instructions,
        }),
        items: [],
      };
      shipmentsBySeller.set(l.sellerId, shipment);
    }
    const line = lineIn(shipment, { ...l, id: w.itemId, imageUrl: w.coverUrl ?? l.imageUrl });
    shipment.items.push(line);
    return line;
  });
  return toOrder(
    {
      id: written.id,
      userId,
      subtotalCents,
      shippingCents,
      totalCents,
      createdAt: written.createdAt,
      note,
      shipToName: shipTo.name,
      shipToLine1: shipTo.line1,
      shipToLine2: shipTo.line2,
      shipToCity: shipTo.city,
      shipToState: shipTo.state,
      shipToZip: shipTo.zip,
      shipToPhone: shipTo.phone,
    },
    items,
    [...shipmentsBySeller.values()],
    orderPaymentView(
      { provider, expiresAt: written.expiresAt, redirectUrl: null },
      [...parcels.keys()].map(unpaid),
    ),
  );
}

/**
 * The certificates of the sellers whose lines a rule asks a certificate for (needsCertificates), read in one
 * statement; none is read when no line needs one (a same-state order, or a destination without such a rule), the
 * usual case. Read after shipToAndSellers locked the sellers' rows: a profile saved meanwhile is seen whole or not at
 * all.
 */
async function certificatesFor(
  tx: Tx,
  lines: ReadonlyArray<{ sellerId: number; shipFromState: string | null; shipsAs: string }>,
  destination: StateCode,
): Promise<Map<number, SellerCertificate[]>> {
  const sellers = [
    ...new Set(
      lines
        .filter((l) =>
          needsCertificates(l.shipFromState as StateCode | null, destination, l.shipsAs as ShipsAs),
        )
        .map((l) => l.sellerId),
    ),
  ];
  if (sellers.length === 0) return new Map();
  const rows = await queryRows<{ sellerId: number; certificates: SellerCertificate[] }>(
    tx,
    sql`select s.id as "sellerId", ${certificatesOf(sql`s.id`)} as certificates
        from unnest(${sql.param(sellers)}::int[]) as s(id)`,
  );
  return new Map(rows.map((r) => [r.sellerId, r.certificates]));
}

/**
 * Each cart line's shipping decision (docs/product.md#shipping-rules): the 409 for the lines that may not go to
 * the destination (null when every line may; the message names each line and its reason, `errors` has one entry per
 * blocked listing, keyed by its id), and per seller, in the order of their first line, what its parcel carries.
 */
function shippingDecisions(
  lines: ReadonlyArray<
    { productId: number; title: string; shipsAs: string; sellerId: number } & {
      shipFromState: string | null;
      blockedStates: readonly string[];
      certificates: SellerCertificate[];
    }
  >,
  destination: StateCode,
  today: IsoDate,
): { blocked: Conflict | null; parcels: Map<number, Parcel> } {
  const reasons: string[] = [];
  const errors: Record<string, string> = {};
  const parcels = new Map<number, Parcel>();
  for (const l of lines) {
    const decision = decideShipping(
      {
        shipFromState: l.shipFromState as StateCode | null,
        blockedStates: l.blockedStates as StateCode[],
        certificates: l.certificates,
      },
      { shipsAs: l.shipsAs as ShipsAs },
      destination,
      today,
    );
    if (decision.status !== 'allowed') {
      reasons.push(`${l.title}: ${decision.plain}`);
      errors[String(l.productId)] = shippingDecisionText(decision, destination);
      continue;
    }
    const parcel = parcels.get(l.sellerId) ?? {
      shipFromState: l.shipFromState,
      labels: [],
      certificates: [],
      // Set once every line is checked (checkCart): the parcel's lines under its seller's rates.
      shippingCents: 0,
    };
    parcels.set(l.sellerId, parcel);
    for (const label of decision.labels) if (!parcel.labels.includes(label)) parcel.labels.push(label);
    for (const c of decision.certificates ?? [])
      if (!parcel.certificates.some((k) => k.kind === c.kind)) parcel.certificates.push(c);
  }
  const blocked =
    reasons.length === 0
      ? null
      : new Conflict(`${cantShipMessage(destination)}: ${reasons.join(' ')}`, errors);
  return { blocked, parcels };
}

/**
 * The 409 for cart lines whose nursery cannot take the buyer's payment under the provider (payments/payability.ts),
 * or null when every one can. The message names each line and its nursery; `errors` has one entry per such listing,
 * keyed by its id, in the words the cart shows beside it.
 */
function paymentRefusal(
  lines: ReadonlyArray<{ productId: number; title: string; sellerId: number }>,
  sellers: ReadonlyMap<number, LockedSeller>,
): Conflict | null {
  const reasons: string[] = [];
  const errors: Record<string, string> = {};
  for (const l of lines) {
    const seller = sellers.get(l.sellerId);
    if (!seller || seller.canBePaid) continue;
    const why = cannotBePaid(seller.payee);
    reasons.push(`${l.title}: ${why}`);
    errors[String(l.productId)] = why;
  }
  return reasons.length === 0 ? null : new Conflict(`${SOME_CANNOT_BE_PAID}: ${reasons.join('; ')}`, errors);
}

/**
 * The 409 for cart lines whose listing's price is not the one the buyer agreed to (the line's agreed price) or
 * was shown (the request's price for that listing, if it carried one), or null when every price stands. The
 * message names each change; `errors` has one entry per changed listing, keyed by its id.
 */
function priceChanges(
  lines: ReadonlyArray<{ productId: number; title: string; priceCents: number; agreedPriceCents: number }>,
  shown: ReadonlyMap<number, number>,
) {
  const changes: string[] = [];
  const errors: Record<string, string> = {};
  for (const l of lines) {
    const shownPrice = shown.get(l.productId);
    const agreedCents =
      shownPrice !== undefined && toCents(shownPrice) !== l.priceCents
        ? toCents(shownPrice)
        : l.agreedPriceCents;
    if (agreedCents === l.priceCents) continue;
    const change = `from ${formatUSD(fromCents(agreedCents))} to ${formatUSD(fromCents(l.priceCents))}`;
    changes.push(`${l.title} ${change}`);
    errors[String(l.productId)] = `The price of ${l.title} changed ${change}`;
  }
  if (changes.length === 0) return null;
  return new Conflict(
    `${PRICES_CHANGED}: ${changes.join('; ')}. Review your cart and accept the new prices to check out.`,
    errors,
  );
}

/** A seller of the cart's listings, locked FOR SHARE by shipToAndSellers: the profile decideShipping reads. */
interface LockedSeller {
  username: string;
  shipFromState: string | null;
  blockedStates: string[];
  /** Whether it can take the buyer's payment under the provider (payments/payability.ts), and as whom. */
  canBePaid: boolean;
  payee: string;
  instructions: string | null;
  /** Its holiday pause's last day (null: none), and whether it takes orders meanwhile. */
  holidayUntil: IsoDate | null;
  holidayTakesOrders: boolean;
  /** The days of the week it ships, and its handling time. */
  shipDays: ShipDay[];
  handlingDays: number;
  /** Its shipping rates, in cents, and the height over which its potted plants ship by freight. */
  rates: ShippingRatesCents;
  freightOverInches: number | null;
}

/**
 * The address an order goes to (the buyer's address `addressId`, or their default one, with the buyer's name), and
 * the sellers of the listings in the cart, each row locked FOR SHARE in id order, with its shipping profile: a
 * profile save (which updates that row first) waits for the checkout, or the checkout for the save, so checkout
 * reads one profile whole, never the ship-from state of one and the certificates of another (those are read by a
 * later statement, certificatesFor, under the lock). The lock comes before the listings' (every writer of a profile
 * locks the seller's row before its listings), so neither waits on the other in a cycle. NotFound for an address
 * that is not theirs (or no longer exists); InvalidInput when they have none.
 */
async function shipToAndSellers(
  tx: Tx,
  userId: number,
  addressId: number | null,
  payments: PaymentSettings,
): Promise<{
  shipTo: ShipTo & { buyerName: string };
  sellers: Map<number, LockedSeller>;
  held: { orders: number; cents: number };
}> {
  const rows = await queryRows<
    (RowOf<typeof addresses, 'name' | 'line1' | 'line2' | 'city' | 'state' | 'zip' | 'phone'> & {
      buyerName: ColumnOf<typeof users, 'username'>;
    }) & {
      sellerId: number | null;
      sellerUsername: string | null;
      shipFromState: string | null;
      blockedStates: string[] | null;
      canBePaid: boolean | null;
      payee: string | null;
      instructions: string | null;
      holidayUntil: IsoDate | null;
      holidayTakesOrders: boolean | null;
      rates: ShippingRatesCents | null;
      freightOverInches: number | null;
      shipDays: ShipDay[] | null;
      handlingDays: number | null;
      heldOrders: number;
      heldCents: number;
    }
  >(
    tx,
    // The address is a plain read: no lock guards it, so it is as fresh as the statement. The sellers' columns come
    // from the rows the statement locks, which PostgreSQL reads again after a lock wait. What the buyer holds unpaid
    // (held) is read beside them: only a checkout of the same buyer raises it, and that waits for the advisory lock
    // this transaction took in the statement before (docs/architecture.md#reads-after-a-lock-wait).
    sql`with held as (
          select count(distinct s.order_id)::int as orders, coalesce(sum(ss.gross_cents), 0)::bigint as cents
          from orders o
          join shipments s on s.order_id = o.id and s.status = 'pending'
          join shipment_settlements ss on ss.shipment_id = s.id and ss.paid_at is null
          -- Only the orders of the longest payment window (720 hours) and a day: an older part is past its window,
          -- and the hourly pass cancels it. So the read is a range of orders_user_id_idx, however long the history.
          where o.user_id = ${userId} and o.created_at > now() - interval '31 days'
        ),
        sellers as (
          select u.id, u.username, u.ship_from_state, u.blocked_states,
                 ${sellerCanBePaid(payments.provider, sql`u`)} as can_be_paid, ${shopName(sql`u`)} as payee,
                 u.payment_instructions, u.holiday_until::text as holiday_until, u.holiday_takes_orders,
                 ${shippingRatesJson(sql`u`)} as rates, u.freight_over_inches, u.ship_days, u.handling_days
          from users u
          where u.id in (select p.seller_id from cart_items c join products p on p.id = c.product_id
                         where c.user_id = ${userId})
          order by u.id
          for share of u
        )
        select a.name, a.line1, a.line2, a.city, a.state, a.zip, a.phone, b.username as "buyerName",
               s.id as "sellerId", s.username as "sellerUsername", s.ship_from_state as "shipFromState",
               s.blocked_states as "blockedStates", s.can_be_paid as "canBePaid", s.payee,
               s.payment_instructions as instructions, s.holiday_until as "holidayUntil",
               s.holiday_takes_orders as "holidayTakesOrders", s.rates,
               s.freight_over_inches as "freightOverInches", s.ship_days as "shipDays",
               s.handling_days as "handlingDays", h.orders as "heldOrders", h.cents::float8 as "heldCents"
        from addresses a join users b on b.id = a.user_id
        cross join held h
        left join sellers s on true
        where a.user_id = ${userId} and ${addressId === null ? sql`a.is_default` : sql`a.id = ${addressId}`}`,
  );
  const first = rows[0];
  if (!first)
    throw addressId === null
      ? new InvalidInput(ADD_AN_ADDRESS, { addressId: ADD_AN_ADDRESS })
      : new NotFound(ADDRESS_NOT_FOUND);
  const sellers = new Map<number, LockedSeller>();
  for (const r of rows)
    if (r.sellerId !== null)
      sellers.set(r.sellerId, {
        username: r.sellerUsername as string,
        shipFromState: r.shipFromState,
        blockedStates: r.blockedStates ?? [],
        canBePaid: r.canBePaid === true,
        payee: r.payee as string,
        instructions: r.instructions,
        holidayUntil: r.holidayUntil,
        holidayTakesOrders: r.holidayTakesOrders !== false,
        rates: r.rates as ShippingRatesCents,
        freightOverInches: r.freightOverInches,
        shipDays: r.shipDays ?? [],
        handlingDays: r.handlingDays ?? 1,
      });
  const { name, line1, line2, city, state, zip, phone, buyerName } = first;
  return {
    shipTo: { name, line1, line2, city, state, zip, phone, buyerName },
    sellers,
    held: { orders: first.heldOrders, cents: first.heldCents },
  };
}
