import type { Product, ProductDetail } from '@domain/catalog/responses';
import type { ShipsAs } from '@domain/constants';
import { fromCents } from '@domain/money';
import type { PaymentProviderId } from '@domain/payments';
import {
  type IsoDate,
  isFreight,
  rateKindOf,
  type ShippingRatesCents,
  shippingToday,
} from '@domain/shipping';
import { and, desc, eq, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { shopName } from '../../db/names';
import { productPhotos, products, users } from '../../db/schema';
import { NotFound } from '../../errors';
import { sellerCanBePaid } from '../payments';
import { coverOf, photoColumns, photoView } from '../photos';
import { shippingRatesJson } from '../shipping';

/**
 * Every product column the API shows (not the search text), with the seller, and whether the seller can take a
 * buyer's payment under the provider in force (payments/payability.ts, the rule checkout and the cart apply): under
 * `direct` a column of the seller's row, already joined for its name; under `stripe` its payout account, read by
 * its primary key.
 */
const productColumns = (provider: PaymentProviderId) => ({
  id: products.id,
  sellerId: products.sellerId,
  title: products.title,
  description: products.description,
  variety: products.variety,
  form: products.form,
  cuttingSize: products.cuttingSize,
  pollination: products.pollination,
  shipsAs: products.shipsAs,
  rooted: products.rooted,
  callused: products.callused,
  lengthInches: products.lengthInches,
  segments: products.segments,
  grafted: products.grafted,
  rootstock: products.rootstock,
  organic: products.organic,
  pesticideFree: products.pesticideFree,
  inStock: products.inStock,
  quantity: products.quantity,
  priceCents: products.priceCents,
  imageUrl: products.imageUrl,
  cover: coverOf(sql`${products.id}`),
  createdAt: products.createdAt,
  unitsSold: products.unitsSold,
  blockedTo: products.blockedTo,
  ratingCount: products.ratingCount,
  ratingSum: products.ratingSum,
  sellerUsername: users.username,
  sellerName: shopName(sql`${users}`),
  sellerLocation: users.location,
  sellerTakingOrders: sellerCanBePaid(provider, sql`${users}`),
  sellerFreightOverInches: users.freightOverInches,
  sellerHolidayUntil: users.holidayUntil,
});

/** Listings with their seller, read through `db` (the statements' pool or the catalog's read pool). */
export function selectProducts(db: Db, provider: PaymentProviderId) {
  return db.select(productColumns(provider)).from(products).innerJoin(users, eq(users.id, products.sellerId));
}

/**
 * Listings with their seller, each with whether it meets `condition` (`meets`): a condition computed for the rows
 * read rather than filtered on, so that a statement reading rows by id plans to read them by id, even when its plan
 * is generic (a generic plan filtering on a price range and a search read a bitmap of every listing in that range
 * and every match of the search: 100 ms where reading by id takes 0.2).
 */
export function selectProductsMeeting(db: Db, provider: PaymentProviderId, condition: SQL) {
  return db
    .select({ ...productColumns(provider), meets: sql<boolean>`(${condition})` })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId));
}

/** A row of selectProducts. */
export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

/** A rating from its count of reviews and their stars' sum: the average to one decimal, null while unrated. */
export function ratingOf(count: number, sum: number): Product['rating'] {
  return { average: count > 0 ? Math.round((sum / count) * 10) / 10 : null, count };
}

/** A listing as the API shows it; `today` (shipping's) says whether its nursery's holiday pause is over. */
export function toProduct(r: ProductRow, today: IsoDate = shippingToday()): Product {
  return {
    id: r.id,
    sellerId: r.sellerId,
    title: r.title,
    description: r.description,
    variety: r.variety,
    form: r.form as Product['form'],
    cuttingSize: r.cuttingSize as Product['cuttingSize'],
    pollination: r.pollination as Product['pollination'],
    shipsAs: r.shipsAs,
    rooted: r.rooted,
    callused: r.callused,
    lengthInches: r.lengthInches,
    segments: r.segments,
    grafted: r.grafted,
    rootstock: r.rootstock,
    organic: r.organic,
    pesticideFree: r.pesticideFree,
    inStock: r.inStock,
    quantity: r.quantity,
    price: fromCents(r.priceCents),
    imageUrl: r.imageUrl,
    cover: r.cover ? photoView(r.cover) : null,
    createdAt: r.createdAt.toISOString(),
    unitsSold: r.unitsSold,
    blockedTo: r.blockedTo as Product['blockedTo'],
    rating: ratingOf(r.ratingCount, r.ratingSum),
    freight: isFreight(r, r.sellerFreightOverInches),
    seller: {
      id: r.sellerId,
      username: r.sellerUsername,
      name: r.sellerName,
      location: r.sellerLocation,
      takingOrders: r.sellerTakingOrders,
      holidayUntil:
        r.sellerHolidayUntil !== null && r.sellerHolidayUntil >= today ? r.sellerHolidayUntil : null,
    },
  };
}

