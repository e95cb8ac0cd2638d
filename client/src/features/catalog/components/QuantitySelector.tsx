import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Label';

interface QuantitySelectorProps {
  id: string;
  value: number;
  /** Units available: the most that can be chosen. */
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/** A quantity from 1 to the units available: minus and plus buttons and a labelled number field. */
export function QuantitySelector({ id, value, max, onChange, disabled = false }: QuantitySelectorProps) {
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
          disabled={disabled || value <= 1}
          onClick={() => onChange(clamp(value - 1))}
          className="rounded-r-none"
        >
          <Minus aria-hidden="true" />
        </Button>
        <input
          id={id}
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
            if (event.key === 'Enter') normalise();
          }}
          className="h-10 w-16 border-x border-input bg-background text-center text-base tabular-nums [appearance:textfield] focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label="Increase quantity"
          aria-controls={id}
          disabled={disabled || value >= upper}
          onClick={() => onChange(clamp(value + 1))}
          className="rounded-l-none"
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
