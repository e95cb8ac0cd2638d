import {
  type HardinessZone,
  outlookLines,
  type StateCode,
  shipmentOutlook,
  shippingToday,
} from '@domain/shipping';
import { useId } from 'react';
import { cn } from '@/lib/utils';
import type { ShownCartLine } from '../cart-query';
import { cartNurseries } from '../shipping';

/**
 * "Delivery": each nursery's shipment of the cart, with when it leaves and about when it arrives where the cart ships
 * (`to`: the ship-to address's state and hardiness zone), and whether the cold holds it or sends it with a heat pack
 * (shipmentOutlook: the rule checkout keeps with the order). Nothing without an address to ship to.
 */
export function CartDeliveries({
  lines,
  to,
  className,
}: {
  lines: readonly ShownCartLine[];
  to: { state: StateCode; zone: HardinessZone | null; zoneLabel?: string | null } | null;
  className?: string;
}) {
  const headingId = useId();
  if (!to || lines.length === 0) return null;
  const today = shippingToday();
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-2 text-sm', className)}>
      <h3 id={headingId} className="font-sans text-sm font-semibold">
        Delivery
      </h3>
      {to.zoneLabel && <p className="text-muted-foreground">{to.zoneLabel}</p>}
      <ul className="grid gap-2">
        {cartNurseries(lines).map(({ seller, lines: own }) => {
          const outlook = shipmentOutlook({
            orderedOn: today,
            shipper: seller,
            to,
            kinds: own.map((l) => l.product.shipsAs),
          });
          const said = outlookLines(outlook, to.zone, today);
          return (
            <li key={seller.id} className="grid gap-0.5">
              <span className="font-medium break-words">{seller.name}</span>
              {said.length === 0 ? (
                <span className="text-muted-foreground">
                  Arrival not known yet: the nursery has not said where it ships from
                </span>
              ) : (
                said.map((text) => (
                  <span
                    key={text}
                    className={text.startsWith('Held') ? 'font-medium' : 'text-muted-foreground'}
                  >
                    {text}
                  </span>
                ))
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
