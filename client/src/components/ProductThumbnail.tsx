import type { Product } from '@domain/catalog/responses';
import { cn } from '@/lib/utils';
import { listingImage } from './listing-image';

/**
 * A listing's small square picture beside its title (cart lines, order lines, the seller's lists): decorative
 * (the title next to it names the listing), sized so nothing shifts, loaded lazily. `size` is the pixel size
 * it is drawn at, and `className` its Tailwind size classes. Given the `listing`, it shows its cover photo and falls
 * back to its illustration; given only `src`, it shows that.
 */
export function ProductThumbnail({
  src,
  listing,
  size,
  className,
}: {
  src?: string;
  listing?: Pick<Product, 'id' | 'variety' | 'form' | 'shipsAs' | 'imageUrl' | 'cover'>;
  size: number;
  className: string;
}) {
  const picture = listing ? listingImage(listing) : { src };
  return (
    <img
      {...picture}
      sizes={listing?.cover ? `${size}px` : undefined}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cn('shrink-0 rounded-lg bg-muted object-cover', className)}
    />
  );
}
