import { useId, useState } from 'react';
import { AddressSummary } from '@/components/AddressSummary';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
import { useAddresses } from '../api';
import { chooseAddress, shipToOf, useChosenAddressId } from '../chosen-address';
import { AddressForm } from './AddressForm';

/**
 * Where the cart ships (docs/product.md#shipping-addresses), under the lines in the cart panel and above Checkout on
 * the cart page:
 * the chosen address (the default until the buyer picks another) with a Change link that lists the others and
 * offers a new one; with no address yet, the form to add one. `idPrefix` keeps the panel's ids apart from the
 * page's.
 */
export function ShipToPicker({ idPrefix, className }: { idPrefix: string; className?: string }) {
  const addresses = useAddresses();
  const chosenId = useChosenAddressId();
  const [changing, setChanging] = useState(false);
  const [adding, setAdding] = useState(false);
  const headingId = useId();
  const list = addresses.data ?? [];
  const shipTo = shipToOf(list, chosenId);

  if (addresses.isPending) return null;
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-2 text-sm', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="font-sans text-sm font-semibold tracking-wide uppercase">
          Ship to
        </h3>
        {shipTo && !changing && (
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            aria-label="Change the shipping address"
            onClick={() => setChanging(true)}
          >
            Change
          </Button>
        )}
      </div>
      {!shipTo || adding ? (
        <div className="grid gap-2">
          {!shipTo && <p className="text-muted-foreground">Add a shipping address to check out.</p>}
          <AddressForm
            onSaved={(address) => {
              chooseAddress(address.id);
              setAdding(false);
              setChanging(false);
            }}
            onCancel={shipTo ? () => setAdding(false) : undefined}
            autoFocus={adding}
          />
        </div>
      ) : changing ? (
        <fieldset className="grid gap-2">
          <legend className="sr-only">Choose the shipping address</legend>
          {list.map((address) => (
            <label
              key={address.id}
              htmlFor={`${idPrefix}-address-${address.id}`}
              className="flex cursor-pointer items-start gap-2 rounded-md border p-2 has-checked:border-primary"
            >
              <input
                type="radio"
                id={`${idPrefix}-address-${address.id}`}
                name={`${idPrefix}-ship-to`}
                className="mt-1 accent-primary"
                checked={address.id === shipTo.id}
                onChange={() => {
                  chooseAddress(address.id);
                  setChanging(false);
                }}
              />
              <AddressSummary address={address} />
            </label>
          ))}
          <div className="flex gap-3">
            <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
              Add a new address
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setChanging(false)}>
              Done
            </Button>
          </div>
        </fieldset>
      ) : (
        <AddressSummary address={shipTo} className="text-muted-foreground" />
      )}
    </section>
  );
}
