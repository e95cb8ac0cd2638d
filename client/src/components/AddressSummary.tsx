import type { Address } from '@domain/shipping/responses';
import { cn } from '@/lib/utils';

/** An address as a parcel label shows it: name, street lines, "City, ST ZIP", and the phone when given. */
export function AddressSummary({
  address,
  className,
}: {
  /** An address of the book, or an order's copy of one (whose state is plain text). */
  address: Pick<Address, 'name' | 'line1' | 'line2' | 'city' | 'zip' | 'phone'> & { state: string };
  className?: string;
}) {
  return (
    <address className={cn('not-italic break-words', className)}>
      <span className="block font-medium">{address.name}</span>
      <span className="block">{address.line1}</span>
      {address.line2 && <span className="block">{address.line2}</span>}
      <span className="block">
        {address.city}, {address.state} {address.zip}
      </span>
      {address.phone && <span className="block text-muted-foreground">{address.phone}</span>}
    </address>
  );
}
