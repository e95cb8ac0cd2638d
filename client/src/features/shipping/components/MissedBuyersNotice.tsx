import { stateName } from '@domain/shipping/states';
import { Store } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
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
    // One column on a phone (the heading, the states, the button under them: the text has the card's whole width),
    // the button beside the heading from 640 px.
    <section
      aria-labelledby="missed-buyers"
      className={cn(
        'grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-y-1',
        className,
      )}
    >
      <h2 id="missed-buyers" className="flex items-center gap-2 font-sans text-base font-semibold">
        <Store aria-hidden="true" className="size-5 shrink-0 text-primary" />
        Growers your plants can't reach
      </h2>
      <ul className="grid gap-2 text-sm sm:col-span-2 sm:pl-7">
        {missed.data.map((m) => (
          <li key={`${m.state}-${m.certificate}`}>
            <span className="font-medium">{stateName(m.state)}</span>:{' '}
            {count(m.searches, 'search', 'searches')} from growers there in the last 30 days could not show{' '}
            {m.listings === 1 ? 'your listing' : `your ${count(m.listings, 'listing', 'listings')}`}.{' '}
            <span className="text-muted-foreground">Certificate it needs: {m.certificateLabel}.</span>
          </li>
        ))}
      </ul>
      <Button
        asChild
        size="sm"
        variant="outline"
        className="justify-self-start sm:col-start-2 sm:row-start-1"
      >
        <Link href="/seller/profile">Add a certificate</Link>
      </Button>
    </section>
  );
}
