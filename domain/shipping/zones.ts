/**
 * USDA plant hardiness zones (docs/product.md#hardiness-zones): the half-zones from 1a (coldest winters) to 13b
 * (warmest), each 5 °F of average extreme winter low. What a grower's zone is comes from its ZIP code
 * (server/src/modules/shipping/hardiness-zones.ts).
 */
export const HARDINESS_ZONES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].flatMap((n) => [`${n}a`, `${n}b`]);
export type HardinessZone = string;

/** True for a zone named as the table names them: 1a to 13b. */
export function isHardinessZone(value: string): value is HardinessZone {
  return HARDINESS_ZONES.includes(value);
}

/** A zone's place in the order, coldest first: 1a is 0, 13b is 25 (−1 for anything else). */
export function zoneRank(zone: HardinessZone): number {
  return HARDINESS_ZONES.indexOf(zone);
}

/** The average extreme winter low a zone starts at, in °F: 1a −60, each half-zone 5 °F warmer, 13b 65. */
export function zoneLowF(zone: HardinessZone): number {
  return -60 + 5 * zoneRank(zone);
}

export const ZONE_MESSAGES = {
  zip: 'Enter a 5-digit ZIP code',
  unknown: (zip: string) => `No hardiness zone is known for ZIP ${zip}`,
} as const;
