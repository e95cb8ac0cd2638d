/**
 * Weather holds without a forecast (docs/product.md#weather-holds): whether a live plant shipped on a day to a
 * hardiness zone ships as it is, ships with a heat pack, or is held, and until about when. Nurseries do not ship when
 * the destination's low is below about 26 °F and add a heat pack below about 36 °F (good for about 72 hours); seeds
 * travel in any weather. Without a forecast the honest rule is the climate's: a night about 10 °F colder than the
 * month's average low is common, so a day whose typical low is under 36 °F is held, and one under 46 °F needs a heat
 * pack. A forecast, when one is plugged in, decides in its place.
 */
import type { ShipsAs } from '../constants';
import { addDays, monthDay } from './arrival';
import type { IsoDate } from './rules';
import { type HardinessZone, isHardinessZone, zoneRank } from './zones';

/** Below this typical low (°F) a live plant is held; below HEAT_PACK_BELOW_F it needs a heat pack. */
export const HOLD_BELOW_F = 36;
export const HEAT_PACK_BELOW_F = 46;
/** A heat pack lasts about 72 hours: a longer transit cannot be kept warm by one. */
export const HEAT_PACK_DAYS = 3;

/**
 * Average daily lows (°F), January to December, of a city in some of the zones: the 1991–2020 normals of the city's
 * airport station as NOAA publishes them, rounded (approximate: to verify against the published normals before they
 * are relied on for more than this rule). Each city's zone is its ZIP code's in the app's own zone table. A zone
 * without a city takes the nearest colder zone's lows (more holds, never fewer); a zone colder than the coldest city
 * takes that city's: its winters hold every live plant already, and its summers are as mild.
 */
export const ZONE_CLIMATE: ReadonlyArray<{
  zone: HardinessZone;
  city: string;
  zip: string;
  lowsF: readonly number[];
}> = [
  { zone: '4a', city: 'Fargo, ND', zip: '58102', lowsF: [0, 5, 18, 31, 43, 54, 59, 57, 47, 35, 21, 7] },
  {
    zone: '4b',
    city: 'Minneapolis, MN',
    zip: '55401',
    lowsF: [9, 13, 25, 37, 49, 59, 64, 62, 53, 40, 27, 15],
  },
  { zone: '5b', city: 'Denver, CO', zip: '80202', lowsF: [19, 20, 27, 34, 44, 53, 60, 58, 49, 37, 26, 19] },
  { zone: '6a', city: 'Chicago, IL', zip: '60601', lowsF: [18, 22, 31, 41, 51, 61, 67, 66, 58, 46, 34, 24] },
  {
    zone: '6b',
    city: 'Pittsburgh, PA',
    zip: '15222',
    lowsF: [21, 23, 30, 40, 50, 59, 64, 62, 55, 44, 35, 27],
  },
  { zone: '7b', city: 'New York, NY', zip: '10001', lowsF: [28, 29, 35, 45, 55, 65, 70, 69, 62, 51, 41, 33] },
  { zone: '8a', city: 'Atlanta, GA', zip: '30303', lowsF: [35, 38, 44, 51, 60, 68, 71, 71, 65, 54, 44, 38] },
  { zone: '9a', city: 'Houston, TX', zip: '77002', lowsF: [45, 48, 55, 61, 69, 74, 76, 76, 71, 62, 52, 46] },
  { zone: '9b', city: 'Orlando, FL', zip: '32801', lowsF: [50, 53, 57, 61, 67, 72, 74, 74, 73, 66, 58, 52] },
  { zone: '11a', city: 'Miami, FL', zip: '33130', lowsF: [61, 63, 66, 69, 73, 76, 77, 78, 77, 74, 68, 64] },
];

/** The monthly lows a zone is judged by (ZONE_CLIMATE's rule for a zone without a city). */
function monthlyLows(zone: HardinessZone): readonly number[] {
  const rank = zoneRank(zone);
  let nearest = ZONE_CLIMATE[0] as (typeof ZONE_CLIMATE)[number];
  for (const c of ZONE_CLIMATE) if (zoneRank(c.zone) <= rank) nearest = c;
  return nearest.lowsF;
}

/**
 * The typical low (°F) of a day in a zone: each month's average low taken as its 15th's, and the days between two
 * 15ths on the straight line between them.
 */
export function typicalLowF(zone: HardinessZone, day: IsoDate): number {
  const lows = monthlyLows(zone);
  const d = new Date(`${day}T00:00:00Z`);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  // The 15th at or before the day, and the next one.
  const startMonth = d.getUTCDate() >= 15 ? month : month - 1;
  const from = Date.UTC(year, startMonth, 15);
  const to = Date.UTC(year, startMonth + 1, 15);
  const a = lows[(startMonth + 12) % 12] as number;
  const b = lows[(startMonth + 13) % 12] as number;
  return a + ((b - a) * (d.getTime() - from)) / (to - from);
}

/** What the climate rule says of a shipment leaving on a day. */
export type HoldDecision =
  | { action: 'ship' }
  /** It ships with a heat pack; the buyer who would rather not may wait for `withoutFrom`. */
  | { action: 'heat-pack'; lowF: number; withoutFrom: IsoDate }
  /** Held until about `until` (then it ships, with a heat pack when `heatPack`). */
  | { action: 'hold'; lowF: number; until: IsoDate; heatPack: boolean };

/**
 * The climate's decision for a shipment of `shipsAs` leaving on `shipOn` for `zone`, `transitDays` on the road. Seeds,
 * and a destination without a known zone (the caller says so), are never held.
 */
export function weatherHold({
  zone,
  shipOn,
  shipsAs,
  transitDays,
}: {
  zone: HardinessZone;
  shipOn: IsoDate;
  shipsAs: ShipsAs;
  transitDays: number;
}): HoldDecision {
  if (!isHardinessZone(zone)) throw new RangeError(`not a hardiness zone: ${zone}`);
  if (shipsAs === 'seeds') return { action: 'ship' };
  const packs = transitDays <= HEAT_PACK_DAYS;
  const lowF = Math.round(typicalLowF(zone, shipOn));
  if (lowF >= HEAT_PACK_BELOW_F) return { action: 'ship' };
  const warmEnough = (threshold: number) => firstDayAtLeast(zone, shipOn, threshold);
  if (lowF >= HOLD_BELOW_F && packs)
    return { action: 'heat-pack', lowF, withoutFrom: warmEnough(HEAT_PACK_BELOW_F) };
  // Held: until a heat pack will do, or, when one cannot last the trip, until none is needed.
  const until = warmEnough(packs ? HOLD_BELOW_F : HEAT_PACK_BELOW_F);
  return { action: 'hold', lowF, until, heatPack: packs && typicalLowF(zone, until) < HEAT_PACK_BELOW_F };
}

/** The first day from `day` on whose typical low is at least `thresholdF` (within a year: every zone has one). */
function firstDayAtLeast(zone: HardinessZone, day: IsoDate, thresholdF: number): IsoDate {
  for (let n = 0; n <= 366; n++) {
    const candidate = addDays(day, n);
    if (Math.round(typicalLowF(zone, candidate)) >= thresholdF) return candidate;
  }
  throw new RangeError(`zone ${zone} never reaches ${thresholdF} °F`);
}

/** What the cart says of a held shipment: "Held until about March 10 for cold in zone 6a". */
export function holdText(decision: Extract<HoldDecision, { action: 'hold' }>, zone: HardinessZone): string {
  return `Held until about ${monthDay(decision.until)} for cold in zone ${zone}`;
}
