import { cn } from '@/lib/utils';

/**
 * A listing's small square picture beside its title (cart lines, order lines, the seller's lists): decorative
 * (the title next to it names the listing), sized so nothing shifts, loaded lazily. `size` is the pixel size
 * it is drawn at, and `className` its Tailwind size classes.
 */
export function ProductThumbnail({ src, size, className }: { src: string; size: number; className: string }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cn('shrink-0 rounded-lg bg-muted object-cover', className)}
    />
  );
}
