import { unknownZipMessage } from '@domain/shipping/addresses';
import { stateName } from '@domain/shipping/states';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ReadTheRule } from '@/components/ReadTheRule';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { useShippingChecks } from '../api';
import { rememberZip, useDestination } from '../destination';

/**
 * On a listing's page: whether it can ship to the buyer (docs/product.md#shipping-rules), for the address the cart
 * ships to, or for a ZIP code a visitor types (remembered in a cookie): "Ships to CA", or "Can't ship to California"
 * with why in a grower's words first (ShippingRule.plain), the rule's own words and its source one click away.
 */
export function ShipsToNotice({ productId }: { productId: number }) {
  const destination = useDestination();
  const checks = useShippingChecks(destination.state, [productId]);
  const [editing, setEditing] = useState(false);
  const check = checks.data?.find((c) => c.productId === productId);

  // A ZIP code being looked up, or a place being checked: say so (the first lookup after a server start can take
  // a moment), rather than show nothing or the empty form.
  if (!editing && destination.zip && (!destination.settled || (destination.state && checks.isPending)))
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-lg border p-3 text-sm text-muted-foreground"
      >
        <LoaderCircle
          className="size-4 shrink-0 animate-spin motion-reduce:animate-none"
          aria-hidden="true"
        />
        Checking delivery to {destination.zip}…
      </p>
    );
  if (!destination.state || editing)
    return (
      <ZipForm
        initial={destination.zip ?? ''}
        unknown={!editing && destination.unknownZip ? destination.zip : null}
        onDone={() => setEditing(false)}
      />
    );
  if (!check) return null;
  const where = `${stateName(destination.state)}${destination.zip ? ` (${destination.zip})` : ''}`;
  return (
    <div role="status" className="grid gap-1 rounded-lg border p-3 text-sm">
      {check.status === 'allowed' ? (
        <p className="flex items-center gap-2 font-medium">
          <CircleCheck className="size-4 shrink-0 text-cactus" aria-hidden="true" />
          {check.text}
        </p>
      ) : (
        <div className="grid gap-1">
          <p className="flex items-center gap-2 font-medium text-destructive">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            Can't ship to {stateName(destination.state)}
          </p>
          <p>{check.plain}</p>
          <details className="text-muted-foreground">
            <summary className="w-fit cursor-pointer underline-offset-2 hover:underline">The rule</summary>
            <p className="mt-1">
              {check.reason}.{check.sourceUrl && <ReadTheRule href={check.sourceUrl} />}
            </p>
          </details>
        </div>
      )}
      <p className="text-muted-foreground">
        Delivering to {where}
        {destination.source === 'zip' && (
          <>
            {' · '}
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setEditing(true)}>
              Change ZIP code
            </Button>
          </>
        )}
        {destination.source === 'address' && ' (your shipping address)'}
      </p>
    </div>
  );
}

/** "Check delivery to ZIP code": five digits, remembered in a cookie. */
function ZipForm({
  initial,
  unknown,
  onDone,
}: {
  initial: string;
  /** The remembered ZIP code, when the ZIP tables do not know it. */
  unknown: string | null;
  onDone: () => void;
}) {
  const id = useId();
  const [zip, setZip] = useState(initial);
  const [typed, setError] = useState<string | null>(null);
  const error = typed ?? (unknown ? unknownZipMessage(unknown) : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = zip.trim().slice(0, 5);
    if (!/^\d{5}$/.test(digits)) {
      setError('Enter a 5-digit ZIP code');
      return;
    }
    setError(null);
    rememberZip(digits);
    onDone();
  };
  return (
    // Before the page is adopted (or without JavaScript) the form is sent as it is: the server remembers the code
    // (?zip=, plugins/client.ts) and shows the page again for it.
    <form method="get" onSubmit={submit} noValidate className="grid gap-1.5 rounded-lg border p-3 text-sm">
      <Label htmlFor={`${id}-zip`}>Check delivery to your ZIP code</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-zip`}
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={zip}
          onChange={(event) => setZip(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="max-w-[8rem]"
        />
        <Button type="submit" variant="outline">
          Check
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
