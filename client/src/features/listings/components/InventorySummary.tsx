import { AlertCircle, CircleCheck, CircleX, Leaf, type LucideIcon, Package } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import type { ListingStats } from '../stats';

interface InventorySummaryProps {
  /** Null while the listings load, or when they could not be loaded. */
  stats: ListingStats | null;
  /** The listings could not be loaded: each card shows a dash and the section offers a retry. */
  failed: boolean;
  onRetry: () => void;
}

/** The dashboard's four counts over the seller's listings (docs/product.md#entities). */
export function InventorySummary({ stats, failed, onRetry }: InventorySummaryProps) {
  return (
    <section aria-label="Inventory summary" className="mt-8">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          icon={Package}
          title="Total Products"
          value={stats?.total}
          note="products in your inventory"
          failed={failed}
        />
        <StatCard
          icon={CircleCheck}
          title="In Stock"
          value={stats?.inStock}
          note="available for purchase"
          failed={failed}
        />
        <StatCard
          icon={CircleX}
          title="Out of Stock"
          value={stats?.outOfStock}
          note="need restocking"
          failed={failed}
        />
        <StatCard
          icon={Leaf}
          title="Varieties"
          value={stats?.varieties}
          note="unique varieties"
          failed={failed}
        />
      </ul>
      {failed && (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-destructive">
          <AlertCircle className="size-4" aria-hidden="true" />
          Your listings could not be loaded.
          <Button variant="outline" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      )}
    </section>
  );
}

interface StatCardProps {
  icon: LucideIcon;
  title: string;
  /** Undefined while the listings load. */
  value: number | undefined;
  note: string;
  /** The listings could not be loaded: no number to show. */
  failed: boolean;
}

function StatCard({ icon: Icon, title, value, note, failed }: StatCardProps) {
  return (
    <li className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-sans text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      </div>
      {value === undefined ? (
        failed ? (
          <p className="mt-2 font-display text-3xl font-semibold text-muted-foreground">–</p>
        ) : (
          <Skeleton className="mt-2 h-9 w-14" />
        )
      ) : (
        <p className="mt-2 font-display text-3xl font-semibold tabular-nums">
          {value.toLocaleString('en-US')}
        </p>
      )}
      <p className="mt-1 text-xs text-muted-foreground">{note}</p>
    </li>
  );
}
