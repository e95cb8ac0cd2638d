import type { Product } from '@domain/catalog/responses';

/** Listing stats: docs/product.md#entities. */
export interface ListingStats {
  total: number;
  inStock: number;
  /** Total minus in stock. */
  outOfStock: number;
  /** Distinct varieties. */
  varieties: number;
}

export function listingStats(products: readonly Pick<Product, 'inStock' | 'variety'>[]): ListingStats {
  const inStock = products.filter((p) => p.inStock).length;
  return {
    total: products.length,
    inStock,
    outOfStock: products.length - inStock,
    varieties: new Set(products.map((p) => p.variety)).size,
  };
}

/** The `count` most recently created listings, newest first. */
export function recentListings<T extends Pick<Product, 'createdAt' | 'id'>>(
  products: readonly T[],
  count: number,
): T[] {
  return [...products]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
    .slice(0, count);
}

export type StockFilter = 'all' | 'in-stock' | 'out-of-stock';

export const STOCK_FILTER_LABELS: Record<StockFilter, string> = {
  all: 'All Products',
  'in-stock': 'In Stock',
  'out-of-stock': 'Out of Stock',
};

/** The listings whose title or variety contains the search text (any case) and that pass the stock filter. */
export function filterListings<T extends Pick<Product, 'title' | 'variety' | 'inStock'>>(
  products: readonly T[],
  search: string,
  stock: StockFilter,
): T[] {
  const term = search.trim().toLocaleLowerCase();
  return products.filter(
    (p) =>
      (term === '' ||
        p.title.toLocaleLowerCase().includes(term) ||
        p.variety.toLocaleLowerCase().includes(term)) &&
      (stock === 'all' || (stock === 'in-stock' ? p.inStock : !p.inStock)),
  );
}
