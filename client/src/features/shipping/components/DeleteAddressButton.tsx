import type { Address } from '@domain/shipping/responses';
import { AddressSummary } from '@/components/AddressSummary';
import { DeleteButton } from '@/components/DeleteButton';
import { useDeleteAddress } from '../api';

/** An address's Delete button and its confirmation (docs/product.md#shipping-addresses). */
export function DeleteAddressButton({ address, onDeleted }: { address: Address; onDeleted: () => void }) {
  const remove = useDeleteAddress();
  return (
    <DeleteButton
      what={`the address of ${address.name}, ${address.line1}`}
      title="Delete this address?"
      description={
        address.isDefault
          ? 'It is your default address: your newest other address becomes the default.'
          : 'It will be removed from your address book.'
      }
      remove={remove}
      id={address.id}
      onDeleted={onDeleted}
    >
      <AddressSummary address={address} className="rounded-md bg-muted px-3 py-2 text-sm" />
    </DeleteButton>
  );
}
