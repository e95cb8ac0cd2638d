import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Input } from '@/components/ui/Input';
import { cn } from '@/lib/utils';

/**
 * The marketplace's destination filter's parameter (CATALOG_FILTERS' `shipsTo`), named here rather than read from
 * the filter table: the header is on every page's first paint, and the table brings zod with it.
 */
export const KEPT_PARAMS = ['shipsTo'] as const;

/**
 * The header search. Submitting starts a new search on /marketplace from the term alone: filters chosen for an
 * earlier search would make a correct term find nothing. Only where the buyer's plants go is kept (the URL's
 * `shipsTo`, a departure from the buyer's place that the marketplace records), and the page goes back to 1.
 */
export function SearchForm({ id, className }: { id: string; className?: string }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const onMarketplace = location === '/marketplace';
  const urlTerm = onMarketplace ? (new URLSearchParams(search).get('search') ?? '') : '';
  const [term, setTerm] = useState(urlTerm);
  useEffect(() => setTerm(urlTerm), [urlTerm]);

  const current = new URLSearchParams(onMarketplace ? search : '');
  const kept = KEPT_PARAMS.flatMap((key) => {
    const place = current.get(key);
    return place ? [[key, place] as const] : [];
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    const value = term.trim();
    if (value) params.set('search', value);
    for (const [key, place] of kept) params.set(key, place);
    const query = params.toString();
    navigate(query ? `/marketplace?${query}` : '/marketplace');
  };

  return (
    <search aria-label="Site search" className={cn('w-full', className)}>
      {/* Before the browser has adopted the page (or without JavaScript) the form submits itself, to the same
          address: /marketplace?search=… (and the place kept, a hidden field) */}
      <form action="/marketplace" onSubmit={onSubmit} className="relative">
        <label htmlFor={id} className="sr-only">
          Search dragon fruit plants
        </label>
        <Input
          id={id}
          type="search"
          name="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Search dragon fruit plants..."
          autoComplete="off"
          className="rounded-full pr-12 pl-4"
        />
        {kept.map(([key, place]) => (
          <input key={key} type="hidden" name={key} value={place} />
        ))}
        <button
          type="submit"
          aria-label="Search"
          className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-primary text-primary-foreground hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Search className="size-4" aria-hidden="true" />
        </button>
      </form>
    </search>
  );
}
