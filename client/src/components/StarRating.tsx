import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

const STARS = [0, 1, 2, 3, 4] as const;

/** Five stars filled to the average (to the exact fraction), read out as "Rated 4.3 out of 5". */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const clamped = Math.min(5, Math.max(0, value));
  const rounded = Math.round(clamped * 10) / 10;
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      className={cn('relative inline-flex shrink-0', className)}
    >
      <span className="flex text-star-empty" aria-hidden="true">
        {STARS.map((i) => (
          <Star key={i} className="size-[1em]" strokeWidth={1.5} />
        ))}
      </span>
      <span
        className="absolute inset-y-0 left-0 flex overflow-hidden text-star"
        style={{ width: `${(clamped / 5) * 100}%` }}
        aria-hidden="true"
      >
        {STARS.map((i) => (
          <Star key={i} className="size-[1em] shrink-0 fill-current" strokeWidth={1.5} />
        ))}
      </span>
    </span>
  );
}

/** "(12 reviews)" or "(1 review)". */
export function reviewCountLabel(count: number): string {
  return `(${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'})`;
}

/** The real rating (docs/product.md#real-features, item 1): stars, the average and "(N reviews)", or "No reviews yet". */
export function RatingSummary({
  rating,
  className,
  as: Tag = 'p',
}: {
  rating: { average: number | null; count: number };
  className?: string;
  /** 'span' inside a button or another paragraph. */
  as?: 'p' | 'span';
}) {
  if (rating.average === null || rating.count === 0) {
    return <Tag className={cn('text-sm text-muted-foreground', className)}>No reviews yet</Tag>;
  }
  return (
    <Tag className={cn('flex items-center gap-1.5 text-sm', className)}>
      <StarRating value={rating.average} />
      <span className="font-medium tabular-nums">{rating.average.toFixed(1)}</span>
      <span className="text-muted-foreground">{reviewCountLabel(rating.count)}</span>
    </Tag>
  );
}
