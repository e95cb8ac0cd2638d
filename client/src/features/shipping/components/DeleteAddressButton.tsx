import type { Address } from '@domain/shipping/addresses';
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
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
import { useDeleteAddress } from '../api';
import { AddressSummary } from './AddressSummary';

/** An address's Delete button and its confirmation (docs/product.md#shipping-addresses). */
export function DeleteAddressButton({ address, onDeleted }: { address: Address; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAddress();
  const pending = remove.isPending;
  const deleted = useRef(false);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stays open while the request is under way, so its outcome is not missed.
        if (!pending) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only">
            {' '}
            the address of {address.name}, {address.line1}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!deleted.current) return;
          event.preventDefault();
          onDeleted();
        }}
      >
        <DialogHeader>
          <DialogTitle>Delete this address?</DialogTitle>
          <DialogDescription>
            {address.isDefault
              ? 'It is your default address: your newest other address becomes the default.'
              : 'It will be removed from your address book.'}
          </DialogDescription>
        </DialogHeader>
        <AddressSummary address={address} className="rounded-md bg-muted px-3 py-2 text-sm" />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={() =>
              remove.mutate(address.id, {
                onSuccess: () => {
                  deleted.current = true;
                },
                onSettled: () => setOpen(false),
              })
            }
          >
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
