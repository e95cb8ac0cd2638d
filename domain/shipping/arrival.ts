/**
 * When a shipment leaves and about when it arrives (docs/product.md#ship-days-and-arrival): the nursery's next ship
 * day once its handling time has passed (never in its holiday pause), then the days a parcel takes between the two
 * states' regions, delivered Monday to Saturday.
 */
import type { IsoDate } from './rules';
import type { StateCode } from './states';

export const SHIP_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type ShipDay = (typeof SHIP_DAYS)[number];
/** Monday to Wednesday: a parcel of live plants never waits in a depot over a weekend. */
export const DEFAULT_SHIP_DAYS: readonly ShipDay[] = ['mon', 'tue', 'wed'];
export const SHIP_DAY_LABELS: Record<ShipDay, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/**
 * The regions a parcel's time is counted between: the US Census Bureau's nine divisions of the contiguous states
 * (with DC), and Alaska, Hawaii and Puerto Rico each on its own.
 */
export const REGIONS = {
  'New England': ['CT', 'ME', 'MA', 'NH', 'RI', 'VT'],
  'Middle Atlantic': ['NJ', 'NY', 'PA'],
  'East North Central': ['IL', 'IN', 'MI', 'OH', 'WI'],
  'West North Central': ['IA', 'KS', 'MN', 'MO', 'NE', 'ND', 'SD'],
  'South Atlantic': ['DE', 'DC', 'FL', 'GA', 'MD', 'NC', 'SC', 'VA', 'WV'],
  'East South Central': ['AL', 'KY', 'MS', 'TN'],
  'West South Central': ['AR', 'LA', 'OK', 'TX'],
  Mountain: ['AZ', 'CO', 'ID', 'MT', 'NV', 'NM', 'UT', 'WY'],
  Pacific: ['CA', 'OR', 'WA'],
  Alaska: ['AK'],
  Hawaii: ['HI'],
  'Puerto Rico': ['PR'],
} as const satisfies Record<string, readonly StateCode[]>;
export type Region = keyof typeof REGIONS;

/** The contiguous divisions that share a border. */
const NEIGHBOURS: ReadonlyArray<readonly [Region, Region]> = [
  ['New England', 'Middle Atlantic'],
  ['Middle Atlantic', 'East North Central'],
  ['Middle Atlantic', 'South Atlantic'],
  ['East North Central', 'West North Central'],
  ['East North Central', 'East South Central'],
  ['East North Central', 'South Atlantic'],
  ['West North Central', 'East South Central'],
  ['West North Central', 'West South Central'],
  ['West North Central', 'Mountain'],
  ['South Atlantic', 'East South Central'],
  ['East South Central', 'West South Central'],
  ['West South Central', 'Mountain'],
  ['Mountain', 'Pacific'],
];

/**
 * Days on the road (fewest, most) by how many borders apart the two regions are, as Priority Mail's published
 * 1–3-day service and the ground services' 2–5 days run; Alaska, Hawaii and Puerto Rico from or to anywhere else
 * take OFFSHORE_DAYS.
 */
export const TRANSIT_DAYS: ReadonlyArray<readonly [number, number]> = [
  [1, 2], // the same region
  [2, 3], // neighbours
  [2, 4], // two borders apart
  [3, 5], // farther
];
export const OFFSHORE_DAYS: readonly [number, number] = [3, 6];

export function regionOf(state: StateCode): Region {
  for (const [region, states] of Object.entries(REGIONS) as Array<[Region, readonly StateCode[]]>)
    if (states.includes(state)) return region;
  throw new RangeError(`no region for ${state}`);
}

/** How many borders apart two contiguous regions are (a walk over NEIGHBOURS). */
function bordersApart(a: Region, b: Region): number {
  let frontier = new Set<Region>([a]);
  const seen = new Set<Region>([a]);
  for (let n = 0; frontier.size > 0; n++) {
    if (frontier.has(b)) return n;
    const next = new Set<Region>();
    for (const r of frontier)
      for (const [x, y] of NEIGHBOURS) {
        const other = x === r ? y : y === r ? x : null;
        if (other && !seen.has(other)) {
          seen.add(other);
          next.add(other);
        }
      }
    frontier = next;
  }
  return Number.POSITIVE_INFINITY;
}

/** The fewest and most days a parcel takes from one state to another. */
export function transitDays(from: StateCode, to: StateCode): readonly [number, number] {
  const a = regionOf(from);
  const b = regionOf(to);
  if (a === b) return TRANSIT_DAYS[0] as readonly [number, number];
  const apart = bordersApart(a, b);
  if (!Number.isFinite(apart)) return OFFSHORE_DAYS;
  return TRANSIT_DAYS[Math.min(apart, TRANSIT_DAYS.length - 1)] as readonly [number, number];
}

/**
 * The fewest and most days a parcel takes from `from` to anywhere in the contiguous states (Alaska, Hawaii and Puerto
 * Rico take OFFSHORE_DAYS, said apart): what a listing's structured data says when the buyer's state is not known.
 */
export function contiguousTransitDays(from: StateCode): readonly [number, number] {
  let fewest = Number.POSITIVE_INFINITY;
  let most = 0;
  for (const [region, states] of Object.entries(REGIONS) as Array<[Region, readonly StateCode[]]>) {
    if (region === 'Alaska' || region === 'Hawaii' || region === 'Puerto Rico') continue;
    const [min, max] = transitDays(from, states[0] as StateCode);
    fewest = Math.min(fewest, min);
    most = Math.max(most, max);
  }
  return [fewest, most];
}

