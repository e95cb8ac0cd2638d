import {
  type CatalogFilters,
  destinationFilters,
  flagFilters,
  hiddenKey,
  isSet,
  listFilters,
  rangeFilters,
} from '@domain/catalog/filters';
import type { CatalogFacets } from '@domain/catalog/responses';
import { EXACT_TOTAL_LIMIT } from '@domain/catalog/schemas';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { catalogFacetCounts, products } from '../../db/schema';
import { ExpiringCache } from './expiring-cache';
import {
  baseWhere,
  bindPlaceholders,
  type FacetName,
  filterColumn,
  filterConditions,
  filterParams,
  filterShape,
  otherFilters,
  summaryAnswers,
  summaryFrom,
} from './filters';
import { CAPPED_LIST_TTL_MS, CAPPED_LISTS } from './list';
import { resolveSearch } from './search';
import { type Statement, StatementCache } from './statement-cache';

interface FacetStatements {
  /**
   * Whether the counts read the matching listings (a search, or a filter the summary lacks) rather than
   * catalog_facet_counts; then they also count the listings they read (`matches`: the search's matches, every
   * other filter aside).
   */
  scansListings: boolean;
  counts: Statement<Record<string, number>>;
  /** Each range's extent among the listings matching the other filters: `<key>_min`, `<key>_max`. */
  ranges: Statement<Record<string, number | null>>;
}

/** The answer's keys: one count per list option (`<key>_<index>`), per flag and per destination set (`<key>`). */
const optionKey = (key: string, index: number) => `${key}_${index}`;

/** Builds the facets from the counts and ranges read (absent ones as zero and null). */
function toFacets(counts: Record<string, unknown>, ranges: Record<string, unknown>): CatalogFacets {
  const facets: Record<string, unknown> = {};
  for (const f of listFilters)
    facets[f.key] = Object.fromEntries(
      f.options.map((o, i) => [o.value, Number(counts[optionKey(f.key, i)] ?? 0)]),
    );
  for (const f of flagFilters) facets[f.key] = Number(counts[f.key] ?? 0);
  for (const f of destinationFilters) {
    facets[f.key] = counts[f.key] == null ? null : Number(counts[f.key]);
    const hidden = counts[hiddenKey(f.key)];
    facets[hiddenKey(f.key)] = hidden == null ? null : Number(hidden);
  }
  for (const f of rangeFilters) {
    const bound = (v: unknown) => (v === null || v === undefined ? null : f.fromColumn(Number(v)));
    facets[f.key] = { min: bound(ranges[`${f.key}_min`]), max: bound(ranges[`${f.key}_max`]) };
  }
  // Built from the filter table, entry by entry: the type says what the table gives.
  return facets as CatalogFacets;
}

/**
 * GET /api/products/facets: for every option of every filter, how many listings match with it applied and the
 * other filters as they are; and each range's extent.
 */
export class FacetCounts {
  private readonly statements = new StatementCache<FacetStatements>();
  /** The facets of broad searches and price filters, by their filters and resolved search (see facets()). */
  private readonly broadFacets: ExpiringCache<CatalogFacets>;

  constructor(
    /** The catalog read pool (Database.catalogDb). */
    private readonly reads: Db,
    now: () => number = Date.now,
  ) {
    this.broadFacets = new ExpiringCache(CAPPED_LIST_TTL_MS, CAPPED_LISTS, now);
  }

  /**
   * Without a search or a filter the summary lacks (a price), the counts come from catalog_facet_counts (a few
   * thousand rows at most, whatever the catalog's size); otherwise from one pass over the matching listings. One
   * FILTER aggregate per option either way. That pass reads every match (110,000 for "sugar" in a million
   * listings, about 300 ms), so when it read more than EXACT_TOTAL_LIMIT listings its answer is kept for
   * CAPPED_LIST_TTL_MS, like a capped list's total: the counts beside a broad search's options may lag behind the
   * catalog by up to a minute, while a narrow search's are always counted afresh. Scoped to a seller (`f.seller`),
   * `sellerId` is that seller's id.
   */
  async facets(f: CatalogFilters, sellerId: number | null = null): Promise<CatalogFacets> {
    const resolved = f.search ? await resolveSearch(this.reads, f.search) : { tsquery: null };
    if (!resolved) return toFacets({}, {});
    // Null also for a search naming dragon fruit and nothing else: the facets of every listing.
    const { tsquery } = resolved;
    const shape = filterShape(f);
    const statements = this.facetStatements(f, shape, tsquery !== null);
    const params = { ...filterParams(f, sellerId), tsquery };
    const key = statements.scansListings ? `${shape}:${JSON.stringify(params)}` : null;
    const known = key ? this.broadFacets.get(key) : undefined;
    if (known) return known;
    const [[counts], [ranges]] = await Promise.all([
      statements.counts.execute(params),
      statements.ranges.execute(params),
    ]);
    const facets = toFacets(counts ?? {}, ranges ?? {});
    if (key && Number(counts?.matches) > EXACT_TOTAL_LIMIT) this.broadFacets.set(key, facets);
    return facets;
  }

