import type { StateCode } from '@domain/shipping/states';
import { stateName } from '@domain/shipping/states';
import { Truck } from 'lucide-react';
import { Link } from 'wouter';

/** "47 can't (a state rule or the nursery's choice)": what the "Ships to" filter hides, here and in the empty state. */
export const hiddenByPlaceText = (hidden: number) =>
  `${hidden.toLocaleString('en-US')} can't (a state rule or the nursery's choice)`;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Where the results are, what the "Ships to" filter does to them (issue 24): "Showing the 12 listings that can ship
 * to California · 47 can't (a state rule or the nursery's choice) · Show all". A buyer whose results are few or none
 * sees at once that the rules, not the catalog, made them so, and can see the rest. Nothing while the filter is off.
 */
export function ShipsToSummary({
  place,
  shown,
  capped,
  hidden,
  showAllHref,
}: {
  /** The place the results are filtered for (null: the filter is off). */
  place: StateCode | null;
  /** How many listings are shown (the list's total). */
  shown: number;
  /** Whether `shown` is a lower bound ("10,000+"). */
  capped: boolean;
  /** How many listings matching the other filters the place hides (undefined until the counts arrive). */
  hidden: number | null | undefined;
  /** The same results with the filter off. */
  showAllHref: string;
}) {
  if (place === null || hidden === undefined || hidden === null) return null;
  const name = stateName(place);
  const showing =
    shown === 0
      ? `None of these listings can ship to ${name}`
      : capped
        ? `Showing the ${shown.toLocaleString('en-US')}+ listings that can ship to ${name}`
        : `Showing the ${plural(shown, 'listing', 'listings')} that can ship to ${name}`;
  return (
    <p className="text-sm text-muted-foreground">
      <Truck className="mr-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
      <span>
        {showing}
        {hidden > 0 && ` · ${hiddenByPlaceText(hidden)} · `}
        {hidden > 0 && (
          <Link
            href={showAllHref}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            Show all
          </Link>
        )}
      </span>
    </p>
  );
}