const DAY_MS = 86_400_000;
const toTime = (iso: IsoDate) => Date.parse(`${iso}T00:00:00Z`);
const toIso = (t: number) => new Date(t).toISOString().slice(0, 10) as IsoDate;

/** The day `days` after `day` (before it when negative), 'YYYY-MM-DD'. */
export function addDays(day: IsoDate, days: number): IsoDate {
  return toIso(toTime(day) + days * DAY_MS);
}
const weekday = (t: number) => SHIP_DAYS[(new Date(t).getUTCDay() + 6) % 7] as ShipDay;

/** A shipment's dates: the day it leaves, and the first and last day it may arrive. */
export interface ShipmentDates {
  shipOn: IsoDate;
  arriveFrom: IsoDate;
  arriveTo: IsoDate;
}

/**
 * When a shipment of an order placed on `orderedOn` leaves and arrives: the first of the nursery's ship days on or
 * after its handling time has passed (`orderedOn` plus `handlingDays`) and after its holiday pause (`holidayUntil`,
 * the last day away), then `transitDays` counted over the days parcels are delivered (Monday to Saturday).
 */
export function shipmentDates({
  orderedOn,
  handlingDays,
  shipDays,
  holidayUntil,
  from,
  to,
}: {
  orderedOn: IsoDate;
  handlingDays: number;
  shipDays: readonly ShipDay[];
  holidayUntil: IsoDate | null;
  from: StateCode;
  to: StateCode;
}): ShipmentDates {
  const t = toTime(firstShipDay({ orderedOn, handlingDays, shipDays, holidayUntil }));
  const [fewest, most] = transitDays(from, to);
  const deliveredAfter = (days: number) => {
    let d = t;
    for (let left = days; left > 0; ) {
      d += DAY_MS;
      if (weekday(d) !== 'sun') left--;
    }
    return d;
  };
  return {
    shipOn: toIso(t),
    arriveFrom: toIso(deliveredAfter(fewest)),
    arriveTo: toIso(deliveredAfter(most)),
  };
}

/**
 * The first of the nursery's ship days on or after `orderedOn` plus `handlingDays`, and after its holiday pause's last
 * day (`holidayUntil`; a past one changes nothing).
 */
export function firstShipDay({
  orderedOn,
  handlingDays,
  shipDays,
  holidayUntil,
}: {
  orderedOn: IsoDate;
  handlingDays: number;
  shipDays: readonly ShipDay[];
  holidayUntil: IsoDate | null;
}): IsoDate {
  if (shipDays.length === 0) throw new RangeError('a nursery ships on one day of the week at least');
  let t = toTime(orderedOn) + handlingDays * DAY_MS;
  if (holidayUntil !== null) t = Math.max(t, toTime(holidayUntil) + DAY_MS);
  while (!shipDays.includes(weekday(t))) t += DAY_MS;
  return toIso(t);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const dayName = (iso: IsoDate) => SHIP_DAY_LABELS[weekday(toTime(iso))];
/** "March 10", from 'YYYY-MM-DD'. */
export function monthDay(iso: IsoDate): string {
  const d = new Date(toTime(iso));
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/**
 * What the cart says of a shipment: "Ships Tuesday, arrives about Thursday to Saturday" within the coming week of
 * `today`, else by date: "Ships January 5, arrives about January 7 to 9".
 */
export function shipmentDatesText({ shipOn, arriveFrom, arriveTo }: ShipmentDates, today: IsoDate): string {
  const withinAWeek = toTime(arriveTo) - toTime(today) < 7 * DAY_MS;
  const name = withinAWeek ? dayName : monthDay;
  const arrival =
    arriveFrom === arriveTo
      ? name(arriveFrom)
      : !withinAWeek && arriveFrom.slice(0, 7) === arriveTo.slice(0, 7)
        ? `${monthDay(arriveFrom)} to ${new Date(toTime(arriveTo)).getUTCDate()}`
        : `${name(arriveFrom)} to ${name(arriveTo)}`;
  return `Ships ${name(shipOn)}, arrives about ${arrival}`;
}

/** What a listing of a nursery on a holiday pause says: "Ships after January 5". */
export function holidayText(holidayUntil: IsoDate): string {
  return `Ships after ${monthDay(holidayUntil)}`;
}

/** The days a nursery ships, as a storefront says them: "Monday to Wednesday", "Monday and Thursday". */
export function shipDaysText(days: readonly ShipDay[]): string {
  const sorted = SHIP_DAYS.filter((d) => days.includes(d));
  const first = sorted[0];
  if (first === undefined) return '';
  const consecutive = sorted.every((d, i) => SHIP_DAYS.indexOf(d) === SHIP_DAYS.indexOf(first) + i);
  const names = sorted.map((d) => SHIP_DAY_LABELS[d]);
  if (sorted.length === 7) return 'Every day';
  if (consecutive && sorted.length >= 3) return `${names[0]} to ${names[names.length - 1]}`;
  return names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What a storefront says of a nursery's holiday pause. */
export function holidayNotice({ until, takeOrders }: { until: IsoDate; takeOrders: boolean }): string {
  return takeOrders
    ? `Away until ${monthDay(until)}: orders placed now ship after then`
    : `Away until ${monthDay(until)} and not taking orders until then`;
}
