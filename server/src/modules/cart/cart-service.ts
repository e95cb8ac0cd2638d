import type { CartLine } from '@domain/cart/responses';
import type { CartAdd } from '@domain/cart/schemas';
import type { ShipsAs } from '@domain/constants';
import { formatUSD, fromCents, toCents } from '@domain/money';
import { DEFAULT_PAYMENT_PROVIDER, type PaymentProviderId } from '@domain/payments';
import {
  freightRefusal,
  type IsoDate,
  isFreight,
  ratesInDollars,
  type ShipDay,
  type ShippingRatesCents,
  type StateCode,
} from '@domain/shipping';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import { shopName } from '../../db/names';
import type { ColumnOf, RowOf } from '../../db/rows';
import { cartItems, products } from '../../db/schema';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { cannotBePaid, sellerCanBePaid } from '../payments';
import { coverUrlOf } from '../photos';
import { isFreightSql, shippingRatesJson } from '../shipping';

export const OUT_OF_STOCK = 'This product is currently out of stock';
export const CART_ITEM_NOT_FOUND = 'Cart item not found';

/** A cart line with its product, as the statements below select it. */
type LineRow = RowOf<typeof cartItems, 'id' | 'productId' | 'quantity' | 'agreedPriceCents' | 'createdAt'> &
  RowOf<typeof products, 'title' | 'priceCents' | 'imageUrl' | 'variety' | 'inStock'> & {
    stock: ColumnOf<typeof products, 'quantity'>;
    shipsAs: ShipsAs;
    lengthInches: ColumnOf<typeof products, 'lengthInches'>;
    /** The listing's nursery: its shop's name, whether it can take the buyer's payment, its shipping rates. */
    seller: SellerJson;
  };

/** A cart line's nursery, as sellerOf reads it. */
interface SellerJson {
  id: number;
  name: string;
  canBePaid: boolean;
  rates: ShippingRatesCents;
  freightOverInches: number | null;
  handlingDays: number;
  shipDays: ShipDay[];
  holidayUntil: IsoDate | null;
  shipFromState: StateCode | null;
}

function toLine(r: LineRow): CartLine {
  return {
    id: r.id,
    productId: r.productId,
    quantity: r.quantity,
    agreedPrice: fromCents(r.agreedPriceCents),
    createdAt: new Date(r.createdAt).toISOString(),
    product: {
      id: r.productId,
      title: r.title,
      price: fromCents(r.priceCents),
      imageUrl: r.imageUrl,
      variety: r.variety,
      inStock: r.inStock,
      quantity: r.stock,
      shipsAs: r.shipsAs,
      freight: isFreight(r, r.seller.freightOverInches),
      seller: {
        id: r.seller.id,
        name: r.seller.name,
        shippingRates: ratesInDollars(r.seller.rates),
        handlingDays: r.seller.handlingDays,
        shipDays: r.seller.shipDays,
        holidayUntil: r.seller.holidayUntil,
        shipFromState: r.seller.shipFromState,
      },
    },
    paymentProblem: r.seller.canBePaid ? null : cannotBePaid(r.seller.name),
  };
}

/**
 * The conflict for a line that would hold more than its listing has: out of stock, or how many there are (and how many
 * of them the cart already holds, when adding to a line).
 */
function stockRefusal(product: { title: string; inStock: boolean; stock: number }, inCart = 0) {
  if (!product.inStock || product.stock < 1) return new Conflict(OUT_OF_STOCK);
  const already = inCart > 0 ? `, and ${inCart} ${inCart === 1 ? 'is' : 'are'} already in your cart` : '';
  return new Conflict(`Only ${product.stock} left of ${product.title}${already}`);
}

/**
 * The listing's nursery (`p` its row source) as one JSON value (SellerJson): its shop's name, whether it can take a
 * buyer's payment under the provider, and its shipping rates (the cart shows each shipment's shipping by them).
 */
