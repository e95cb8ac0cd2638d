import { cartTotals, formatUSD, fromCents } from '@domain/money';
import { cn } from '@/lib/utils';
import type { ShownCartLine } from '../cart-query';

/** Subtotal, shipping (12.99 when the subtotal is above 0) and total, computed in cents (docs/product.md#constants). */
export function CartTotals({ lines, className }: { lines: readonly ShownCartLine[]; className?: string }) {
  const totals = cartTotals(lines.map((l) => ({ price: l.product.price, quantity: l.quantity })));
  return (
    <dl className={cn('grid gap-2 text-sm', className)}>
      <TotalRow label="Subtotal" cents={totals.subtotalCents} />
      <TotalRow label="Shipping" cents={totals.shippingCents} />
      <TotalRow label="Total" cents={totals.totalCents} strong />
    </dl>
  );
}

function TotalRow({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div
      className={
        strong ? 'mt-1 flex justify-between border-t pt-3 text-base font-semibold' : 'flex justify-between'
      }
    >
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{formatUSD(fromCents(cents))}</dd>
    </div>
  );
}
