import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/lib/utils';

/**
 * Rows the shape of a list of listings while it loads: a square picture and lines of text beside it (cart lines,
 * the seller's listings and orders). `lines` are the text lines' size classes, top to bottom.
 */
export function ThumbnailRowsSkeleton({
  label,
  rows = 3,
  className,
  rowClassName,
  thumbnailClassName,
  lines,
}: {
  /** What is loading, for screen readers ("Loading listings"). */
  label: string;
  rows?: number;
  className: string;
  rowClassName: string;
  thumbnailClassName: string;
  lines: readonly string[];
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <div key={i} className={rowClassName}>
          <Skeleton className={cn('shrink-0 rounded-lg', thumbnailClassName)} />
          <div className="grid flex-1 content-start gap-2">
            {lines.map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed.
              <Skeleton key={j} className={line} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
