import type { CatalogFacets } from '@domain/catalog/schemas';
import {
  CUTTING_SIZE_LABELS,
  CUTTING_SIZES,
  FORM_FILTER_LABELS,
  FORMS,
  MORE_VARIETIES,
  POLLINATION_LABELS,
  POLLINATIONS,
  PRIMARY_VARIETIES,
  type Variety,
} from '@domain/constants';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { type PendingFilters, toggleItem } from '../url-state';

export interface PriceError {
  field: 'minPrice' | 'maxPrice';
  message: string;
}

interface FilterPanelProps {
  /** Makes the ids unique: the sidebar and the drawer are separate panels. */
  idPrefix: string;
  pending: PendingFilters;
  onChange: (next: PendingFilters) => void;
  facets: CatalogFacets | undefined;
  /** The desktop sidebar offers "Show all varieties"; the mobile drawer shows the five main ones. */
  showAllToggle: boolean;
  /** More varieties shown even without the toggle (those already in the active filters). */
  alwaysShownVarieties?: readonly Variety[];
  priceError: PriceError | null;
  onApply: () => void;
  onReset: () => void;
  /** In the drawer, the buttons stay pinned under a scrolling list. */
  variant: 'sidebar' | 'drawer';
}

/**
 * The filter form: variety, form, cutting size, pollination, growing practices, availability and price.
 * Edits are pending until Apply Filters (docs/product.md#states); Reset All clears everything.
 */
export function FilterPanel({
  idPrefix,
  pending,
  onChange,
  facets,
  showAllToggle,
  alwaysShownVarieties = [],
  priceError,
  onApply,
  onReset,
  variant,
}: FilterPanelProps) {
  const [showAll, setShowAll] = useState(() => pending.varieties.some((v) => isMoreVariety(v)));
  const varieties: readonly Variety[] =
    showAllToggle && showAll
      ? [...PRIMARY_VARIETIES, ...MORE_VARIETIES]
      : [...PRIMARY_VARIETIES, ...MORE_VARIETIES.filter((v) => alwaysShownVarieties.includes(v))];
  const set = <K extends keyof PendingFilters>(key: K, value: PendingFilters[K]) =>
    onChange({ ...pending, [key]: value });
  const id = (name: string) => `${idPrefix}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Filters"
      className={cn('flex flex-col', variant === 'drawer' && 'min-h-0 flex-1')}
    >
      <div
        className={cn('grid gap-6', variant === 'drawer' && '-mx-6 min-h-0 flex-1 overflow-y-auto px-6 pb-4')}
      >
        <FilterGroup legend="Variety">
          <div id={id('variety-options')} className="grid gap-2.5">
            {varieties.map((v) => (
              <CheckOption
                key={v}
                id={id(`variety-${v}`)}
                label={v}
                count={facets?.variety[v]}
                checked={pending.varieties.includes(v)}
                onCheckedChange={() => set('varieties', toggleItem(pending.varieties, v))}
              />
            ))}
          </div>
          {showAllToggle && (
            <Button
              variant="link"
              size="sm"
              className="h-auto justify-start px-0 py-1"
              aria-expanded={showAll}
              aria-controls={id('variety-options')}
              onClick={() => setShowAll((s) => !s)}
            >
              {showAll ? 'Show fewer' : 'Show all varieties'}
            </Button>
          )}
        </FilterGroup>

        <FilterGroup legend="Form">
          {FORMS.map((f) => (
            <CheckOption
              key={f}
              id={id(`form-${f}`)}
              label={FORM_FILTER_LABELS[f]}
              count={facets?.form[f]}
              checked={pending.forms.includes(f)}
              onCheckedChange={() => set('forms', toggleItem(pending.forms, f))}
            />
          ))}
        </FilterGroup>

        <FilterGroup legend="Cutting size">
          {CUTTING_SIZES.map((s) => (
            <CheckOption
              key={s}
              id={id(`size-${s}`)}
              label={CUTTING_SIZE_LABELS[s]}
              count={facets?.cuttingSize[s]}
              checked={pending.cuttingSizes.includes(s)}
              onCheckedChange={() => set('cuttingSizes', toggleItem(pending.cuttingSizes, s))}
            />
          ))}
        </FilterGroup>

        <FilterGroup legend="Pollination">
          {POLLINATIONS.map((p) => (
            <CheckOption
              key={p}
              id={id(`pollination-${p}`)}
              label={POLLINATION_LABELS[p]}
              count={facets?.pollination[p]}
              checked={pending.pollinationTypes.includes(p)}
              onCheckedChange={() => set('pollinationTypes', toggleItem(pending.pollinationTypes, p))}
            />
          ))}
        </FilterGroup>

        <FilterGroup legend="Growing practices">
          <CheckOption
            id={id('organic')}
            label="Organic"
            count={facets?.organic}
            checked={pending.organic}
            onCheckedChange={(c) => set('organic', c)}
          />
          <CheckOption
            id={id('pesticide-free')}
            label="Pesticide-free"
            count={facets?.pesticideFree}
            checked={pending.pesticideFree}
            onCheckedChange={(c) => set('pesticideFree', c)}
          />
        </FilterGroup>

        <FilterGroup legend="Availability">
          <CheckOption
            id={id('in-stock')}
            label="In stock only"
            count={facets?.inStock}
            checked={pending.inStock}
            onCheckedChange={(c) => set('inStock', c)}
          />
        </FilterGroup>

        <FilterGroup legend="Price">
          <div className="grid grid-cols-2 gap-3">
            <PriceInput
              id={id('min-price')}
              label="Min price"
              placeholder="$0"
              value={pending.minPrice}
              onChange={(v) => set('minPrice', v)}
              error={priceError?.field === 'minPrice' ? priceError.message : undefined}
              errorId={id('price-error')}
            />
            <PriceInput
              id={id('max-price')}
              label="Max price"
              placeholder="$500"
              value={pending.maxPrice}
              onChange={(v) => set('maxPrice', v)}
              error={priceError?.field === 'maxPrice' ? priceError.message : undefined}
              errorId={id('price-error')}
            />
          </div>
          {priceError && <FieldError id={id('price-error')}>{priceError.message}</FieldError>}
        </FilterGroup>
      </div>

      <div className={cn('grid gap-2 pt-6', variant === 'drawer' && 'border-t pt-4')}>
        <Button type="submit">Apply Filters</Button>
        <Button variant="outline" onClick={onReset}>
          Reset All
        </Button>
      </div>
    </form>
  );
}

function isMoreVariety(v: Variety): boolean {
  return (MORE_VARIETIES as readonly string[]).includes(v);
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
  label: string;
  /** Listings that would match with this option applied; shown as "(12)". */
  count: number | undefined;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

function CheckOption({ id, label, count, checked, onCheckedChange }: CheckOptionProps) {
  const countId = `${id}-count`;
  return (
    <div className="flex items-center gap-2.5">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(c) => onCheckedChange(c === true)}
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

interface PriceInputProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  errorId: string;
}

function PriceInput({ id, label, placeholder, value, onChange, error, errorId }: PriceInputProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
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
