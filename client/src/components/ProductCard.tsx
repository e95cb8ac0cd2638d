import type { Product } from '@domain/catalog/responses';
import { FORM_LABELS, VARIETY_BADGES, type Variety } from '@domain/constants';
import { formatUSD } from '@domain/money';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { listingImage } from '@/components/listing-image';
import { RatingSummary } from '@/components/StarRating';
import { TextSeparator } from '@/components/TextSeparator';
import { Badge, type BadgeProps } from '@/components/ui/Badge';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/lib/utils';

const BADGE_VARIANTS: Record<string, BadgeProps['variant']> = {
  POPULAR: 'default',
  'BEST SELLER': 'cactus',
  NEW: 'secondary',
};

/** "Sugar Dragon cutting", "Dark Star mature plant": what the illustration shows. */
export function productImageAlt(product: Pick<Product, 'variety' | 'form'>): string {
  return `${product.variety} ${FORM_LABELS[product.form].toLowerCase()}`;
}

/** The variety's badge (POPULAR, BEST SELLER, NEW), if it has one. */
export function VarietyBadge({ variety, className }: { variety: string; className?: string }) {
  const label = VARIETY_BADGES[variety as Variety];
  if (!label) return null;
  return (
    <Badge variant={BADGE_VARIANTS[label] ?? 'default'} className={cn('shadow-sm', className)}>
      {label}
    </Badge>
  );
}

/**
 * A listing in a grid (two columns on a phone, so a card is about 160 px wide there: the price stands above a
 * full-width button, the rating may wrap): picture (4:3, lazy, sized so nothing shifts), variety badge, title linking to the
 * product page (the whole card is its click target), variety and form, the real rating, the seller's
 * location, price and `action` (the listing pages pass their Add to Cart button: the card is shared UI and knows
 * no feature, docs/architecture.md#import-rules). The first card of a page (`first`) is likely the largest thing
 * on the first screen: its picture loads at once, and first.
 */
export function ProductCard({
  product,
  action,
  note,
  className,
  first = false,
}: {
  product: Product;
  action: ReactNode;
  /** A line above the price, e.g. the listing page's "Can't ship to CA". */
  note?: ReactNode;
  className?: string;
  first?: boolean;
}) {
  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        className,
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <img
          {...listingImage(product)}
          // Two columns on a phone, three or four from 640 px: a card is at most about 400 px wide.
          sizes="(min-width: 640px) 400px, 50vw"
          alt={productImageAlt(product)}
          width={400}
          height={300}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
        <VarietyBadge variety={product.variety} className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {product.variety}
          <TextSeparator />
          {FORM_LABELS[product.form]}
        </p>
        <h3 className="font-sans text-sm leading-snug font-semibold [overflow-wrap:anywhere] sm:text-base">
          <Link
            href={`/product/${product.id}`}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-primary"
          >
            {product.title}
          </Link>
        </h3>
        <RatingSummary rating={product.rating} className="flex-wrap gap-y-0.5" />
        {product.seller.location && (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">Seller location:</span>
            <span className="truncate">{product.seller.location}</span>
          </p>
        )}
        {note}
        <div className="mt-auto flex flex-col items-stretch gap-2 pt-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
          <p className="text-lg font-semibold tabular-nums">{formatUSD(product.price)}</p>
          {action}
        </div>
      </div>
    </article>
  );
}

/** A card's shape while the products load. */
export function ProductCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm" aria-hidden="true">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="grid gap-3 p-3 sm:p-4">
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-5 w-5/6" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-2/5" />
        <div className="flex flex-col gap-2 pt-2 sm:flex-row sm:items-center sm:justify-between">
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-9 w-full sm:w-28" />
        </div>
      </div>
    </div>
  );
}
