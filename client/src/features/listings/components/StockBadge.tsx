import { Badge } from '@/components/ui/Badge';
import { cn } from '@/lib/utils';

/** "In Stock" (cactus green) or "Out of Stock" (outlined, muted). */
export function StockBadge({ inStock, className }: { inStock: boolean; className?: string }) {
  return inStock ? (
    <Badge variant="cactus" className={className}>
      In Stock
    </Badge>
  ) : (
    <Badge variant="outline" className={cn('text-muted-foreground', className)}>
      Out of Stock
    </Badge>
  );
}