const sellerOf = (provider: PaymentProviderId, p: SQL) =>
  sql<SellerJson>`(select json_build_object('id', u.id, 'name', ${shopName(sql`u`)},
                                            'canBePaid', ${sellerCanBePaid(provider, sql`u`)},
                                            'rates', ${shippingRatesJson(sql`u`)},
                                            'freightOverInches', u.freight_over_inches,
                                            'handlingDays', u.handling_days, 'shipDays', u.ship_days,
                                            'holidayUntil', u.holiday_until::text,
                                            'shipFromState', u.ship_from_state)
                   from users u where u.id = ${p}.seller_id)`;

/**
 * The signed-in user's cart. A line never holds more than its listing has in stock when it is written; checkout
 * checks again under a lock, since stock can move in between. Each change is one statement (checks and write
 * together): a cart change costs one round trip to the database.
 */
export class CartService {
  private readonly listLines;
  /** The product columns a line shows, from a row source named `p`. */
  private readonly productColumns: SQL;

  constructor(
    private readonly db: Db,
    provider: PaymentProviderId = DEFAULT_PAYMENT_PROVIDER,
  ) {
    // The listing's picture: its cover photo, else its image URL.
    this.productColumns = sql`p.title, p.price_cents as "priceCents",
                              coalesce(${coverUrlOf(sql`p.id`)}, p.image_url) as "imageUrl", p.variety,
                              p.in_stock as "inStock", p.quantity as stock, p.ships_as as "shipsAs",
                              p.length_inches as "lengthInches",
                              ${sellerOf(provider, sql`p`)} as seller`;
    this.listLines = db
      .select({
        id: cartItems.id,
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        agreedPriceCents: cartItems.agreedPriceCents,
        createdAt: cartItems.createdAt,
        title: products.title,
        priceCents: products.priceCents,
        imageUrl: sql<string>`coalesce(${coverUrlOf(sql`${products.id}`)}, ${products.imageUrl})`,
        variety: products.variety,
        inStock: products.inStock,
        stock: products.quantity,
        shipsAs: sql<ShipsAs>`${products.shipsAs}`,
        lengthInches: products.lengthInches,
        seller: sellerOf(provider, sql`${products}`),
      })
      .from(cartItems)
      .innerJoin(products, and(eq(products.id, cartItems.productId), isNull(products.archivedAt)))
      .where(eq(cartItems.userId, sql.placeholder('userId')))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
      .prepare('cart_lines');
  }

  /** The user's cart lines, oldest first, with the product each refers to (archived listings left out). */
  async list(userId: number): Promise<CartLine[]> {
    return (await this.listLines.execute({ userId })).map(toLine);
  }

  /**
   * Adds units of a listing: to its existing line, or as a new line. 404 for a missing or archived listing,
   * 403 for the seller's own listing, 409 when the line would hold more than is in stock.
   */
  async add(userId: number, { productId, quantity }: CartAdd): Promise<CartLine> {
    // The upsert writes only when every check passes; the row tells which check failed otherwise. Two adds at
    // once both count: the second waits for the first's row lock, then re-checks the sum.
    const [row] = await queryRows<
      Omit<LineRow, 'id' | 'quantity' | 'agreedPriceCents' | 'createdAt'> &
        RowOf<typeof products, 'sellerId'> & {
          // The line's columns are null when nothing was written (the left join found no line).
          [K in 'id' | 'quantity' | 'agreedPriceCents' | 'createdAt']: LineRow[K] | null;
        } & { inCart: ColumnOf<typeof cartItems, 'quantity'> | null }
    >(
      this.db,
      sql`with p as (
            select id, seller_id, title, price_cents, image_url, variety, in_stock, quantity, ships_as,
                   length_inches,
                   (select ${isFreightSql(sql`products`, sql`u`)} from users u where u.id = products.seller_id) as freight
            from products where id = ${productId} and archived_at is null
          ),
          line as (
            insert into cart_items (user_id, product_id, quantity, agreed_price_cents)
            select ${userId}::int, p.id, ${quantity}::int, p.price_cents from p
            where p.seller_id <> ${userId} and p.in_stock and p.quantity >= ${quantity} and not p.freight
            on conflict (user_id, product_id) do update
              set quantity = cart_items.quantity + excluded.quantity
              where cart_items.quantity + excluded.quantity <= (select quantity from p)
            returning id, quantity, agreed_price_cents, created_at
          )
          select p.id as "productId", p.seller_id as "sellerId", ${this.productColumns},
                 line.id, line.quantity, line.agreed_price_cents as "agreedPriceCents", line.created_at as "createdAt",
                 (select c.quantity from cart_items c where c.user_id = ${userId} and c.product_id = p.id) as "inCart"
          from p left join line on true`,
    );
    if (!row) throw new NotFound('Product not found');
    if (row.sellerId === userId) throw new Forbidden('You cannot buy your own listing');
    if (row.id === null && isFreight(row, row.seller.freightOverInches))
      throw new Conflict(freightRefusal(row.title));
    if (row.id === null) throw stockRefusal(row, row.inCart ?? 0);
    return toLine(row as LineRow);
  }

