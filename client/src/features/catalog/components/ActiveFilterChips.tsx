import { X } from 'lucide-react';
import type { FilterChip } from '../url-state';

/** One chip per active filter, each with a remove button ("Remove filter: Organic"). */
export function ActiveFilterChips({
  chips,
  onRemove,
}: {
  chips: readonly FilterChip[];
  onRemove: (chip: FilterChip) => void;
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
          <button
            type="button"
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => onRemove(chip)}
            className="inline-flex size-6 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-primary hover:text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
