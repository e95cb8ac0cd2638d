import type { Product } from '@domain/catalog/responses';
import { EXACT_TOTAL_LIMIT, type ProductListQuery } from '@domain/catalog/schemas';
import type { PaymentProviderId } from '@domain/payments';
import { count, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { catalogFacetCounts, products } from '../../db/schema';
import type { IndexedPage } from './catalog-index';
import { ExpiringCache } from './expiring-cache';
import {
  bindPlaceholders,
  filterConditions,
  filterParams,
  filterShape,
  filterWhere,
  otherFilters,
  summaryAnswers,
  summaryFrom,
} from './filters';
import { type ProductRow, selectProducts, selectProductsMeeting, toProduct } from './products';
import { searchRank } from './search';
import { type Statement, StatementCache } from './statement-cache';

/** A listing read by id, with whether it still meets every condition of its list. */
type CheckedRow = ProductRow & { meets: boolean };

/** The default relevance window: enough for 80 pages of 6, cheap to rank (about 1 ms). */
export const RELEVANCE_WINDOW = 500;

/**
 * How long a list whose count came out above EXACT_TOTAL_LIMIT is answered "capped" without counting again, and
 * its relevance window's order reused; also how long a broad search's facets are kept (facets.ts). Proving "more
 * than 10,000" for a broad search costs 50 to 100 ms at a million listings and changes slowly; a minute bounds how
 * long a "10000+" may outlive a drop to 10,000 or fewer matches, and how long the window's order may lag behind
 * sales (see docs/decisions/0012-catalog-broad-searches.md). Exact totals are never kept.
 */
export const CAPPED_LIST_TTL_MS = 60_000;
/** At most this many capped lists (or broad facets) are kept (a list holds up to RELEVANCE_WINDOW ids): about 2 MB. */
export const CAPPED_LISTS = 500;
/**
 * Rows-by-id statements kept (ProductList.byIds): one per filter shape and search, a few thousand in all (each list
 * set or not, to one option or more, each flag, the price's two bounds, a seller), each a few kilobytes.
 */
const BY_ID_STATEMENTS_KEPT = 4_096;

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

interface ListStatements {
  page: Statement<ProductRow>;
  /** Only with a search and the default (relevance) sort: the ids of the relevance window, in order. */
  ranked: Statement<{ id: number }> | null;
  /**
   * With `ranked`: the same window read from the matches themselves (the full-text index) rather than by walking
   * the popularity index, each id with the number of matches (`n`, up to EXACT_TOTAL_LIMIT + 1; no row when none
   * match): a search's first read, which answers its count too (see list). Right for EXACT_TOTAL_LIMIT matches or
   * fewer; above that the window is `ranked`'s.
   */
  rankedFew: Statement<{ id: number; n?: number }> | null;
  count: Statement<{ n: number }>;
  /** Whether `count` reads listings (a search or a filter the summary lacks), rather than catalog_facet_counts. */
  countsListings: boolean;
}

/** Best sellers first, then the newest; matches products_popularity_idx (same columns, direction and nulls). */
function popularityOrder(): SQL[] {
  return [
    sql`${products.unitsSold} desc nulls last`,
    sql`${products.createdAt} desc nulls last`,
    sql`${products.id} desc nulls last`,
  ];
}

/** The ORDER BY of each sort; each matches an index. A search's relevance order is ProductList.relevancePage. */
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

/** The rows of `ids` that still match (byIds), in the order of `ids`. */
async function rowsInOrder(
  byIds: Statement<CheckedRow>,
  params: Record<string, unknown>,
  ids: number[],
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = (await byIds.execute({ ...params, ids })).filter((r) => r.meets);
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

/** A page of these rows, out of `matches` listings (reported capped above EXACT_TOTAL_LIMIT). */
function pageOf(rows: ProductRow[], matches: number): ProductPage {
  return {
    items: rows.map((r) => toProduct(r)),
    total: Math.min(matches, EXACT_TOTAL_LIMIT),
    capped: matches > EXACT_TOTAL_LIMIT,
  };
}

async function countOf(rows: Promise<Array<{ n: number }>>): Promise<number> {
  const [row] = await rows;
  return Number(row?.n ?? 0);
}

/** GET /api/products: a page of the matching listings in the chosen order, and how many match. */
export class ProductList {
  private readonly statements = new StatementCache<ListStatements>();
  /**
   * The listings among `ids` that still match (fresh rows, whatever ids were cached or counted): the relevance
   * window's, or a page the catalog index found. By filter shape and search, not sort (the order is the ids'), and
   * kept apart from the other statements: a list the index answers builds this one alone, and the few thousand
   * shapes of random filter sets fit (with the sorts they had overflowed the list statements' cache, and each miss
   * rebuilt every statement: a fifth of a list's CPU at 100,000 listings).
   */
  private readonly byIdStatements = new StatementCache<Statement<CheckedRow>>(BY_ID_STATEMENTS_KEPT);
  /** Lists whose count came out capped, by their filters and resolved search (see CAPPED_LIST_TTL_MS). */
  private readonly cappedLists: ExpiringCache<CappedList>;

  constructor(
    /** The catalog read pool: planned for their parameters every time (Database.catalogDb). */
    private readonly reads: Db,
    /**
     * The statement pool (Database.db), whose prepared statements may take generic plans, for the reads no value
     * changes the plan of, which need not be planned again on every request: a list with no filter and no search (a
     * page of the whole catalog in one of the sorts' indexes; see listStatements), and rows read by id (byIds).
     */
    private readonly generic: Db,
    /** The way of paying in force: whether each listing's seller can be paid (products.ts). */
    private readonly provider: PaymentProviderId,
    /** With a search and the default sort, this many of the most popular matches are ordered by relevance. */
    private readonly relevanceWindow = RELEVANCE_WINDOW,
    /** The clock of the capped-list cache, in milliseconds. */
    now: () => number = Date.now,
  ) {
    this.cappedLists = new ExpiringCache(CAPPED_LIST_TTL_MS, CAPPED_LISTS, now);
  }

  /**
   * The page `q` asks for; scoped to a seller (`q.seller`), `sellerId` is that seller's id; `tsquery` is its search
   * resolved (resolveSearch), null without a search or for one naming dragon fruit and nothing else ("pitaya"), which
   * every listing matches. `indexed`: what the catalog index knew (docs/decisions/0041-catalog-facets-in-memory.md):
   * how many listings match, and the ids of the page, whose rows are then read by id.
   */
  async list(
    q: ProductListQuery,
    sellerId: number | null,
    tsquery: string | null,
    indexed: IndexedPage | null = null,
  ): Promise<ProductPage> {
    const shape = filterShape(q);
    const search = tsquery !== null;
    const params = { ...filterParams(q, sellerId), tsquery };
    const byIds = this.byIds(q, shape, search);
    // Read again with every condition: a listing changed since it was counted is left out of its page.
    if (indexed) return pageOf(await rowsInOrder(byIds, params, indexed.ids), indexed.total);
    const statements = this.listStatements(q, shape, search);
    const offset = (q.page - 1) * q.limit;
    // Filter flags are in the shape, their values and the search in params; the sort and page change no count.
    const key = statements.countsListings ? `${shape}:${JSON.stringify(params)}` : null;
    const known = key ? this.cappedLists.get(key) : undefined;
    if (statements.ranked && statements.rankedFew && !known) {
      // A search in relevance order not known to be broad: one read ranks the window from the matches and counts
      // them. With more than EXACT_TOTAL_LIMIT, the window is the most popular matches' instead (relevancePage).
      const few = await statements.rankedFew.execute(params);
      const total = few.length ? Number(few[0]?.n) : 0;
      const broad = total > EXACT_TOTAL_LIMIT;
      const { rows, windowIds } = await this.relevancePage(
        statements,
        byIds,
        params,
        offset,
        q.limit,
        broad ? null : few.map((r) => Number(r.id)),
      );
      if (key && broad) this.cappedLists.set(key, { windowIds });
      return pageOf(rows, total);
    }
    const total = known ? EXACT_TOTAL_LIMIT + 1 : countOf(statements.count.execute(params));
    const [{ rows, windowIds }, matches] = await Promise.all([
      statements.ranked
        ? // A broad search (known): its window is kept once ranked.
          this.relevancePage(statements, byIds, params, offset, q.limit, known?.windowIds ?? null)
        : statements.page
            .execute({ ...params, limit: q.limit, offset })
            .then((rows) => ({ rows, windowIds: null })),
      total,
    ]);
    if (known) known.windowIds ??= windowIds;
    else if (key && matches > EXACT_TOTAL_LIMIT) this.cappedLists.set(key, { windowIds });
    return pageOf(rows, matches);
  }

  /**
   * A page in relevance order: the relevanceWindow most popular matches ranked by relevance (ts_rank), then the
   * other matches by popularity. Ranking every match would read them all (110,000 for "sugar" in a million
   * listings); the window bounds the work while keeping one total order, so pages neither repeat nor skip.
   */
  private async relevancePage(
    { ranked, page }: Pick<ListStatements, 'page' | 'ranked'>,
    byIds: Statement<CheckedRow>,
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
      return { rows: await rowsInOrder(byIds, params, ids), windowIds };
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
  private listStatements(q: ProductListQuery, shape: string, search: boolean): ListStatements {
    return this.statements.get(`${shape}_${q.sort}_${search ? 1 : 0}`, () =>
      this.buildListStatements(q, search, !search && /^0*$/.test(shape) ? this.generic : this.reads),
    );
  }

  private byIds(q: ProductListQuery, shape: string, search: boolean): Statement<CheckedRow> {
    return this.byIdStatements.get(`${shape}_${search ? 1 : 0}`, () => {
      const where = filterWhere(q, search ? sql.placeholder('tsquery') : null, bindPlaceholders);
      // Only the ids are filtered on: every condition is computed for each row, so the plan, generic as it may be,
      // reads them by id.
      return selectProductsMeeting(this.generic, this.provider, where)
        .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`)
        .prepare('catalog_by_ids');
    });
  }

  private buildListStatements(q: ProductListQuery, search: boolean, db: Db): ListStatements {
    const tsquery = search ? sql.placeholder('tsquery') : null;
    const where = filterWhere(q, tsquery, bindPlaceholders);
    const relevance = search && q.sort === 'popularity';
    const countsListings = search || !summaryAnswers(q, catalogFacetCounts);
    return {
      // With a search and the relevance sort this is the order after the relevance window (see relevancePage).
      page: this.pageStatement(db, q, where),
      ranked: relevance ? this.rankedStatement(where, tsquery, false) : null,
      rankedFew: relevance ? this.rankedStatement(where, tsquery, true) : null,
      count: this.countStatement(db, q, countsListings, where),
      countsListings,
    };
  }

  /**
   * A page: the ids of its listings first (offset and limit applied to the ids alone), then their rows. Skipping to
   * a later page walks the sort's index past every earlier match; over the ids alone that walk needs no row when
   * the index holds every column the filters read (an index-only scan: one variety in stock by popularity reads
   * products_variety_popularity_idx), and only the page's own rows are read whole.
   */
  private pageStatement(db: Db, q: ProductListQuery, where: SQL): Statement<ProductRow> {
    const ids = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...orderBy(q))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return selectProducts(db, this.provider)
      .where(sql`${products.id} = any(array(${ids}))`)
      .orderBy(...orderBy(q))
      .prepare('catalog_page');
  }

  /**
   * The number of matches. Without a search or a filter the summary lacks (a price), every condition is one
   * catalog_facet_counts can answer: the sum over the matching combinations of its columns (a few hundred rows at
   * most, whatever the catalog's size; its triggers keep it exact), never reading products. Otherwise the matching
   * listings are counted, stopping one past EXACT_TOTAL_LIMIT, so a broad filter never pays a full count.
   */
  private countStatement(
    db: Db,
    q: ProductListQuery,
    countsListings: boolean,
    where: SQL,
  ): Statement<{ n: number }> {
    if (!countsListings) {
      const conditions = otherFilters(filterConditions(q, catalogFacetCounts, bindPlaceholders));
      return db
        .select({ n: sql<number>`coalesce(sum(${catalogFacetCounts.n}), 0)::int` })
        .from(summaryFrom(q, bindPlaceholders))
        .where(conditions)
        .prepare('catalog_count_summary');
    }
    return db
      .select({ n: count() })
      .from(
        db
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
  private rankedStatement(where: SQL, tsquery: unknown, few: boolean): Statement<{ id: number; n?: number }> {
    const columns = {
      id: products.id,
      unitsSold: products.unitsSold,
      createdAt: products.createdAt,
      searchVector: products.searchVector,
    };
    // With few matches, walking the popularity index would read most of the catalog to find them (the planner
    // cannot tell "rooted 81629" from "rooted": 4.7 s at a million listings): the matches are read first (their
    // LIMIT, which they are within, keeps the planner from merging that read with the ORDER BY), then the most
    // popular of them taken.
    const matches = few
      ? this.reads.$with('matches').as(
          this.reads
            .select(columns)
            .from(products)
            .where(where)
            .limit(EXACT_TOTAL_LIMIT + 1),
        )
      : null;
    const top = (
      matches
        ? this.reads
            .select({
              id: matches.id,
              unitsSold: matches.unitsSold,
              createdAt: matches.createdAt,
              searchVector: matches.searchVector,
            })
            .from(matches)
            .orderBy(
              sql`${matches.unitsSold} desc nulls last`,
              sql`${matches.createdAt} desc nulls last`,
              sql`${matches.id} desc nulls last`,
            )
        : this.reads
            .select(columns)
            .from(products)
            .where(where)
            .orderBy(...popularityOrder())
    )
      .limit(this.relevanceWindow)
      .as('top');
    return (matches ? this.reads.with(matches) : this.reads)
      .select({
        id: top.id,
        ...(matches ? { n: sql<number>`(select count(*) from ${matches})::int`.as('n') } : {}),
      })
      .from(top)
      .orderBy(
        sql`${searchRank(tsquery, top.searchVector)} desc`,
        sql`${top.unitsSold} desc nulls last`,
        sql`${top.createdAt} desc nulls last`,
        sql`${top.id} desc nulls last`,
      )
      .prepare(few ? 'catalog_ranked_few' : 'catalog_ranked');
  }
}
