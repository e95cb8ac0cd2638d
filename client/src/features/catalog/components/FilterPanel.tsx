import {
  CATALOG_FILTERS,
  type CatalogFilter,
  type CatalogFilters,
  type DestinationFilter,
  type FlagFilter,
  filterValues,
  type ListFilter,
  type RangeFilter,
  type RangeParam,
} from '@domain/catalog/filters';
import type { CatalogFacets } from '@domain/catalog/responses';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { FieldError } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { useHydrated } from '@/lib/server-render';
import { cn } from '@/lib/utils';
import { catalogPath, type PendingFilters, toggleItem } from '../url-state';

/** A range bound the panel could not take, with its message. */
export interface BoundError {
  field: RangeParam;
  message: string;
}

interface FilterPanelProps {
  /** Makes the ids unique: the sidebar and the drawer are separate panels. */
  idPrefix: string;
  pending: PendingFilters;
  onChange: (next: PendingFilters) => void;
  facets: CatalogFacets | undefined;
  /** The desktop sidebar offers "Show all varieties"; the mobile drawer shows the first options of a long list. */
  showAllToggle: boolean;
  /** The applied filters: a list's options chosen there stay shown even without the toggle. */
  applied: CatalogFilters;
  /** The filters' defaults: a destination's is the buyer's place, when known (its checkbox shows only then). */
  defaults: CatalogFilters;
  boundError: BoundError | null;
  onApply: () => void;
  onReset: () => void;
  /** In the drawer, the buttons stay pinned under a scrolling list. */
  variant: 'sidebar' | 'drawer';
  /** What the plain form carries besides the filters (the search, the sort), as the URL has them. */
  carried?: Readonly<Record<string, string>>;
}

/**
 * A heading of the panel and the filters under it: a list, consecutive checkboxes of one group (flags and
 * destinations), or a range.
 */
type Section =
  | { kind: 'list'; legend: string; filter: ListFilter }
  | { kind: 'flags'; legend: string; filters: Array<FlagFilter | DestinationFilter> }
  | { kind: 'range'; legend: string; filter: RangeFilter };

/** The panel's sections, in the filter table's order. */
const SECTIONS: readonly Section[] = (CATALOG_FILTERS as readonly CatalogFilter[]).reduce<Section[]>(
  (sections, f) => {
    const last = sections.at(-1);
    const check = f.kind === 'flag' || f.kind === 'destination';
    if (check && last?.kind === 'flags' && last.legend === f.group) last.filters.push(f);
    else if (check) sections.push({ kind: 'flags', legend: f.group, filters: [f] });
    else if (f.kind === 'list') sections.push({ kind: 'list', legend: f.legend, filter: f });
    else sections.push({ kind: 'range', legend: f.legend, filter: f });
    return sections;
  },
  [],
);

/**
 * The filter form: a section per filter of CATALOG_FILTERS (flags of one group share one). Edits are pending
 * until Apply Filters (docs/product.md#states); Reset All clears everything.
 */