  /** Sets a line's quantity; 404 when the line is not this user's, 409 beyond the stock. */
  async update(userId: number, lineId: number, quantity: number): Promise<CartLine> {
    const [row] = await queryRows<LineRow & { updated: boolean }>(
      this.db,
      sql`with line as (
            update cart_items c set quantity = ${quantity}::int
            from products p
            where c.id = ${lineId} and c.user_id = ${userId} and p.id = c.product_id
              and p.archived_at is null and p.in_stock and p.quantity >= ${quantity}
            returning c.id
          )
          select c.id, c.product_id as "productId", ${quantity}::int as quantity,
                 c.agreed_price_cents as "agreedPriceCents", c.created_at as "createdAt",
                 ${this.productColumns}, exists (select 1 from line) as updated
          from cart_items c join products p on p.id = c.product_id and p.archived_at is null
          where c.id = ${lineId} and c.user_id = ${userId}`,
    );
    if (!row) throw new NotFound(CART_ITEM_NOT_FOUND);
    if (!row.updated) throw stockRefusal(row);
    return toLine(row);
  }

  /**
   * Accepts a line's new unit price: the line agrees to the listing's price when it is still the price the buyer
   * was shown. 404 when the line is not this user's, 409 when the price moved again (the answer says to what).
   */
  async acceptPrice(userId: number, lineId: number, price: number): Promise<CartLine> {
    const [row] = await queryRows<LineRow & { accepted: boolean }>(
      this.db,
      sql`with line as (
            update cart_items c set agreed_price_cents = p.price_cents
            from products p
            where c.id = ${lineId} and c.user_id = ${userId} and p.id = c.product_id
              and p.archived_at is null and p.price_cents = ${toCents(price)}::int
            returning c.id, c.agreed_price_cents
          )
          select c.id, c.product_id as "productId", c.quantity,
                 coalesce((select agreed_price_cents from line), c.agreed_price_cents) as "agreedPriceCents",
                 c.created_at as "createdAt", ${this.productColumns}, exists (select 1 from line) as accepted
          from cart_items c join products p on p.id = c.product_id and p.archived_at is null
          where c.id = ${lineId} and c.user_id = ${userId}`,
    );
    if (!row) throw new NotFound(CART_ITEM_NOT_FOUND);
    if (!row.accepted) {
      throw new Conflict(
        `The price of ${row.title} changed again: it is now ${formatUSD(fromCents(row.priceCents))}. Please review it.`,
      );
    }
    return toLine(row);
  }

  /** Removes a line; 404 when it is not this user's. */
  async remove(userId: number, lineId: number): Promise<void> {
    const deleted = await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
      .returning({ id: cartItems.id });
    if (deleted.length === 0) throw new NotFound(CART_ITEM_NOT_FOUND);
  }

  async clear(userId: number): Promise<void> {
    await this.db.delete(cartItems).where(eq(cartItems.userId, userId));
  }
}
