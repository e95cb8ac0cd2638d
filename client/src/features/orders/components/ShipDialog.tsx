import type { SellerShipment } from '@domain/orders/responses';
import {
  CARRIER_LABELS,
  CARRIERS,
  type Carrier,
  normalizeTrackingNumber,
  TRACKING_NUMBER_MAX,
  trackingNumberProblem,
} from '@domain/orders/shipments';
import { type FormEvent, type ReactElement, useState } from 'react';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { errorMessage, isApiError } from '@/lib/api';
import { serverFieldErrors } from '@/lib/form-errors';
import { useShipShipment } from '../seller-api';

/**
 * Mark shipped (or correct the tracking): the carrier and the tracking number, checked against the carrier's
 * format before sending (the server checks again; its message shows under the field). The buyer gets the number
 * and a link to the carrier's tracking page.
 */
export function ShipDialog({ shipment, trigger }: { shipment: SellerShipment; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const [carrier, setCarrier] = useState<Carrier>(shipment.carrier ?? 'usps');
  const [number, setNumber] = useState(shipment.trackingNumber ?? '');
  const [error, setError] = useState<string | undefined>();
  const ship = useShipShipment();
  const ids = { carrier: `ship-${shipment.id}-carrier`, number: `ship-${shipment.id}-number` };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = trackingNumberProblem(carrier, normalizeTrackingNumber(number));
    setError(problem ?? undefined);
    if (problem) return;
    ship.mutate(
      { id: shipment.id, carrier, trackingNumber: number },
      {
        onSuccess: () => setOpen(false),
        onError: (err) => {
          const { trackingNumber } = isApiError(err, 400) ? serverFieldErrors(err, ['trackingNumber']) : {};
          setError(trackingNumber ?? errorMessage(err, 'Could not mark as shipped: please try again'));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (ship.isPending) return;
        setOpen(next);
        if (next) setError(undefined);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Ship order #{shipment.orderId}</DialogTitle>
            <DialogDescription>
              {shipment.buyer.username} gets the tracking number and a link to follow the parcel.
            </DialogDescription>
          </DialogHeader>
          <FormField id={ids.carrier} label="Carrier" required>
            <NativeSelect value={carrier} onChange={(e) => setCarrier(e.target.value as Carrier)}>
              {CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {CARRIER_LABELS[c]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id={ids.number}
            label="Tracking number"
            required={carrier !== 'other'}
            hint={carrier === 'other' ? 'Optional for other carriers' : undefined}
            error={error}
          >
            <Input
              value={number}
              maxLength={TRACKING_NUMBER_MAX * 2}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setNumber(e.target.value)}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={ship.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={ship.isPending}>
              {ship.isPending ? 'Saving...' : 'Mark shipped'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
