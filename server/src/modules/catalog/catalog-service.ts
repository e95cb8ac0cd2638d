import type { CatalogFacets, Product, ProductDetail, Storefront } from '@domain/catalog/responses';
import type { CatalogFilters, ProductListQuery } from '@domain/catalog/schemas';
import type { PaymentProviderId } from '@domain/payments';
import type { Db } from '../../db/connect';
import { FacetCounts } from './facets';
import { ProductList, type ProductPage } from './list';
import { ProductReads } from './products';
import { Storefronts } from './storefront';

export { CAPPED_LIST_TTL_MS, type ProductPage } from './list';

/**
 * The catalog's reads, one job per part: single listings and short lists of them (products.ts), the filtered
 * and sorted list (list.ts), the facet counts (facets.ts); search terms are resolved by search.ts and filters
 * become SQL in filters.ts.
 */
export class CatalogService {
  private readonly products: ProductReads;
  private readonly lists: ProductList;
  private readonly facetCounts: FacetCounts;
  private readonly storefronts: Storefronts;

  constructor(
    db: Db,
    /** The list and facet reads: planned for their parameters every time (Database.catalogDb). */
    reads: Db,
    /** The way of paying in force: each listing says whether its seller can be paid, so can be ordered from. */
    provider: PaymentProviderId,
    /** With a search and the default sort, this many of the most popular matches are ordered by relevance. */
    relevanceWindow?: number,
    /** The clock of the capped-list and broad-facet caches, in milliseconds. */
    now: () => number = Date.now,
  ) {
    this.products = new ProductReads(db, provider);
    this.lists = new ProductList(reads, provider, relevanceWindow, now);
    this.facetCounts = new FacetCounts(reads, now);
    this.storefronts = new Storefronts(db);
  }

  /** A page of listings; scoped to a seller, NotFound when the username is not a seller's. */
  async list(q: ProductListQuery): Promise<ProductPage> {
    return this.lists.list(q, await this.sellerOf(q));
  }

  async facets(f: CatalogFilters): Promise<CatalogFacets> {
    return this.facetCounts.facets(f, await this.sellerOf(f));
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
