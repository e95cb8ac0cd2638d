import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { useSellerProfile } from '../api';

/**
 * For a seller who has not said where its plants ship from: no buyer can order them until it does
 * (docs/product.md#seller-shipping-profile). Nothing for anyone else, nor while the profile loads.
 */
export function ShipFromNotice({ className }: { className?: string }) {
  const profile = useSellerProfile();
  if (!profile.data || profile.data.shipFromState !== null) return null;
  return (
    <section
      aria-labelledby="ship-from-notice"
      className={`flex flex-wrap items-start gap-3 rounded-xl border border-amber-500/60 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50 ${className ?? ''}`}
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <h2 id="ship-from-notice" className="font-sans text-base font-semibold">
          Choose where your plants ship from
        </h2>
        <p className="mt-1 text-sm">
          Buyers can't order your plants until your shipping profile says which state they leave from.
        </p>
      </div>
      <Button asChild size="sm">
        <Link href="/seller/profile">Set up shipping</Link>
      </Button>
    </section>
  );
}
