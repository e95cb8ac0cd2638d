import { and, count, desc, eq, isNull, max, min, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CUTTING_SIZES, FORMS, POLLINATIONS, VARIETIES } from '../../../../domain/constants';
import { fromCents } from '../../../../domain/money';
import type {
  CatalogFacets,
  CatalogFilters,
  Product,
  ProductListQuery,
} from '../../../../domain/schemas/catalog';
import { EXACT_TOTAL_LIMIT } from '../../../../domain/schemas/catalog';
import type { Db } from '../../db/connect';
import { products, reviews, users } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { filterWhere, searchRank } from './filters';

/** Every product column the API shows (not the search text), with the seller. */
const productColumns = {
  id: products.id,
  sellerId: products.sellerId,
  title: products.title,
  description: products.description,
  variety: products.variety,
  form: products.form,
  cuttingSize: products.cuttingSize,
  pollination: products.pollination,
  organic: products.organic,
  pesticideFree: products.pesticideFree,
  inStock: products.inStock,
  quantity: products.quantity,
  priceCents: products.priceCents,
  imageUrl: products.imageUrl,
  createdAt: products.createdAt,
  unitsSold: products.unitsSold,
  ratingCount: products.ratingCount,
  ratingSum: products.ratingSum,
  sellerUsername: users.username,
  sellerLocation: users.location,
};

interface ProductRow {
  id: number;
  sellerId: number;
  title: string;
  description: string;
  variety: string;
  form: string;
  cuttingSize: string | null;
  pollination: string | null;
  organic: boolean;
  pesticideFree: boolean;
  inStock: boolean;
  quantity: number;
  priceCents: number;
  imageUrl: string;
  createdAt: Date;
  unitsSold: number;
  ratingCount: number;
  ratingSum: number;
  sellerUsername: string;
  sellerLocation: string | null;
}

export function toProduct(r: ProductRow): Product {
  return {
    id: r.id,
    sellerId: r.sellerId,
    title: r.title,
    description: r.description,
    variety: r.variety,
    form: r.form as Product['form'],
    cuttingSize: r.cuttingSize,
    pollination: r.pollination as Product['pollination'],
    organic: r.organic,
    pesticideFree: r.pesticideFree,
    inStock: r.inStock,
    quantity: r.quantity,
    price: fromCents(r.priceCents),
    imageUrl: r.imageUrl,
    createdAt: r.createdAt.toISOString(),
    unitsSold: r.unitsSold,
    rating: {
      average: r.ratingCount > 0 ? Math.round((r.ratingSum / r.ratingCount) * 10) / 10 : null,
      count: r.ratingCount,
    },
    seller: { id: r.sellerId, username: r.sellerUsername, location: r.sellerLocation },
  };
}