export function FilterPanel({
  idPrefix,
  pending,
  onChange,
  facets,
  showAllToggle,
  applied,
  defaults,
  boundError,
  onApply,
  onReset,
  variant,
  carried = {},
}: FilterPanelProps) {
  const values = pending as unknown as Record<string, unknown>;
  const counts = facets as unknown as Record<string, unknown> | undefined;
  const set = (key: string, value: unknown) => onChange({ ...pending, [key]: value });
  const id = (name: string) =>
    `${idPrefix}-${name
      .replace(/([a-z])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };

  return (
    // Before the page is adopted (or without JavaScript) the panel is a plain form: its fields are named as the
    // URL's parameters, and the page (the marketplace, or the storefront the filters are scoped to) reads what it
    // sends (url-state.ts, fromFormSubmission).
    <form
      method="get"
      action={catalogPath(applied)}
      noValidate
      onSubmit={onSubmit}
      aria-label="Filters"
      className={cn('flex flex-col', variant === 'drawer' && 'min-h-0 flex-1')}
    >
      {Object.entries(carried).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div
        className={cn('grid gap-6', variant === 'drawer' && '-mx-6 min-h-0 flex-1 overflow-y-auto px-6 pb-4')}
      >
        {SECTIONS.map((section) => (
          <FilterGroup key={section.legend} legend={section.legend}>
            {section.kind === 'list' ? (
              <ListOptions
                filter={section.filter}
                id={id}
                chosen={values[section.filter.key] as string[]}
                applied={filterValues(applied)[section.filter.key] as string[]}
                counts={counts?.[section.filter.key] as Record<string, number> | undefined}
                showAllToggle={showAllToggle}
                onChange={(next) => set(section.filter.key, next)}
              />
            ) : section.kind === 'flags' ? (
              section.filters.map((f) => {
                if (f.kind === 'flag')
                  return (
                    <CheckOption
                      key={f.key}
                      id={id(f.key)}
                      name={f.key}
                      value="true"
                      // Unticked, a flag on by default says so ("false"); ticked, its "true" comes after and wins.
                      off={f.onByDefault ? 'false' : undefined}
                      label={f.label}
                      count={counts?.[f.key] as number | undefined}
                      checked={values[f.key] === true}
                      onCheckedChange={(c) => set(f.key, c)}
                    />
                  );
                // A destination's place: the one chosen, else the applied one, else the buyer's; none, no box.
                const place = (values[f.key] ??
                  filterValues(applied)[f.key] ??
                  filterValues(defaults)[f.key] ??
                  null) as string | null;
                if (place === null) return null;
                return (
                  <CheckOption
                    key={f.key}
                    id={id(f.key)}
                    name={f.key}
                    value={place}
                    off={f.anyValue}
                    label={f.label(place)}
                    count={(counts?.[f.key] as number | null | undefined) ?? undefined}
                    checked={values[f.key] !== null}
                    onCheckedChange={(c) => set(f.key, c ? place : null)}
                  />
                );
              })
            ) : (
              <RangeInputs
                filter={section.filter}
                id={id}
                values={values}
                error={boundError}
                onChange={set}
              />
            )}
          </FilterGroup>
        ))}
      </div>

      <div className={cn('grid gap-2 pt-6', variant === 'drawer' && 'border-t pt-4')}>
        <Button type="submit">Apply Filters</Button>
        {/* A link to the unfiltered page too, so it works before the page is adopted. */}
        <Button variant="outline" asChild>
          <a
            href={catalogPath(defaults)}
            onClick={(event) => {
              event.preventDefault();
              onReset();
            }}
          >
            Reset All
          </a>
        </Button>
      </div>
    </form>
  );
}

interface ListOptionsProps {
  filter: ListFilter;
  id: (name: string) => string;
  chosen: readonly string[];
  applied: readonly string[];
  counts: Record<string, number> | undefined;
  showAllToggle: boolean;
  onChange: (next: string[]) => void;
}

/**
 * A list's options as checkboxes. A long list (one with `shownFirst`) shows its first options and the applied
 * ones; the sidebar's toggle shows the rest.
 */
function ListOptions({ filter, id, chosen, applied, counts, showAllToggle, onChange }: ListOptionsProps) {
  const first = filter.shownFirst ?? filter.options.length;
  const [showAll, setShowAll] = useState(() =>
    filter.options.slice(first).some((o) => chosen.includes(o.value)),
  );
  const shown = filter.options.filter(
    (o, i) => i < first || (showAllToggle && showAll) || applied.includes(o.value),
  );
  const optionsId = id(`${filter.key}-options`);
  // The toggle is the page's code: not ready (disabled) until the page is adopted.
  const hydrated = useHydrated();
  return (
    <>
      <div id={optionsId} className="grid gap-2.5">
        {shown.map((o) => (
          <CheckOption
            key={o.value}
            id={id(`${filter.key}-${o.value}`)}
            name={filter.key}
            value={o.value}
            label={o.label}
            count={counts?.[o.value]}
            checked={chosen.includes(o.value)}
            onCheckedChange={() => onChange(toggleItem(chosen, o.value))}
          />
        ))}
      </div>
      {showAllToggle && first < filter.options.length && (
        <Button
          variant="link"
          size="sm"
          className="h-auto justify-start px-0 py-1"
          aria-expanded={showAll}
          aria-controls={optionsId}
          disabled={!hydrated}
          onClick={() => setShowAll((s) => !s)}
        >
          {showAll ? 'Show fewer' : (filter.moreLabel ?? 'Show all')}
        </Button>
      )}
    </>
  );
}

interface RangeInputsProps {
  filter: RangeFilter;
  id: (name: string) => string;
  values: Record<string, unknown>;
  error: BoundError | null;
  onChange: (param: string, value: string) => void;
}

/** A range's two bounds side by side, and the message of the one the panel could not take. */
function RangeInputs({ filter, id, values, error, onChange }: RangeInputsProps) {
  const errorId = id(`${filter.key}-error`);
  const ownError = error && [filter.min.param, filter.max.param].includes(error.field) ? error : null;
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        {[filter.min, filter.max].map((bound) => (
          <BoundInput
            key={bound.param}
            id={id(bound.param)}
            name={bound.param}
            label={bound.label}
            placeholder={bound.placeholder}
            value={values[bound.param] as string}
            onChange={(v) => onChange(bound.param, v)}
            error={ownError?.field === bound.param ? ownError.message : undefined}
            errorId={errorId}
          />
        ))}
      </div>
      {ownError && <FieldError id={errorId}>{ownError.message}</FieldError>}
    </>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2.5">
      <legend className="mb-3 font-sans text-sm font-semibold tracking-wide uppercase">{legend}</legend>
      {children}
    </fieldset>
  );
}

interface CheckOptionProps {
  id: string;
  /** The parameter and value the plain form sends when ticked. */
  name: string;
  value: string;
  /** What the plain form sends when unticked (a hidden field before the box), if anything. */
  off?: string;
  label: string;
  /** Listings that would match with this option applied; shown as "(12)". */
  count: number | undefined;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

function CheckOption({ id, name, value, off, label, count, checked, onCheckedChange }: CheckOptionProps) {
  const countId = `${id}-count`;
  return (
    <div className="flex items-center gap-2.5">
      {off !== undefined && <input type="hidden" name={name} value={off} />}
      <Checkbox
        id={id}
        name={name}
        value={value}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={count === undefined ? undefined : countId}
      />
      <Label htmlFor={id} className="cursor-pointer py-0.5 font-normal">
        {label}
      </Label>
      {count !== undefined && (
        <span id={countId} className="text-sm text-muted-foreground tabular-nums">
          ({count.toLocaleString('en-US')}
          <span className="sr-only"> {count === 1 ? 'listing' : 'listings'}</span>)
        </span>
      )}
    </div>
  );
}

interface BoundInputProps {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  errorId: string;
}

function BoundInput({ id, name, label, placeholder, value, onChange, error, errorId }: BoundInputProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </div>
  );
}
