import { X } from 'lucide-react';
import type { FilterChip } from '../url-state';

/**
 * One chip per active filter, each with a remove button ("Remove filter: Organic"): a plain form to the address
 * without that filter (`hrefOf`), so it works before the page is adopted; once adopted, `onRemove` takes it off in
 * place.
 */
export function ActiveFilterChips({
  chips,
  onRemove,
  hrefOf,
}: {
  chips: readonly FilterChip[];
  onRemove: (chip: FilterChip) => void;
  hrefOf: (chip: FilterChip) => string;
}) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li
          key={chip.id}
          className="inline-flex items-center gap-1 rounded-full border border-primary/30 bg-soft-pink py-1 pr-1 pl-3 text-sm font-medium text-foreground"
        >
          <span>{chip.label}</span>
          {/* A form of its own, to the address without this filter, so it works before the page is adopted. */}
          <form
            method="get"
            action={hrefOf(chip).split('?')[0]}
            className="contents"
            onSubmit={(event) => {
              event.preventDefault();
              onRemove(chip);
            }}
          >
            {[...new URLSearchParams(hrefOf(chip).split('?')[1] ?? '')].map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))}
            <button
              type="submit"
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex size-6 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-primary hover:text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}
