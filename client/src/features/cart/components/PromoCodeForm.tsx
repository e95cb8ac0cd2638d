import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

type Answer = 'missing' | 'invalid' | null;

const ANSWERS: Record<Exclude<Answer, null>, string> = {
  missing: 'Please enter a promo code',
  invalid: 'This promo code is not valid',
};

/**
 * The promo code field and Apply. There are no promotions yet, so Apply says honestly that a code is not
 * valid (docs/product.md#real-features, item 5); nothing is sent anywhere.
 */
export function PromoCodeForm() {
  const id = useId();
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<Answer>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setAnswer(code.trim() === '' ? 'missing' : 'invalid');
  };

  return (
    <form onSubmit={apply} noValidate className="grid gap-2">
      <Label htmlFor={`${id}-code`}>Promo code</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={answer !== null || undefined}
          aria-describedby={`${id}-answer`}
          onChange={(event) => {
            setCode(event.target.value);
            setAnswer(null);
          }}
        />
        <Button type="submit" variant="outline">
          Apply
        </Button>
      </div>
      <p id={`${id}-answer`} aria-live="polite" className="min-h-5 text-sm text-destructive">
        {answer && ANSWERS[answer]}
      </p>
    </form>
  );
}
