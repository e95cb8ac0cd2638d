/**
 * What a shipment's buyer is told before and after checkout (docs/product.md#ship-days-and-arrival, #weather-holds):
 * when it leaves and about when it arrives, and whether the climate holds it, or sends it with a heat pack. One
 * function for the cart (from the nurseries' facts the cart carries) and for checkout (from the sellers' locked rows),
 * so the order keeps what the cart said.
 */
import type { ShipsAs } from '../constants';
import {
  monthDay,
  type ShipDay,
  type ShipmentDates,
  shipmentDates,
  shipmentDatesText,
  transitDays,
} from './arrival';
import { type HoldDecision, holdText, weatherHold } from './holds';
import type { IsoDate } from './rules';
import type { StateCode } from './states';
import type { HardinessZone } from './zones';

/** A nursery's facts that say when its shipment leaves. */
export interface ShipperFacts {
  handlingDays: number;
  shipDays: readonly ShipDay[];
  /** Its holiday pause's last day (a past one changes nothing); null: none. */
  holidayUntil: IsoDate | null;
  /** Null until it says: no arrival can be told without it. */
  shipFromState: StateCode | null;
}

/** A shipment's outlook: its dates (null without the nursery's state) and the climate's decision (null without a zone). */
export interface ShipmentOutlook {
  dates: ShipmentDates | null;
  hold: HoldDecision | null;
}

/**
 * The outlook of a shipment of these kinds ordered on `orderedOn` from `shipper` to `to` (the destination's state and
 * hardiness zone, the zone null when its ZIP code has none). A live plant held for the cold leaves on the nursery's
 * first ship day once the hold ends, and its dates say so. Seeds only are never held.
 */
export function shipmentOutlook({
  orderedOn,
  shipper,
  to,
  kinds,
}: {
  orderedOn: IsoDate;
  shipper: ShipperFacts;
  to: { state: StateCode; zone: HardinessZone | null };
  kinds: readonly ShipsAs[];
}): ShipmentOutlook {
  const from = shipper.shipFromState;
  // Without a state to ship from, the day it leaves is still known; the days on the road are counted from the
  // destination to itself (the fewest), only to judge the cold, and no arrival is told.
  const dates = shipmentDates({ ...shipper, orderedOn, from: from ?? to.state, to: to.state });
  const live = kinds.find((k) => k !== 'seeds');
  if (to.zone === null || live === undefined) return { dates: from ? dates : null, hold: null };
  const road = transitDays(from ?? to.state, to.state)[1];
  const hold = weatherHold({ zone: to.zone, shipOn: dates.shipOn, shipsAs: live, transitDays: road });
  if (hold.action !== 'hold') return { dates: from ? dates : null, hold };
  // Held: it leaves on the first ship day on or after the hold's end.
  const later = shipmentDates({
    ...shipper,
    handlingDays: 0,
    orderedOn: hold.until,
    from: from ?? to.state,
    to: to.state,
  });
  return { dates: from ? later : null, hold };
}

/**
 * What the cart and the order say of a shipment's outlook, a sentence each: the hold ("Held until about March 10 for
 * cold in zone 6a"), the heat pack ("Ships with a heat pack against the cold in zone 7b"), then the dates ("Ships
 * Tuesday, arrives about Thursday to Saturday").
 */
export function outlookLines(outlook: ShipmentOutlook, zone: HardinessZone | null, today: IsoDate): string[] {
  const lines: string[] = [];
  const { hold, dates } = outlook;
  if (hold && zone) {
    if (hold.action === 'hold') lines.push(holdText(hold, zone));
    if (hold.action === 'heat-pack' || (hold.action === 'hold' && hold.heatPack))
      lines.push(`Ships with a heat pack against the cold in zone ${zone}`);
  }
  if (dates) lines.push(shipmentDatesText(dates, today));
  return lines;
}

/** A shipment's outlook as the order keeps it (the columns checkout wrote). */
export interface KeptOutlook {
  estimate: ShipmentDates | null;
  heldUntil: IsoDate | null;
  heatPack: boolean;
}

/**
 * What the order page says of a shipment still to leave, from what checkout kept: "Held for the cold until about
 * March 10", "Ships with a heat pack against the cold", and its dates.
 */
export function keptOutlookLines({ estimate, heldUntil, heatPack }: KeptOutlook, today: IsoDate): string[] {
  const lines: string[] = [];
  if (heldUntil) lines.push(`Held for the cold until about ${monthDay(heldUntil)}`);
  if (heatPack) lines.push('Ships with a heat pack against the cold');
  if (estimate) lines.push(shipmentDatesText(estimate, today));
  return lines;
}
