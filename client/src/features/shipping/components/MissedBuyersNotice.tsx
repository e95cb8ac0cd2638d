import { stateName } from '@domain/shipping/states';
import { Store } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { useSellerMissed } from '../api';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * On a nursery's dashboard: the states its plants cannot reach because a rule asks for a certificate it does not
 * have on file, each with how many marketplace searches from growers there it missed in the last 30 days and the
 * certificate that would open it (issue 24). Nothing when every state it may reach is open, nor while loading.
 */
export function MissedBuyersNotice({ className }: { className?: string }) {
  const missed = useSellerMissed();
  if (!missed.data || missed.data.length === 0) return null;
  return (
    <section
      aria-labelledby="missed-buyers"
      className={`flex flex-wrap items-start gap-3 rounded-xl border bg-card p-4 ${className ?? ''}`}
    >
      <Store aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <h2 id="missed-buyers" className="font-sans text-base font-semibold">
          Growers your plants can't reach
        </h2>
        <ul className="mt-2 grid gap-2 text-sm">
          {missed.data.map((m) => (
            <li key={`${m.state}-${m.certificate}`}>
              <span className="font-medium">{stateName(m.state)}</span>:{' '}
              {count(m.searches, 'search', 'searches')} from growers there in the last 30 days could not show{' '}
              {m.listings === 1 ? 'your listing' : `your ${count(m.listings, 'listing', 'listings')}`}.{' '}
              <span className="text-muted-foreground">Certificate it needs: {m.certificateLabel}.</span>
            </li>
          ))}
        </ul>
      </div>
      <Button asChild size="sm" variant="outline">
        <Link href="/seller/profile">Add a certificate</Link>
      </Button>
    </section>
  );
}