/** Reads of single listings and short lists of them: a product page, a seller's listings, related listings. */
export class ProductReads {
  /**
   * The detail query, built once (the hottest single-row read), with its nursery's shipping from the seller's row it
   * joins already; and its photos'.
   */
  private readonly productById;
  private readonly photosOf;

  constructor(
    private readonly db: Db,
    private readonly provider: PaymentProviderId,
    /** Shipping's today: a holiday pause whose last day has passed is over. */
    private readonly today: () => IsoDate = () => shippingToday(),
  ) {
    this.productById = db
      .select({
        ...productColumns(provider),
        sellerRates: sql<ShippingRatesCents>`${shippingRatesJson(sql`${users}`)}`,
        sellerHandlingDays: users.handlingDays,
        sellerShipFromState: users.shipFromState,
        sellerHolidayTakesOrders: users.holidayTakesOrders,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(and(eq(products.id, sql.placeholder('id')), isNull(products.archivedAt)))
      .limit(1)
      .prepare('product_by_id');
    this.photosOf = db
      .select(photoColumns)
      .from(productPhotos)
      .where(eq(productPhotos.productId, sql.placeholder('id')))
      .orderBy(productPhotos.position, productPhotos.id)
      .prepare('product_photos_by_product');
  }

  /** A visible listing; NotFound when it does not exist or was archived. */
  async get(id: number): Promise<Product> {
    const [row] = await this.productById.execute({ id });
    if (!row) throw new NotFound('Product not found');
    return toProduct(row, this.today());
  }

  /** A visible listing with all its photos (its page), and its nursery's shipping for what it ships as. */
  async detail(id: number): Promise<ProductDetail> {
    const [[row], photos] = await Promise.all([
      this.productById.execute({ id }),
      this.photosOf.execute({ id }),
    ]);
    if (!row) throw new NotFound('Product not found');
    const product = toProduct(row, this.today());
    const rates = row.sellerRates;
    const rate = rates.kinds[rateKindOf(row.shipsAs as ShipsAs)];
    const { holidayUntil } = product.seller;
    return {
      ...product,
      photos: photos.map(photoView),
      shipping: {
        first: fromCents(rate.firstCents),
        additional: fromCents(rate.additionalCents),
        freeOver: rates.freeOverCents === null ? null : fromCents(rates.freeOverCents),
        handlingDays: row.sellerHandlingDays,
        shipFromState: row.sellerShipFromState as ProductDetail['shipping']['shipFromState'],
        // The pause while it lasts, as the listing's seller says it (toProduct).
        holiday:
          holidayUntil === null ? null : { until: holidayUntil, takeOrders: row.sellerHolidayTakesOrders },
      },
    };
  }

  /** A seller's visible listings, newest first (the seller's own list; archived listings left out). */
  async bySeller(sellerId: number): Promise<Product[]> {
    const rows = await selectProducts(this.db, this.provider)
      .where(and(eq(products.sellerId, sellerId), isNull(products.archivedAt)))
      .orderBy(desc(products.createdAt), desc(products.id));
    return rows.map((r) => toProduct(r, this.today()));
  }

  /**
   * Up to `limit` other visible listings: the same variety first, then the same form; in stock first, then the most
   * sold, then the newest.
   */
  async related(id: number, limit = 4): Promise<Product[]> {
    const product = await this.get(id);
    // The order of products_variety_popularity_idx, column for column (with its NULLS LAST: the columns are never
    // null, but the planner only reads an index for an ORDER BY whose every key matches), so the same variety's
    // first rows are the index's first entries for that variety.
    const order = [
      sql`${products.inStock} desc nulls last`,
      sql`${products.unitsSold} desc nulls last`,
      sql`${products.createdAt} desc nulls last`,
      sql`${products.id} desc nulls last`,
    ];
    const sameVariety = await selectProducts(this.db, this.provider)
      .where(and(isNull(products.archivedAt), eq(products.variety, product.variety), ne(products.id, id)))
      .orderBy(...order)
      .limit(limit);
    if (sameVariety.length >= limit) return sameVariety.map((r) => toProduct(r, this.today()));
    const taken = [id, ...sameVariety.map((r) => r.id)];
    const sameForm = await selectProducts(this.db, this.provider)
      .where(
        and(isNull(products.archivedAt), eq(products.form, product.form), notInArray(products.id, taken)),
      )
      .orderBy(...order)
      .limit(limit - sameVariety.length);
    return [...sameVariety, ...sameForm].map((r) => toProduct(r, this.today()));
  }
}
