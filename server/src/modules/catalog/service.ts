import type { CatalogFacets, CatalogFilters, Product, ProductListQuery } from '@domain/catalog/schemas';
import { EXACT_TOTAL_LIMIT } from '@domain/catalog/schemas';
import { CUTTING_SIZES, FORMS, POLLINATIONS, VARIETIES } from '@domain/constants';
import { fromCents } from '@domain/money';
import { and, count, desc, eq, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { catalogFacetCounts, products, users } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { ExpiringCache } from './expiring-cache';
import {
  baseWhere,
  bindPlaceholders,
  type FacetName,
  filterConditions,
  filterParams,
  filterShape,
  filterWhere,
  otherFilters,
  searchRank,
} from './filters';
import { resolveSearch } from './search';
import { StatementCache } from './statement-cache';

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

/** The options each list facet counts. */
const FACET_OPTIONS = {
  variety: VARIETIES,
  form: FORMS,
  cuttingSize: CUTTING_SIZES,
  pollination: POLLINATIONS,
} as const;

function emptyFacets(): CatalogFacets {
  const zero = (options: readonly string[]) => Object.fromEntries(options.map((o) => [o, 0]));
  return {
    variety: zero(VARIETIES),
    form: zero(FORMS),
    cuttingSize: zero(CUTTING_SIZES),
    pollination: zero(POLLINATIONS),
    organic: 0,
    pesticideFree: 0,
    inStock: 0,
    price: { min: null, max: null },
  };
}

/** Best sellers first, then the newest; matches products_popularity_idx (same columns, direction and nulls). */
function popularityOrder(): SQL[] {
  return [
    sql`${products.unitsSold} desc nulls last`,
    sql`${products.createdAt} desc nulls last`,
    sql`${products.id} desc nulls last`,
  ];
}

/** The ORDER BY of each sort; each matches an index. A search's relevance order is CatalogService.relevancePage. */
function orderBy(q: ProductListQuery): SQL[] {
  switch (q.sort) {
    case 'price-low-high':
      return [sql`${products.priceCents} asc`, sql`${products.id} asc`];
    case 'price-high-low':
      return [sql`${products.priceCents} desc`, sql`${products.id} desc`];
    case 'newest':
      return [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`];
    default:
      return popularityOrder();
  }
}

/** CatalogService's default relevance window: enough for 80 pages of 6, cheap to rank (about 1 ms). */
const RELEVANCE_WINDOW = 500;

/**
 * How long a list whose count came out above EXACT_TOTAL_LIMIT is answered "capped" without counting again, and
 * its relevance window's order reused. Proving "more than 10,000" for a broad search costs 50 to 100 ms at a
 * million listings and changes slowly; a minute bounds how long a "10000+" may outlive a drop to 10,000 or
 * fewer matches, and how long the window's order may lag behind sales (see
 * docs/decisions/0012-catalog-broad-searches.md). Exact totals are never kept.
 */
export const CAPPED_LIST_TTL_MS = 60_000;
/** At most this many capped lists are kept (each holds up to RELEVANCE_WINDOW ids): about 2 MB at most. */
const CAPPED_LISTS = 500;

/** A list known to have more than EXACT_TOTAL_LIMIT matches (see CAPPED_LIST_TTL_MS). */
interface CappedList {
  /** Its relevance window's listing ids in order, once a search page in relevance order has ranked it. */
  windowIds: number[] | null;
}

export interface ProductPage {
  items: Product[];
  /** Exact up to EXACT_TOTAL_LIMIT; above it, the total is at least that (capped). */
  total: number;
  capped: boolean;
}

/** A prepared statement answering rows of type R. */
interface Statement<R> {
  execute(params: Record<string, unknown>): Promise<R[]>;
}

interface FacetStatements {
  /**
   * Whether the counts read the matching listings (a search or a price filter) rather than catalog_facet_counts;
   * then they also count the listings they read (`matches`: the search's matches, every other filter aside).
   */
  scansListings: boolean;
  counts: Statement<Record<string, number>>;
  price: Statement<{ min: number | null; max: number | null }>;
}

interface ListStatements {
  page: Statement<ProductRow>;
  /** Only with a search and the default (relevance) sort: the ids of the relevance window, in order. */
  ranked: Statement<{ id: number }> | null;
  /** With `ranked`: the listings among `ids` that still match (fresh rows, whatever ids were cached). */
  byIds: Statement<ProductRow> | null;
  count: Statement<{ n: number }>;
  /** Whether `count` reads listings (a search or a price filter), rather than catalog_facet_counts. */
  countsListings: boolean;
}

async function countOf(rows: Promise<Array<{ n: number }>>): Promise<number> {
  const [row] = await rows;
  return Number(row?.n ?? 0);
}

export class CatalogService {
  /** The detail query, built once (the hottest single-row read). */
  private readonly productById;
  private readonly listCache = new StatementCache<ListStatements>();
  private readonly facetCache = new StatementCache<FacetStatements>();
  /** Lists whose count came out capped, by their filters and resolved search (see CAPPED_LIST_TTL_MS). */
  private readonly cappedLists: ExpiringCache<CappedList>;
  /** The facets of broad searches and price filters, by their filters and resolved search (see facets()). */
  private readonly broadFacets: ExpiringCache<CatalogFacets>;

  constructor(
    private readonly db: Db,
    /** The list and facet reads: planned for their parameters every time (Database.catalogDb). */
    private readonly reads: Db = db,
    /** With a search and the default sort, this many of the most popular matches are ordered by relevance. */
    private readonly relevanceWindow = RELEVANCE_WINDOW,
    /** The clock of the capped-list cache, in milliseconds. */
    now: () => number = Date.now,
  ) {
    this.cappedLists = new ExpiringCache(CAPPED_LIST_TTL_MS, CAPPED_LISTS, now);
    this.broadFacets = new ExpiringCache(CAPPED_LIST_TTL_MS, CAPPED_LISTS, now);
    this.productById = this.selectProducts()
      .where(and(eq(products.id, sql.placeholder('id')), isNull(products.archivedAt)))
      .limit(1)
      .prepare('product_by_id');
  }

  /** Listings with their seller, read through `db` (the default) or the catalog read pool. */
  private selectProducts(db: Db = this.db) {
    return db.select(productColumns).from(products).innerJoin(users, eq(users.id, products.sellerId));
  }

  async list(q: ProductListQuery): Promise<ProductPage> {
    const tsquery = q.search ? await resolveSearch(this.reads, q.search) : null;
    // A search word that matches no listing word: nothing can match.
    if (q.search && !tsquery) return { items: [], total: 0, capped: false };
    const statements = this.listStatements(q, tsquery !== null);
    const params = { ...filterParams(q), tsquery };
    const offset = (q.page - 1) * q.limit;
    // Filter flags are in the shape, their values and the search in params; the sort and page change no count.
    const key = `${filterShape(q)}:${JSON.stringify(params)}`;
    const known = statements.countsListings ? this.cappedLists.get(key) : undefined;
    const [{ rows, windowIds }, total] = await Promise.all([
      statements.ranked && statements.byIds
        ? this.relevancePage(statements, params, offset, q.limit, known?.windowIds ?? null)
        : statements.page
            .execute({ ...params, limit: q.limit, offset })
            .then((rows) => ({ rows, windowIds: null })),
      known ? EXACT_TOTAL_LIMIT + 1 : countOf(statements.count.execute(params)),
    ]);
    if (known) known.windowIds ??= windowIds;
    else if (statements.countsListings && total > EXACT_TOTAL_LIMIT) this.cappedLists.set(key, { windowIds });
    return {
      items: rows.map(toProduct),
      total: Math.min(total, EXACT_TOTAL_LIMIT),
      capped: total > EXACT_TOTAL_LIMIT,
    };
  }

  /**
   * A page in relevance order: the relevanceWindow most popular matches ranked by relevance (ts_rank), then the
   * other matches by popularity. Ranking every match would read them all (110,000 for "sugar" in a million
   * listings); the window bounds the work while keeping one total order, so pages neither repeat nor skip.
   */
  private async relevancePage(
    { ranked, byIds, page }: Pick<ListStatements, 'page' | 'ranked' | 'byIds'>,
    params: Record<string, unknown>,
    offset: number,
    limit: number,
    cachedIds: number[] | null,
  ): Promise<{ rows: ProductRow[]; windowIds: number[] | null }> {
    const end = offset + limit;
    const inWindow = async () => {
      const windowIds =
        cachedIds ?? (await (ranked as Statement<{ id: number }>).execute(params)).map((r) => Number(r.id));
      const ids = windowIds.slice(offset, Math.min(end, this.relevanceWindow));
      // The rows are read now, with every condition of the list again: prices and stock are current, and a
      // listing archived (or no longer matching) since the ids were ranked is left out of its page.
      const rows = ids.length ? await (byIds as Statement<ProductRow>).execute({ ...params, ids }) : [];
      const position = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
      return { rows, windowIds };
    };
    const [top, rest] = await Promise.all([
      offset < this.relevanceWindow ? inWindow() : { rows: [], windowIds: null },
      end > this.relevanceWindow
        ? page.execute({
            ...params,
            offset: Math.max(offset, this.relevanceWindow),
            limit: end - Math.max(offset, this.relevanceWindow),
          })
        : [],
    ]);
    return { rows: [...top.rows, ...rest], windowIds: top.windowIds };
  }

  /**
   * The page and count statements for this set of filters, sort and search, prepared once and kept: building
   * a query costs more CPU than PostgreSQL spends running it. The cache keeps the most recently used shapes.
   */
  private listStatements(q: ProductListQuery, search: boolean): ListStatements {
    return this.listCache.get(`${filterShape(q)}_${q.sort}_${search ? 1 : 0}`, () =>
      this.buildListStatements(q, search),
    );
  }

  private buildListStatements(q: ProductListQuery, search: boolean): ListStatements {
    const tsquery = search ? sql.placeholder('tsquery') : null;
    const where = filterWhere(q, tsquery, bindPlaceholders);
    const relevance = search && q.sort === 'popularity';
    const countsListings = search || q.minPrice !== null || q.maxPrice !== null;
    return {
      // With a search and the relevance sort this is the order after the relevance window (see relevancePage).
      page: this.selectProducts(this.reads)
        .where(where)
        .orderBy(...orderBy(q))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('catalog_page'),
      ranked: relevance ? this.rankedStatement(where, tsquery) : null,
      byIds: relevance
        ? this.selectProducts(this.reads)
            .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`, where))
            .prepare('catalog_by_ids')
        : null,
      count: this.countStatement(q, countsListings, where),
      countsListings,
    };
  }

  /**
   * The number of matches. Without a search or a price filter, every condition is one catalog_facet_counts can
   * answer: the sum over the matching combinations of its columns (a few hundred rows at most, whatever the
   * catalog's size; its triggers keep it exact), never reading products. Otherwise the matching listings are
   * counted, stopping one past EXACT_TOTAL_LIMIT, so a broad filter never pays a full count.
   */
  private countStatement(q: ProductListQuery, countsListings: boolean, where: SQL): Statement<{ n: number }> {
    if (!countsListings) {
      const conditions = otherFilters(filterConditions(q, catalogFacetCounts, bindPlaceholders));
      return this.reads
        .select({ n: sql<number>`coalesce(sum(${catalogFacetCounts.n}), 0)::int` })
        .from(catalogFacetCounts)
        .where(conditions)
        .prepare('catalog_count_summary');
    }
    return this.reads
      .select({ n: count() })
      .from(
        this.reads
          .select({ one: sql`1` })
          .from(products)
          .where(where)
          .limit(EXACT_TOTAL_LIMIT + 1)
          .as('matches'),
      )
      .prepare('catalog_count');
  }

  /**
   * The ids of the first relevanceWindow matches by popularity, ordered by relevance (see relevancePage). Ranking
   * walks products_popularity_idx until it has the window (about 4,600 rows for "sugar" at a million listings,
   * 10 to 30 ms), so a capped list keeps the ids (see CAPPED_LIST_TTL_MS) and every page reads its rows by id.
   */
  private rankedStatement(where: SQL, tsquery: unknown): Statement<{ id: number }> {
    const top = this.reads
      .select({
        id: products.id,
        unitsSold: products.unitsSold,
        createdAt: products.createdAt,
        searchVector: products.searchVector,
      })
      .from(products)
      .where(where)
      .orderBy(...popularityOrder())
      .limit(this.relevanceWindow)
      .as('top');
    return this.reads
      .select({ id: top.id })
      .from(top)
      .orderBy(
        sql`${searchRank(tsquery, top.searchVector)} desc`,
        sql`${top.unitsSold} desc nulls last`,
        sql`${top.createdAt} desc nulls last`,
        sql`${top.id} desc nulls last`,
      )
      .prepare('catalog_ranked');
  }

  /**
   * For every option of every filter, how many listings match with it applied and the other filters as they are.
   * Without a search or price filter the counts come from catalog_facet_counts (a few thousand rows at most,
   * whatever the catalog's size); otherwise from one pass over the matching listings. One FILTER aggregate per
   * option either way. That pass reads every match (110,000 for "sugar" in a million listings, about 300 ms), so
   * when it read more than EXACT_TOTAL_LIMIT listings its answer is kept for CAPPED_LIST_TTL_MS, like a capped
   * list's total: the counts beside a broad search's options may lag behind the catalog by up to a minute, while a
   * narrow search's are always counted afresh.
   */
  async facets(f: CatalogFilters): Promise<CatalogFacets> {
    const tsquery = f.search ? await resolveSearch(this.reads, f.search) : null;
    if (f.search && !tsquery) return emptyFacets();
    const statements = this.facetStatements(f, tsquery !== null);
    const params = { ...filterParams(f), tsquery };
    const key = `${filterShape(f)}:${JSON.stringify(params)}`;
    const known = statements.scansListings ? this.broadFacets.get(key) : undefined;
    if (known) return known;
    const [[row], [price]] = await Promise.all([
      statements.counts.execute(params),
      statements.price.execute(params),
    ]);
    const counts = (row ?? {}) as Record<string, number>;
    const facet = (name: keyof typeof FACET_OPTIONS) =>
      Object.fromEntries(FACET_OPTIONS[name].map((v, i) => [v, counts[`${name}_${i}`] ?? 0]));
    const dollars = (v: unknown) => (v === null || v === undefined ? null : fromCents(Number(v)));
    const facets: CatalogFacets = {
      variety: facet('variety'),
      form: facet('form'),
      cuttingSize: facet('cuttingSize'),
      pollination: facet('pollination'),
      organic: counts.organic ?? 0,
      pesticideFree: counts.pesticideFree ?? 0,
      inStock: counts.inStock ?? 0,
      price: { min: dollars(price?.min), max: dollars(price?.max) },
    };
    if (statements.scansListings && Number(counts.matches) > EXACT_TOTAL_LIMIT)
      this.broadFacets.set(key, facets);
    return facets;
  }

  /**
   * The facet statements for this set of filters: one FILTER aggregate per option, over catalog_facet_counts
   * when there is no search or price filter, else over the matching listings; and the price range as two index
   * lookups (min and max), not a scan.
   */
  private facetStatements(f: CatalogFilters, search: boolean): FacetStatements {
    return this.facetCache.get(`${filterShape(f)}_${search ? 1 : 0}`, () => {
      const tsquery = search ? sql.placeholder('tsquery') : null;
      const summary = !search && f.minPrice === null && f.maxPrice === null;
      const source = summary ? catalogFacetCounts : products;
      const measure = summary ? sql`sum(${catalogFacetCounts.n})` : sql`count(*)`;
      const conditions = filterConditions(f, source, bindPlaceholders);
      const countWhere = (...parts: Array<SQL | undefined>) =>
        sql<number>`coalesce(${measure} filter (where ${and(...parts) ?? sql`true`}), 0)`.mapWith(Number);
      const columns: Record<string, SQL<number>> = {};
      for (const [facet, values] of Object.entries(FACET_OPTIONS)) {
        const column = source[facet as keyof typeof FACET_OPTIONS];
        values.forEach((value, i) => {
          columns[`${facet}_${i}`] = countWhere(
            otherFilters(conditions, facet as FacetName),
            eq(column, value),
          );
        });
      }
      for (const facet of ['organic', 'pesticideFree', 'inStock'] as const) {
        columns[facet] = countWhere(otherFilters(conditions, facet), eq(source[facet], true));
      }
      const priceWhere = and(
        baseWhere(tsquery),
        otherFilters(filterConditions(f, products, bindPlaceholders), 'price'),
      ) as SQL;
      if (!summary) columns.matches = sql<number>`count(*)`.mapWith(Number);
      return {
        scansListings: !summary,
        counts: summary
          ? this.reads.select(columns).from(catalogFacetCounts).prepare('catalog_facets_summary')
          : this.reads
              .select(columns)
              .from(products)
              .where(baseWhere(tsquery))
              .prepare('catalog_facets_scan'),
        price: this.reads
          .select({
            min: sql<
              number | null
            >`(select min(${products.priceCents}) from ${products} where ${priceWhere})`,
            max: sql<
              number | null
            >`(select max(${products.priceCents}) from ${products} where ${priceWhere})`,
          })
          .from(sql`(select 1) as one`)
          .prepare('catalog_price_range'),
      };
    });
  }

  /** A visible listing; 404 when it does not exist or was archived. */
  async get(id: number): Promise<Product> {
    const [row] = await this.productById.execute({ id });
    if (!row) throw notFound('Product not found');
    return toProduct(row);
  }

  /** A seller's visible listings, newest first (the seller's own list; archived listings left out). */
  async bySeller(sellerId: number): Promise<Product[]> {
    const rows = await this.selectProducts()
      .where(and(eq(products.sellerId, sellerId), isNull(products.archivedAt)))
      .orderBy(desc(products.createdAt), desc(products.id));
    return rows.map(toProduct);
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
}
