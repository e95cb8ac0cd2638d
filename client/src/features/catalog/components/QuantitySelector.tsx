import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Label';
import { useHydrated } from '@/lib/server-render';

interface QuantitySelectorProps {
  id: string;
  value: number;
  /** Units available: the most that can be chosen. */
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** The field's name in its form (sent with a plain form post before the page is adopted). */
  name?: string;
}

/** A quantity from 1 to the units available: minus and plus buttons and a labelled number field. */
export function QuantitySelector({
  id,
  value,
  max,
  onChange,
  disabled = false,
  name,
}: QuantitySelectorProps) {
  // The field can be typed in before the page is adopted; the buttons need the page's code: disabled until then.
  const hydrated = useHydrated();
  const upper = Math.max(1, max);
  const clamp = (n: number) => Math.min(Math.max(1, n), upper);
  // What the field shows while typing; the committed value follows every valid entry.
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }

  const onType = (text: string) => {
    setDraft(text);
    const n = Number(text);
    if (text !== '' && Number.isInteger(n) && n >= 1 && n <= upper) onChange(n);
  };
  const normalise = () => {
    const n = Math.trunc(Number(draft));
    const next = draft.trim() === '' || !Number.isFinite(n) ? value : clamp(n);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Quantity</Label>
      <div className="inline-flex w-fit items-center rounded-md border border-input bg-background">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Decrease quantity"
          aria-controls={id}
          disabled={disabled || !hydrated || value <= 1}
          onClick={() => onChange(clamp(value - 1))}
          className="rounded-r-none"
        >
          <Minus aria-hidden="true" />
        </Button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={1}
          max={upper}
          step={1}
          value={draft}
          disabled={disabled}
          onChange={(event) => onType(event.target.value)}
          onBlur={normalise}
          onKeyDown={(event) => {
            // Enter settles the number; it does not send the form the field may sit in (Add to Cart).
            if (event.key === 'Enter') {
              event.preventDefault();
              normalise();
            }
          }}
          className="h-10 w-16 border-x border-input bg-background text-center text-base tabular-nums [appearance:textfield] focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label="Increase quantity"
          aria-controls={id}
          disabled={disabled || !hydrated || value >= upper}
          onClick={() => onChange(clamp(value + 1))}
          className="rounded-l-none"
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
