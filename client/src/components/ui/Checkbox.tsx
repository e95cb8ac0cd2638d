import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A checkbox: a native `<input type="checkbox">` drawn as the design's box, so it can be ticked and is sent with
 * its form before the page is adopted or without JavaScript (issue 24); `onCheckedChange` as Radix's took it.
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span className="relative inline-flex size-5 shrink-0">
      <input
        {...props}
        type="checkbox"
        checked={checked}
        onChange={onCheckedChange ? (event) => onCheckedChange(event.target.checked) : undefined}
        className={cn(
          'peer size-5 shrink-0 cursor-pointer appearance-none rounded-sm border border-input bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive checked:border-primary checked:bg-primary',
          className,
        )}
      />
      <Check
        className="pointer-events-none absolute inset-0 m-auto size-4 text-primary-foreground opacity-0 peer-checked:opacity-100"
        aria-hidden="true"
      />
    </span>
  );
}
