import { Slot } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './Label';

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Marks the field required: an asterisk after the label, and `required` on the control. */
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** The single control (input, textarea, ...): it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
}

/** A labelled form control with its hint and its error message right under it. */
export function FormField({ id, label, required, hint, error, className, children }: FormFieldProps) {
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      {/* The asterisk sits outside the <label> so the field's name stays exactly its label text. */}
      <div className="flex items-center gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {required && (
          <span aria-hidden="true" className="text-sm font-medium leading-none text-destructive">
            *
          </span>
        )}
      </div>
      <Slot.Root
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...(required ? { required: true, 'aria-required': true } : {})}
      >
        {children}
      </Slot.Root>
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
