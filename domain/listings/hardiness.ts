/**
 * Whether a variety survives a grower's winter outdoors (docs/product.md#hardiness-zones): each variety's hardiness as
 * data, and the fit a card and the product page show for the grower's zone.
 *
 * Dragon fruit are climbing cacti: outdoors in USDA zones 10 and 11 (and the frost-free 12 and 13 of Hawaii and
 * Puerto Rico), in zone 9b with frost protection; sustained freezing kills the stems and chilling below about 40 °F
 * hurts them, so elsewhere they grow in a container brought in for the winter, or a greenhouse (the project's research
 * on shipping live plants, gathered from extension services and nurseries). That research gives one range for the
 * genus; the table lets a variety have its own once a source says so.
 */
import type { Variety } from '../constants';
import { type HardinessZone, isHardinessZone, zoneRank } from '../shipping';

/** The coldest zone where a variety grows outdoors unprotected, and the coldest where it does with frost protection. */
export interface VarietyHardiness {
  outdoorsFrom: HardinessZone;
  protectedFrom: HardinessZone;
}

const GENUS: VarietyHardiness = { outdoorsFrom: '10a', protectedFrom: '9b' };

export const VARIETY_HARDINESS: Record<Variety, VarietyHardiness> = {
  'Sugar Dragon': GENUS,
  'American Beauty': GENUS,
  'Yellow Dragon': GENUS,
  'Physical Graffiti': GENUS,
  'Red Jaina': GENUS,
  'Vietnamese White': GENUS,
  'Thai Red': GENUS,
  'Valdivia Roja': GENUS,
  'Dark Star': GENUS,
};

/** How a variety does in a zone: outdoors, outdoors with frost protection, or in a container or greenhouse. */
export type ZoneFit = 'outdoors' | 'protected' | 'container';

/** A variety's hardiness; the genus's for a name the table does not know. */
export function hardinessOf(variety: string): VarietyHardiness {
  return VARIETY_HARDINESS[variety as Variety] ?? GENUS;
}

export function zoneFit(variety: string, zone: HardinessZone): ZoneFit {
  if (!isHardinessZone(zone)) throw new RangeError(`not a hardiness zone: ${zone}`);
  const { outdoorsFrom, protectedFrom } = hardinessOf(variety);
  const rank = zoneRank(zone);
  if (rank >= zoneRank(outdoorsFrom)) return 'outdoors';
  if (rank >= zoneRank(protectedFrom)) return 'protected';
  return 'container';
}

/** What a grower in `zone` reads beside a listing of the variety. */
export function zoneFitText(fit: ZoneFit, zone: HardinessZone): string {
  switch (fit) {
    case 'outdoors':
      return 'Grows outdoors in your zone';
    case 'protected':
      return 'Outdoors with frost protection';
    default:
      return `Container or greenhouse in zone ${zone}`;
  }
}