/** The ORDER BY of each sort; each matches an index (same columns, same direction and nulls placement). */
function orderBy(q: ProductListQuery): SQL[] {
  const popularity = [
    sql`${products.unitsSold} desc nulls last`,
    sql`${products.createdAt} desc nulls last`,
    sql`${products.id} desc nulls last`,
  ];
  switch (q.sort) {
    case 'price-low-high':
      return [sql`${products.priceCents} asc`, sql`${products.id} asc`];
    case 'price-high-low':
      return [sql`${products.priceCents} desc`, sql`${products.id} desc`];
    case 'newest':
      return [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`];
    default:
      // With a search term the default order is relevance, then popularity.
      return q.search ? [sql`${searchRank(q.search)} desc`, ...popularity] : popularity;
  }
}

export interface ProductPage {
  items: Product[];
  /** Exact up to EXACT_TOTAL_LIMIT; above it, the total is at least that (capped). */
  total: number;
  capped: boolean;
}

export class CatalogService {
  constructor(private readonly db: Db) {}

  private selectProducts() {
    return this.db.select(productColumns).from(products).innerJoin(users, eq(users.id, products.sellerId));
  }

  async list(q: ProductListQuery): Promise<ProductPage> {
    const where = filterWhere(q);
    const [rows, [counted]] = await Promise.all([
      this.selectProducts()
        .where(where)
        .orderBy(...orderBy(q))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      // Count at most one more than the limit: a broad filter never pays for a full count.
      this.db.select({ n: count() }).from(
        this.db
          .select({ one: sql`1` })
          .from(products)
          .where(where)
          .limit(EXACT_TOTAL_LIMIT + 1)
          .as('matches'),
      ),
    ]);
    const n = Number(counted?.n ?? 0);
    return {
      items: rows.map(toProduct),
      total: Math.min(n, EXACT_TOTAL_LIMIT),
      capped: n > EXACT_TOTAL_LIMIT,
    };
  }

  /** For every option of every filter, how many listings match with it applied and the other filters as they are. */
  async facets(f: CatalogFilters): Promise<CatalogFacets> {
    const groupCount = async <T extends string>(
      column:
        | typeof products.variety
        | typeof products.form
        | typeof products.cuttingSize
        | typeof products.pollination,
      facet: 'variety' | 'form' | 'cuttingSize' | 'pollination',
      options: readonly T[],
    ) => {
      const rows = await this.db
        .select({ value: column, n: count() })
        .from(products)
        .where(filterWhere(f, facet))
        .groupBy(column);
      const counts = Object.fromEntries(options.map((o) => [o, 0])) as Record<string, number>;
      for (const r of rows) if (r.value !== null && r.value in counts) counts[r.value] = Number(r.n);
      return counts;
    };
    const flagCount = async (facet: 'organic' | 'pesticideFree' | 'inStock', column: AnyPgColumn) => {
      const [row] = await this.db
        .select({ n: count() })
        .from(products)
        .where(and(filterWhere(f, facet), eq(column, true)));
      return Number(row?.n ?? 0);
    };
    const [variety, form, cuttingSize, pollination, organic, pesticideFree, inStock, [price]] =
      await Promise.all([
        groupCount(products.variety, 'variety', VARIETIES),
        groupCount(products.form, 'form', FORMS),
        groupCount(products.cuttingSize, 'cuttingSize', CUTTING_SIZES),
        groupCount(products.pollination, 'pollination', POLLINATIONS),
        flagCount('organic', products.organic),
        flagCount('pesticideFree', products.pesticideFree),
        flagCount('inStock', products.inStock),
        this.db
          .select({ min: min(products.priceCents), max: max(products.priceCents) })
          .from(products)
          .where(filterWhere(f, 'price')),
      ]);
    return {
      variety,
      form,
      cuttingSize,
      pollination,
      organic,
      pesticideFree,
      inStock,
      price: {
        min: price?.min == null ? null : fromCents(Number(price.min)),
        max: price?.max == null ? null : fromCents(Number(price.max)),
      },
    };
  }

  /** A visible listing; 404 when it does not exist or was archived. */
  async get(id: number): Promise<Product> {
    const [row] = await this.selectProducts()
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .limit(1);
    if (!row) throw notFound('Product not found');
    return toProduct(row);
  }

  /** Up to `limit` other visible listings: the same variety first, then the same form; in-stock and popular first. */
  async related(id: number, limit = 4): Promise<Product[]> {
    const product = await this.get(id);
    const order = [desc(products.inStock), sql`${products.unitsSold} desc nulls last`, desc(products.id)];
    const sameVariety = await this.selectProducts()
      .where(and(isNull(products.archivedAt), eq(products.variety, product.variety), ne(products.id, id)))
      .orderBy(...order)
      .limit(limit);
    if (sameVariety.length >= limit) return sameVariety.map(toProduct);
    const taken = [id, ...sameVariety.map((r) => r.id)];
    const sameForm = await this.selectProducts()
      .where(
        and(isNull(products.archivedAt), eq(products.form, product.form), notInArray(products.id, taken)),
      )
      .orderBy(...order)
      .limit(limit - sameVariety.length);
    return [...sameVariety, ...sameForm].map(toProduct);
  }

  /** A listing's reviews, newest first, with the reviewer's username. */
  async reviews(id: number) {
    await this.get(id);
    const rows = await this.db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        username: users.username,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.productId, id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    return rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
      user: { username: r.username },
    }));
  }
}
