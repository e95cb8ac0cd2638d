import { and, count, desc, eq, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
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
import {
  baseWhere,
  type FacetName,
  filterConditions,
  filterWhere,
  otherFilters,
  searchRank,
} from './filters';
import { resolveSearch } from './search';

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
function orderBy(q: ProductListQuery, tsquery: string | null): SQL[] {
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
      return tsquery ? [sql`${searchRank(tsquery)} desc`, ...popularity] : popularity;
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
    const tsquery = q.search ? await resolveSearch(this.db, q.search) : null;
    // A search word that matches no listing word: nothing can match.
    if (q.search && !tsquery) return { items: [], total: 0, capped: false };
    const where = filterWhere(q, tsquery);
    const [rows, [counted]] = await Promise.all([
      this.selectProducts()
        .where(where)
        .orderBy(...orderBy(q, tsquery))
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

  /**
   * For every option of every filter, how many listings match with it applied and the other filters as they are.
   * One pass over the visible (and searched) listings, one FILTER aggregate per option.
   */
  async facets(f: CatalogFilters): Promise<CatalogFacets> {
    const tsquery = f.search ? await resolveSearch(this.db, f.search) : null;
    const conditions = filterConditions(f);
    const countWhere = (...parts: Array<SQL | undefined>) =>
      sql<number>`count(*) filter (where ${and(...parts) ?? sql`true`})`.mapWith(Number);
    const columns: Record<string, SQL.Aliased<number> | SQL<number>> = {};
    const options = {
      variety: [products.variety, VARIETIES],
      form: [products.form, FORMS],
      cuttingSize: [products.cuttingSize, CUTTING_SIZES],
      pollination: [products.pollination, POLLINATIONS],
    } as const;
    for (const [facet, [column, values]] of Object.entries(options)) {
      values.forEach((value, i) => {
        columns[`${facet}_${i}`] = countWhere(
          otherFilters(conditions, facet as FacetName),
          eq(column, value),
        );
      });
    }
    for (const facet of ['organic', 'pesticideFree', 'inStock'] as const) {
      columns[facet] = countWhere(otherFilters(conditions, facet), eq(products[facet], true));
    }
    const priceWhere = otherFilters(conditions, 'price') ?? sql`true`;
    columns.minPrice = sql<number>`min(${products.priceCents}) filter (where ${priceWhere})`;
    columns.maxPrice = sql<number>`max(${products.priceCents}) filter (where ${priceWhere})`;

    const empty = f.search && !tsquery;
    const [row] = empty
      ? [undefined]
      : await this.db.select(columns).from(products).where(baseWhere(tsquery));
    const value = (key: string) => Number((row as Record<string, unknown> | undefined)?.[key] ?? 0);
    const counts = (facet: keyof typeof options) =>
      Object.fromEntries(options[facet][1].map((v, i) => [v, value(`${facet}_${i}`)]));
    const price = (key: string) => {
      const v = (row as Record<string, unknown> | undefined)?.[key];
      return v === null || v === undefined ? null : fromCents(Number(v));
    };
    return {
      variety: counts('variety'),
      form: counts('form'),
      cuttingSize: counts('cuttingSize'),
      pollination: counts('pollination'),
      organic: value('organic'),
      pesticideFree: value('pesticideFree'),
      inStock: value('inStock'),
      price: { min: price('minPrice'), max: price('maxPrice') },
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
