import type { Product } from '@domain/catalog/responses';
import { PAGE_SIZE } from '@domain/constants';
import { zoneFit, zoneFitText } from '@domain/listings/hardiness';
import { holidayText } from '@domain/shipping/arrival';
import type { StateCode } from '@domain/shipping/states';
import type { HardinessZone } from '@domain/shipping/zones';
import { AlertCircle, Ban, SearchX, Sprout } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageMessage } from '@/components/PageMessage';
import { ProductCard, ProductCardSkeleton } from '@/components/ProductCard';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
import { hiddenByPlaceText } from './ShipsToSummary';

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

/**
 * The page of products, each card with its `action`; dimmed while the next page loads over it. With the buyer's place known (`place`), a listing
 * that may not go there says so on its card (seen when the "Ships to" filter is off); with their hardiness zone known
 * (`zone`), each card says how its variety fits it ("Container or greenhouse in zone 7b"); a nursery on a holiday pause's,
 * when it ships ("Ships after January 5").
 */
export function ProductGrid({
  products,
  stale,
  place = null,
  zone = null,
  action,
}: {
  products: readonly Product[];
  stale: boolean;
  place?: StateCode | null;
  zone?: HardinessZone | null;
  /** Each card's button (the cart's Add to Cart, from the page). */
  action: (product: Product) => ReactNode;
}) {
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
            action={action(product)}
            note={
              (place && product.blockedTo.includes(place)) || zone || product.seller.holidayUntil ? (
                <>
                  {product.seller.holidayUntil && (
                    <p className="text-xs font-medium">{holidayText(product.seller.holidayUntil)}</p>
                  )}
                  {place && product.blockedTo.includes(place) && (
                    <p className="flex items-center gap-1 text-sm font-medium text-destructive">
                      <Ban className="size-3.5 shrink-0" aria-hidden="true" />
                      Can't ship to {place}
                    </p>
                  )}
                  {zone && (
                    <p className="flex items-start gap-1 text-xs text-muted-foreground">
                      <Sprout className="mt-px size-3.5 shrink-0 text-cactus" aria-hidden="true" />
                      {zoneFitText(zoneFit(product.variety, zone), zone)}
                    </p>
                  )}
                </>
              ) : undefined
            }
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

/**
 * Nothing matches: Clear all filters goes back to the unfiltered page (the marketplace, or the storefront). When the "Ships to" filter hid what matched
 * (`shipsTo`), it says so, and Show all turns that filter off (issue 24).
 */
export function ProductsEmpty({
  onClear,
  shipsTo,
}: {
  onClear: () => void;
  shipsTo?: { place: string; hidden: number; showAllHref: string };
}) {
  const hiddenByPlace = shipsTo && shipsTo.hidden > 0 ? shipsTo : null;
  return (
    <PageMessage
      headingLevel="h3"
      icon={<SearchX className="size-12 text-muted-foreground" aria-hidden="true" />}
      title="No products found"
      action={
        <div className="flex flex-wrap justify-center gap-3">
          {hiddenByPlace && (
            <Button asChild>
              <Link href={hiddenByPlace.showAllHref}>Show all</Link>
            </Button>
          )}
          <Button variant="outline" onClick={onClear}>
            Clear all filters
          </Button>
        </div>
      }
    >
      {hiddenByPlace
        ? `None of the listings that match can ship to ${hiddenByPlace.place}: ${hiddenByPlaceText(hiddenByPlace.hidden)}.`
        : "We couldn't find any products that match your filters. Try adjusting your search criteria."}
    </PageMessage>
  );
}
