import { zoneFit, zoneFitText } from '@domain/listings/hardiness';
import { Sprout } from 'lucide-react';
import { useZone } from '../api';
import { useDestination } from '../destination';

/**
 * On a listing's page: how its variety fits the grower's hardiness zone (docs/product.md#hardiness-zones), the zone
 * of the address the cart ships to or of the ZIP code a visitor typed: "Zone 7b (New York, NY): Container or
 * greenhouse in zone 7b". A ZIP code the zone table lacks says so; nothing is shown before a ZIP code is known.
 */
export function ZoneFitNotice({ variety }: { variety: string }) {
  // The ZIP code as soon as it is known (a visitor's cookie on the first render): the server renders the page once
  // or in rounds with the same queries, in the same order.
  const { zip } = useDestination();
  const zone = useZone(zip);
  if (zip === null || !zone.isSuccess) return null;
  if (zone.data === null)
    return (
      <p className="rounded-lg border p-3 text-sm text-muted-foreground">
        No hardiness zone is known for ZIP {zip.slice(0, 5)}
      </p>
    );
  const { zone: z, place } = zone.data;
  return (
    <p className="flex items-start gap-2 rounded-lg border p-3 text-sm">
      <Sprout className="mt-0.5 size-4 shrink-0 text-cactus" aria-hidden="true" />
      <span>
        <span className="font-medium">
          Zone {z}
          {place ? ` (${place})` : ''}:
        </span>{' '}
        <span>{zoneFitText(zoneFit(variety, z), z)}</span>
      </span>
    </p>
  );
}