  /**
   * The facet statements for this set of filters: one FILTER aggregate per option, over catalog_facet_counts
   * when it can answer, else over the matching listings; and each range's extent as two index lookups (min and
   * max), not a scan.
   */
  private facetStatements(f: CatalogFilters, shape: string, search: boolean): FacetStatements {
    return this.statements.get(`${shape}_${search ? 1 : 0}`, () => {
      const tsquery = search ? sql.placeholder('tsquery') : null;
      const summary = !search && summaryAnswers(f, catalogFacetCounts);
      const source = summary ? catalogFacetCounts : products;
      const measure = summary ? sql`sum(${catalogFacetCounts.n})` : sql`count(*)`;
      const conditions = filterConditions(f, source, bindPlaceholders);
      const countWhere = (...parts: Array<SQL | undefined>) =>
        sql<number>`coalesce(${measure} filter (where ${and(...parts) ?? sql`true`}), 0)`.mapWith(Number);
      const columns: Record<string, SQL<number>> = {};
      for (const filter of listFilters) {
        const column = filterColumn(source, filter);
        if (!column) continue;
        filter.options.forEach((option, i) => {
          columns[optionKey(filter.key, i)] = countWhere(
            otherFilters(conditions, filter.key as FacetName),
            eq(column, option.value),
          );
        });
      }
      for (const filter of flagFilters) {
        const column = filterColumn(source, filter);
        if (column) columns[filter.key] = countWhere(otherFilters(conditions, filter.key), eq(column, true));
      }
      // A destination is counted only when set (a place to count for), with itself applied like every count: over
      // the summary that is its FROM (summaryFrom), over listings its condition. What it hides is counted too: over
      // the summary, the rows summaryFrom subtracts (catalog_blocked_counts', negative there); over listings, those
      // matching every other filter but not it.
      for (const filter of destinationFilters) {
        if (!isSet(filter, f)) continue;
        columns[filter.key] = countWhere(otherFilters(conditions));
        const others = otherFilters(conditions, filter.key as FacetName);
        columns[hiddenKey(filter.key)] = summary
          ? sql<number>`coalesce(-sum(${catalogFacetCounts.n}) filter (where ${and(sql`${catalogFacetCounts.n} < 0`, others)}), 0)`.mapWith(
              Number,
            )
          : countWhere(others, sql`not (${conditions[filter.key as FacetName]})`);
      }
      if (!summary) columns.matches = sql<number>`count(*)`.mapWith(Number);
      return {
        scansListings: !summary,
        counts: summary
          ? this.reads
              .select(columns)
              .from(summaryFrom(f, bindPlaceholders))
              .prepare('catalog_facets_summary')
          : this.reads
              .select(columns)
              .from(products)
              .where(baseWhere(f, tsquery))
              .prepare('catalog_facets_scan'),
        ranges: this.rangeStatement(f, tsquery),
      };
    });
  }

  /** Each range's lowest and highest value among the listings that match every other filter. */
  private rangeStatement(f: CatalogFilters, tsquery: unknown): Statement<Record<string, number | null>> {
    const conditions = filterConditions(f, products, bindPlaceholders);
    const extent: Record<string, SQL<number | null>> = {};
    for (const filter of rangeFilters) {
      const column = filterColumn(products, filter);
      const where = and(baseWhere(f, tsquery), otherFilters(conditions, filter.key)) as SQL;
      extent[`${filter.key}_min`] = sql<
        number | null
      >`(select min(${column}) from ${products} where ${where})`;
      extent[`${filter.key}_max`] = sql<
        number | null
      >`(select max(${column}) from ${products} where ${where})`;
    }
    return this.reads.select(extent).from(sql`(select 1) as one`).prepare('catalog_price_range');
  }
}
