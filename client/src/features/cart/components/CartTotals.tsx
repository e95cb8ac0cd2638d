import { formatUSD, fromCents, toCents } from '@domain/money';
import { cn } from '@/lib/utils';
import type { ShownCartLine } from '../cart-query';
import { cartShipments } from '../shipping';

/**
 * Subtotal, shipping and total, computed in cents. The shipping is each nursery's shipment's own, under its rates
 * (cartShipments): with plants of more than one nursery, each is listed under the sum.
 */
export function CartTotals({ lines, className }: { lines: readonly ShownCartLine[]; className?: string }) {
  const subtotalCents = lines.reduce((sum, l) => sum + toCents(l.product.price) * l.quantity, 0);
  const shipments = cartShipments(lines);
  const shippingCents = shipments.reduce((sum, s) => sum + s.cents, 0);
  return (
    <dl className={cn('grid gap-2 text-sm', className)}>
      <TotalRow label="Subtotal" cents={subtotalCents} />
      <TotalRow label="Shipping" cents={shippingCents} />
      {shipments.length > 1 &&
        shipments.map((s) => <TotalRow key={s.sellerId} label={`From ${s.name}`} cents={s.cents} part />)}
      <TotalRow label="Total" cents={subtotalCents + shippingCents} strong />
    </dl>
  );
}

function TotalRow({
  label,
  cents,
  strong,
  part,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  /** One nursery's part of the row above: indented, smaller. */
  part?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex justify-between gap-3',
        strong && 'mt-1 border-t pt-3 text-base font-semibold',
        part && 'ps-3 text-xs',
      )}
    >
      <dt className={cn('min-w-0 break-words', !strong && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums">{part && cents === 0 ? 'Free' : formatUSD(fromCents(cents))}</dd>
    </div>
  );
}
