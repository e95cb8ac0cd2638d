import { ADDRESSES_MAX } from '@domain/shipping/addresses';
import type { Address } from '@domain/shipping/responses';
import { AlertCircle, MapPin, Pencil, Plus, Star } from 'lucide-react';
import { useRef, useState } from 'react';
import { AddressSummary } from '@/components/AddressSummary';
import { PageMessage } from '@/components/PageMessage';
import { useDocumentTitle } from '@/components/PageStatus';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { useAddresses, useMakeDefaultAddress } from './api';
import { AddressForm } from './components/AddressForm';
import { DeleteAddressButton } from './components/DeleteAddressButton';

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; address: Address };

/**
 * /account/addresses — the signed-in buyer's address book (the router wraps it in RequireAuth): the addresses,
 * the default first with its badge; Add, Edit, Delete (confirmed) and Make default.
 */
export function AddressBookPage() {
  useDocumentTitle('Addresses');
  const addresses = useAddresses();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const heading = useRef<HTMLHeadingElement>(null);
  const backToList = () => {
    setEditing({ kind: 'none' });
    heading.current?.focus();
  };

  const list = addresses.data ?? [];
  const full = list.length >= ADDRESSES_MAX;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-3xl outline-none sm:text-4xl">
            Addresses
          </h1>
          <p className="mt-1 text-muted-foreground">
            Where your plants are shipped. Checkout uses your default.
          </p>
        </div>
        {addresses.isSuccess && list.length > 0 && editing.kind === 'none' && (
          <Button variant="cactus" disabled={full} onClick={() => setEditing({ kind: 'add' })}>
            <Plus aria-hidden="true" />
            Add address
          </Button>
        )}
      </div>
      {full && editing.kind === 'none' && (
        <p className="mt-2 text-sm text-muted-foreground">
          You can keep at most {ADDRESSES_MAX} addresses: delete one to add another.
        </p>
      )}

      <div className="mt-8 grid gap-6">
        {editing.kind !== 'none' && (
          <section
            aria-labelledby="address-form-heading"
            className="rounded-xl border bg-card p-4 shadow-sm sm:p-6"
          >
            <h2 id="address-form-heading" className="mb-4 text-2xl">
              {editing.kind === 'add' ? 'New address' : 'Edit address'}
            </h2>
            <AddressForm
              key={editing.kind === 'edit' ? editing.address.id : 'new'}
              address={editing.kind === 'edit' ? editing.address : undefined}
              onSaved={backToList}
              onCancel={backToList}
              autoFocus
            />
          </section>
        )}

        {addresses.isPending ? (
          <div role="status" aria-label="Loading addresses" className="grid gap-4">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        ) : addresses.isError ? (
          <PageMessage
            icon={<AlertCircle className="size-12 text-destructive" aria-hidden="true" />}
            title="Your addresses could not be loaded"
            action={<Button onClick={() => void addresses.refetch()}>Retry</Button>}
          >
            Please try again in a moment.
          </PageMessage>
        ) : list.length === 0 ? (
          editing.kind === 'none' && (
            <PageMessage
              icon={<MapPin className="size-12 text-muted-foreground" aria-hidden="true" />}
              title="No addresses yet"
              action={
                <Button variant="cactus" onClick={() => setEditing({ kind: 'add' })}>
                  <Plus aria-hidden="true" />
                  Add address
                </Button>
              }
            >
              Add the address your plants should go to. The first one becomes your default.
            </PageMessage>
          )
        ) : (
          <ul aria-label="Your addresses" className="grid gap-4">
            {list.map((address) => (
              <li key={address.id}>
                <AddressCard
                  address={address}
                  onEdit={() => setEditing({ kind: 'edit', address })}
                  onDeleted={backToList}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function AddressCard({
  address,
  onEdit,
  onDeleted,
}: {
  address: Address;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const makeDefault = useMakeDefaultAddress();
  return (
    <article
      aria-label={`${address.name}, ${address.line1}${address.isDefault ? ' (default)' : ''}`}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:flex-row sm:items-start sm:justify-between sm:p-6"
    >
      <div className="grid gap-2">
        {address.isDefault && (
          <Badge variant="cactus" className="w-fit">
            Default
          </Badge>
        )}
        <AddressSummary address={address} />
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {!address.isDefault && (
          <Button
            variant="outline"
            size="sm"
            disabled={makeDefault.isPending}
            onClick={() => makeDefault.mutate(address)}
          >
            <Star aria-hidden="true" />
            Make default
            <span className="sr-only">
              {' '}
              the address of {address.name}, {address.line1}
            </span>
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
          <span className="sr-only">
            {' '}
            the address of {address.name}, {address.line1}
          </span>
        </Button>
        <DeleteAddressButton address={address} onDeleted={onDeleted} />
      </div>
    </article>
  );
}
