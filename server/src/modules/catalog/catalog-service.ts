import type { CatalogFacets, Product, ProductDetail, Storefront } from '@domain/catalog/responses';
import type { CatalogFilters, ProductListQuery } from '@domain/catalog/schemas';
import type { PaymentProviderId } from '@domain/payments';
import type { Db } from '../../db/connect';
import type { CatalogIndex, IndexedPage } from './catalog-index';
import { FacetCounts } from './facets';
import { ProductList, type ProductPage, RELEVANCE_WINDOW } from './list';
import { ProductReads } from './products';
import { type ResolvedSearch, resolveSearch } from './search';
import { Storefronts } from './storefront';

export { CAPPED_LIST_TTL_MS, type ProductPage } from './list';

export interface CatalogServiceOptions {
  /** With a search and the default sort, this many of the most popular matches are ordered by relevance. */
  relevanceWindow?: number;
  /** The clock of the capped-list and broad-facet caches, in milliseconds. */
  now?: () => number;
  /** The counts held in memory (docs/decisions/0041-catalog-facets-in-memory.md); without it, the statements count. */
  index?: CatalogIndex;
}

/**
 * The catalog's reads, one job per part: single listings and short lists of them (products.ts), the filtered
 * and sorted list (list.ts), the facet counts (the catalog index, catalog-index.ts, else facets.ts); search terms are resolved by search.ts and filters
 * become SQL in filters.ts.
 */
export class CatalogService {
  private readonly products: ProductReads;
  private readonly lists: ProductList;
  private readonly facetCounts: FacetCounts;
  private readonly storefronts: Storefronts;
  private readonly index: CatalogIndex | null;
  private readonly reads: Db;
  private readonly relevanceWindow: number;

  constructor(
    db: Db,
    /** The list and facet reads: planned for their parameters every time (Database.catalogDb). */
    reads: Db,
    /** The way of paying in force: each listing says whether its seller can be paid, so can be ordered from. */
    provider: PaymentProviderId,
    options: CatalogServiceOptions = {},
  ) {
    const now = options.now ?? Date.now;
    this.products = new ProductReads(db, provider);
    this.reads = reads;
    this.relevanceWindow = options.relevanceWindow ?? RELEVANCE_WINDOW;
    this.lists = new ProductList(reads, db, provider, this.relevanceWindow, now);
    this.facetCounts = new FacetCounts(reads, now);
    this.storefronts = new Storefronts(db);
    this.index = options.index ?? null;
  }

  /**
   * A page of listings; scoped to a seller, NotFound when the username is not a seller's. The catalog index, when
   * fresh, counts the matches and names the page's listings (with a search, among the search's matches), which are
   * then read by id.
   */
  async list(q: ProductListQuery): Promise<ProductPage> {
    const sellerId = await this.sellerOf(q);
    const index = await this.freshIndex();
    const resolved = q.search ? await this.resolve(q.search, index) : { tsquery: null };
    // A search word that matches no listing word: nothing can match.
    if (!resolved) return { items: [], total: 0, capped: false };
    const { tsquery } = resolved;
    let indexed: IndexedPage | null = null;
    if (index) {
      const matches = tsquery === null ? undefined : await index.matching(tsquery);
      const search = matches && { matches, window: this.relevanceWindow };
      indexed = index.page(q, sellerId, q.sort, (q.page - 1) * q.limit, q.limit, search);
    }
    return this.lists.list(q, sellerId, tsquery, indexed);
  }

  /**
   * The facets: from the catalog index when it is fresh (a search's matches read by id first), else from the
   * statements.
   */
  async facets(f: CatalogFilters): Promise<CatalogFacets> {
    const sellerId = await this.sellerOf(f);
    const index = await this.freshIndex();
    if (index) {
      const resolved = f.search ? await this.resolve(f.search, index) : { tsquery: null };
      // Unless no listing can match (the statements say so without reading any).
      if (resolved) {
        const matches = resolved.tsquery === null ? undefined : await index.matching(resolved.tsquery);
        const facets = index.facets(f, sellerId, matches);
        if (facets) return facets;
      }
    }
    return this.facetCounts.facets(f, sellerId);
  }

  /** The catalog index once it counts every change committed before now; null when it cannot. */
  private async freshIndex(): Promise<CatalogIndex | null> {
    const index = this.index;
    return index && (await index.fresh()) ? index : null;
  }

  /** A search term resolved (resolveSearch): kept by a fresh index until the next change, else read. */
  private resolve(term: string, index: CatalogIndex | null): Promise<ResolvedSearch | null> {
    return index
      ? index.resolve(term, () => resolveSearch(this.reads, term))
      : resolveSearch(this.reads, term);
  }

  /** A nursery's storefront (GET /api/sellers/:username); NotFound when the username is not a seller's. */
  storefront(username: string): Promise<Storefront> {
    return this.storefronts.get(username);
  }

  /** The id of the seller the filters are scoped to (null: the whole catalog). */
  private sellerOf(f: CatalogFilters): Promise<number | null> | null {
    return f.seller === null ? null : this.storefronts.sellerId(f.seller);
  }

  /** A visible listing; NotFound when it does not exist or was archived. */
  get(id: number): Promise<ProductDetail> {
    return this.products.detail(id);
  }

  /** A seller's visible listings, newest first. */
  bySeller(sellerId: number): Promise<Product[]> {
    return this.products.bySeller(sellerId);
  }

  /** Up to `limit` other visible listings like this one. */
  related(id: number, limit?: number): Promise<Product[]> {
    return this.products.related(id, limit);
  }
}
