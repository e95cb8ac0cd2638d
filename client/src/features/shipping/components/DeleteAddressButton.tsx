import type { Address } from '@domain/shipping/addresses';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/ui/Button';
import { useDeleteAddress } from '../api';
import { AddressSummary } from './AddressSummary';

/** An address's Delete button and its confirmation (docs/product.md#shipping-addresses). */
export function DeleteAddressButton({ address, onDeleted }: { address: Address; onDeleted: () => void }) {
  const remove = useDeleteAddress();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only">
            {' '}
            the address of {address.name}, {address.line1}
          </span>
        </Button>
      }
      title="Delete this address?"
      description={
        address.isDefault
          ? 'It is your default address: your newest other address becomes the default.'
          : 'It will be removed from your address book.'
      }
      confirm="Delete"
      confirming="Deleting..."
      keep="Cancel"
      pending={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(address.id, { onSuccess: () => close(true), onError: () => close() })
      }
      onConfirmed={onDeleted}
    >
      <AddressSummary address={address} className="rounded-md bg-muted px-3 py-2 text-sm" />
    </ConfirmDialog>
  );
}
