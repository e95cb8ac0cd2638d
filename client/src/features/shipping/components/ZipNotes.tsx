import { unknownZipMessage, zipStateMessage } from '@domain/shipping/addresses';
import { isStateCode } from '@domain/shipping/states';
import { useEffect } from 'react';
import { Button } from '@/components/ui/Button';
import { sameCity, zipToLookUp } from '../address-form';
import { useZipPlace } from '../api';

/**
 * What the ZIP code says about the city and the state, once it is complete: an empty city (and an unchosen state)
 * filled from it, "Use <City>" when another city is typed, a warning when it is in another state or unknown. Read
 * out politely by screen readers as it changes. For any address form: the address book's and the seller's return
 * address (the fields' values, and how to set the city and the state).
 */
export function ZipNotes({
  zip,
  state,
  city,
  setCity,
  setState,
}: {
  zip: string;
  state: string;
  city: string;
  /** `validate`: the seller asked for it (Use <City>), so the field is checked at once. */
  setCity: (value: string, validate: boolean) => void;
  setState: (value: string) => void;
}) {
  const lookUp = zipToLookUp(zip);
  const place = useZipPlace(lookUp);
  const found = lookUp !== null ? place.data : undefined;
  const cityEmpty = city.trim() === '';
  const stateEmpty = state === '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per ZIP found, not on every keystroke
  useEffect(() => {
    if (!found) return;
    if (cityEmpty) setCity(found.city, false);
    if (stateEmpty && isStateCode(found.state)) setState(found.state);
  }, [found]);

  const typed = zip.trim();
  return (
    <div aria-live="polite" className="grid gap-1 text-sm empty:hidden">
      {found === null && <p className="text-destructive">{unknownZipMessage(typed)}</p>}
      {found && !cityEmpty && !sameCity(city, found.city) && (
        <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
          ZIP {lookUp} is in {found.city}, {found.state}.
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => setCity(found.city, true)}
          >
            Use {found.city}
          </Button>
        </p>
      )}
      {found && !stateEmpty && found.state !== state && (
        <p className="font-medium text-destructive">{zipStateMessage(typed, found.state, state)}</p>
      )}
    </div>
  );
}
