import type { Product } from '@domain/catalog/schemas';
import { PAGE_SIZE } from '@domain/constants';
import { AlertCircle, SearchX } from 'lucide-react';
import { PageMessage } from '@/components/PageMessage';
import { ProductCard, ProductCardSkeleton } from '@/components/ProductCard';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
import { AddToCartButton } from './AddToCartButton';

/** Two columns from the narrowest phone (as shops do), three on a wide screen beside the filters. */
const GRID = 'grid grid-cols-2 gap-3 sm:gap-6 xl:grid-cols-3';

/** Six card skeletons while the first page loads (docs/product.md#constants). */
export function ProductGridSkeleton() {
  return (
    <div role="status" aria-label="Loading products" className={GRID}>
      {Array.from({ length: PAGE_SIZE }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered.
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** The page of products; dimmed while the next page loads over it. */
export function ProductGrid({ products, stale }: { products: readonly Product[]; stale: boolean }) {
  return (
    <ul
      aria-label="Products"
      aria-busy={stale || undefined}
      className={cn(GRID, 'transition-opacity', stale && 'opacity-60')}
    >
      {products.map((product, i) => (
        <li key={product.id} className="flex">
          <ProductCard
            product={product}
            action={<AddToCartButton product={product} />}
            className="w-full"
            first={i === 0}
          />
        </li>
      ))}
    </ul>
  );
}

/** The products could not be loaded: Retry reloads the page (docs/product.md#states). */
export function ProductsError() {
  return (
    <PageMessage
      headingLevel="h3"
      icon={<AlertCircle className="size-12 text-destructive" aria-hidden="true" />}
      title="Error loading products"
      action={<Button onClick={() => window.location.reload()}>Retry</Button>}
    >
      There was a problem fetching the products. Please try again later
    </PageMessage>
  );
}

/** Nothing matches: Clear all filters goes to /marketplace. */
export function ProductsEmpty({ onClear }: { onClear: () => void }) {
  return (
    <PageMessage
      headingLevel="h3"
      icon={<SearchX className="size-12 text-muted-foreground" aria-hidden="true" />}
      title="No products found"
      action={
        <Button variant="outline" onClick={onClear}>
          Clear all filters
        </Button>
      }
    >
      We couldn't find any products that match your filters. Try adjusting your search criteria.
    </PageMessage>
  );
}
