/**
 * Where a plant may be shipped (docs/product.md#shipping-rules): the per-state plant shipping rules as data, and the
 * pure function that decides one (seller, listing, destination) triple from them. Guidance, not legal advice: each
 * rule carries its source and the day it was last checked against it, and changing a rule is a change of this table
 * alone (docs/architecture.md#how-to-add-a-shipping-rule).
 *
 * The facts come from /work/shared/research/plant-shipping.md (issue 15's research note), and so do the source
 * addresses: they are the official pages that note names, and should be re-verified against the agencies' current
 * pages before anyone relies on them.
 */
import type { ShipsAs } from '../constants';
import { STATE_CODES, type StateCode, stateName } from './states';

/** Compliance certificates a seller may keep on file (the seller's shipping profile), each with a number and expiry. */
export const CERTIFICATE_KINDS = [
  'ca-nematode',
  'az-nursery-inspection',
  'fl-inspection',
  'tx-phytosanitary',
] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const CERTIFICATE_LABELS: Record<CertificateKind, string> = {
  'ca-nematode': 'California nematode quarantine compliance',
  'az-nursery-inspection': 'Arizona nursery stock inspection certificate',
  'fl-inspection': 'Certificate of inspection for nursery stock entering Florida',
  'tx-phytosanitary': 'Phytosanitary certificate for Texas',
};

const KINDS = new Set<string>(CERTIFICATE_KINDS);
export function isCertificateKind(value: string): value is CertificateKind {
  return KINDS.has(value);
}

/** A calendar day, 'YYYY-MM-DD'. Such strings compare in date order. */
export type IsoDate = string;

/** What a rule does to a shipment it matches. */
export type RuleEffect = 'blocked' | 'needs-certificate' | 'allowed';

export interface ShippingRule {
  /** A stable slug: decisions and logs name the rule by it. */
  id: string;
  name: string;
  /** The states the plant ships from; 'any' is every state but the destination. */
  origins: readonly StateCode[] | 'any';
  /** The state it ships to; 'any' is every state but the origin. */
  destination: StateCode | 'any';
  /** The ways of shipping it covers; seeds are covered only by the rules that list them. */
  appliesTo: readonly ShipsAs[];
  effect: RuleEffect;
  /** The certificate a 'needs-certificate' rule asks for. */
  certificate?: CertificateKind;
  /** One line a buyer reads; `{origin}` stands for the state the plant ships from. */
  reason: string;
  /**
   * The same for a grower, first, in plain words (the reason and the rule's source are one click away): what the
   * state does not let in, and for a rule that needs a certificate, that the nursery has none on file.
   * `{origin}` and `{destination}` stand for the states' names.
   */
  plain: string;
  /** What the package must carry on the outside when the rule applies. */
  label?: string;
  sourceUrl: string;
  /** The day the rule was last checked against its source. */
  verifiedOn: IsoDate;
}

/** Everything that grows: cuttings, bare-root plants, potted plants. Seeds are not in it. */
const PLANT_MATERIAL = ['unrooted-cutting', 'bare-root', 'potted'] as const satisfies readonly ShipsAs[];
const ROOTED = ['bare-root', 'potted'] as const satisfies readonly ShipsAs[];
const EVERYTHING = ['unrooted-cutting', 'bare-root', 'potted', 'seeds'] as const satisfies readonly ShipsAs[];

/** The area under California's burrowing and reniform nematode exterior quarantine (CCR 3271, PQM 315). */
const NEMATODE_QUARANTINE_STATES = [
  'AL',
  'AR',
  'FL',
  'GA',
  'HI',
  'LA',
  'MS',
  'NC',
  'SC',
  'TX',
  'PR',
] as const satisfies readonly StateCode[];

/**
 * The states all or partly under the imported fire ant quarantine. The research note says to verify which are; the
 * whole state is taken for each, which refuses more than the law may, never less.
 */
const FIRE_ANT_STATES = [
  'AL',
  'AR',
  'FL',
  'GA',
  'LA',
  'MS',
  'NC',
  'OK',
  'SC',
  'TN',
  'TX',
  'VA',
  'PR',
] as const satisfies readonly StateCode[];

const VERIFIED_ON = '2026-11-24';

/** The Hawaii parcel marking (Hawaii Department of Agriculture). */
export const HAWAII_LABEL = 'Contains Agricultural Material - May Be Opened for Inspection';
/** What a parcel into California must show (Food and Agricultural Code section 6501). */
export const CALIFORNIA_LABEL =
  "Shipper's and receiver's names and addresses, the state where grown, and the contents";

/**
 * The rules, in the order their reasons are given when several refuse. A shipment from a state to itself is never
 * restricted by these interstate rules.
 */
export const SHIPPING_RULES: readonly ShippingRule[] = [
  {
    id: 'ca-nematode-quarantine',
    name: 'California nematode quarantine',
    origins: NEMATODE_QUARANTINE_STATES,
    destination: 'CA',
    // Roots (aerial roots included), soil and cuttings for propagation: everything but seeds.
    appliesTo: PLANT_MATERIAL,
    effect: 'needs-certificate',
    certificate: 'ca-nematode',
    plain: 'California lets in cuttings and plants from {origin} only with a nematode quarantine certificate',
    reason: 'California nematode quarantine (rooted plants and cuttings from {origin})',
    sourceUrl: 'https://pi.cdfa.ca.gov/pqm/manual/htm/315.htm',
    verifiedOn: VERIFIED_ON,
  },
  {
    id: 'ca-shipment-label',
    name: 'Every shipment into California',
    origins: 'any',
    destination: 'CA',
    appliesTo: EVERYTHING,
    effect: 'allowed',
    plain: 'California asks every plant parcel to say who sent it, where it grew and what it holds',
    reason: 'California asks every plant parcel to say who sent it, where it grew and what it holds',
    label: CALIFORNIA_LABEL,
    sourceUrl:
      'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=FAC&sectionNum=6501.',
    verifiedOn: VERIFIED_ON,
  },
  {
    id: 'hi-to-mainland',
    name: 'Hawaii to the other states',
    origins: ['HI'],
    destination: 'any',
    // To verify: the research note marks the federal rule (revised in 2009) as seen second-hand, and says nothing
    // of cactus seeds, which are left out here.
    appliesTo: PLANT_MATERIAL,
    effect: 'blocked',
    plain: 'Cactus plants and cuttings may not leave Hawaii for the other states',
    reason: 'Federal quarantine: cactus plants and cuttings may not leave Hawaii for the other states',
    sourceUrl: 'https://www.ecfr.gov/current/title-7/section-318.13',
    verifiedOn: VERIFIED_ON,
  },
  {
    id: 'hi-no-soil',
    name: 'Other states to Hawaii: no soil',
    origins: 'any',
    destination: 'HI',
    appliesTo: ['potted'],
    effect: 'blocked',
    plain: 'Hawaii does not let in plants in soil, so a potted plant cannot go there',
    reason: 'Hawaii accepts plants only free of soil (no potted plants)',
    sourceUrl:
      'https://hdoa.hawaii.gov/pi/pq/travel-information/traveling-from-the-u-s-mainland-to-hawai%ca%bbi',
    verifiedOn: VERIFIED_ON,
  },
  {
    id: 'hi-inspection-label',
    name: 'Other states to Hawaii: inspection on arrival',
    origins: 'any',
    destination: 'HI',
    appliesTo: ['unrooted-cutting', 'bare-root', 'seeds'],
    effect: 'allowed',
    plain: 'Hawaii inspects plant parcels when they arrive',
    reason: 'Hawaii inspects plant material on arrival',
    label: HAWAII_LABEL,
    sourceUrl:
      'https://hdoa.hawaii.gov/pi/pq/travel-information/traveling-from-the-u-s-mainland-to-hawai%ca%bbi',
    verifiedOn: VERIFIED_ON,
  },
  {
    id: 'az-fire-ant-quarantine',
    name: 'Arizona: rooted plants from fire ant quarantine areas',
    origins: FIRE_ANT_STATES,
    destination: 'AZ',
    // Only a receiver with an approved quarantine holding area may take them, and a home buyer has none.
    appliesTo: ROOTED,
    effect: 'blocked',
    plain:
      'Arizona does not let rooted plants in from {origin}, where fire ants live, except to a quarantine holding area',
    reason: 'Arizona fire ant quarantine (rooted plants from {origin} need a quarantine holding area)',
    sourceUrl: 'https://agriculture.az.gov/plantsproduce/what-we-grow/green-industry',
    verifiedOn: VERIFIED_ON,
  },
  {
    id: 'az-nursery-inspection',
    name: 'Arizona nursery stock inspection',
    origins: 'any',
    destination: 'AZ',
    appliesTo: PLANT_MATERIAL,
    effect: 'needs-certificate',
    certificate: 'az-nursery-inspection',
    plain: 'Arizona lets in cuttings and plants from other states only with a nursery inspection certificate',
    reason: 'Arizona nursery stock rules (plants and cuttings from other states)',
    sourceUrl: 'https://agriculture.az.gov/plantsproduce/what-we-grow/green-industry',
    verifiedOn: VERIFIED_ON,
  },
  {
    id: 'fl-nursery-inspection',
    name: 'Florida certificate of inspection',
    origins: 'any',
    destination: 'FL',
    appliesTo: PLANT_MATERIAL,
    effect: 'needs-certificate',
    certificate: 'fl-inspection',
    plain: 'Florida lets in cuttings and plants from other states only with a certificate of inspection',
    reason: 'Florida nursery stock rules (plants and cuttings from other states)',
    sourceUrl:
      'https://www.freshfromflorida.com/Divisions-Offices/Plant-Industry/Business-Services/Registrations-and-Certifications/Nursery-and-Stock-Dealer-Registration-Information',
    verifiedOn: VERIFIED_ON,
  },
  {
    id: 'tx-phytosanitary',
    name: 'Texas phytosanitary certificate',
    origins: 'any',
    destination: 'TX',
    appliesTo: PLANT_MATERIAL,
    effect: 'needs-certificate',
    certificate: 'tx-phytosanitary',
    plain: 'Texas lets in cuttings and plants from other states only with a phytosanitary certificate',
    reason: 'Texas plant rules (plants and cuttings from other states)',
    sourceUrl: 'https://texasagriculture.gov/Regulatory-Programs/Quarantines',
    verifiedOn: VERIFIED_ON,
  },
];

/** A certificate the seller keeps on file. */
export interface SellerCertificate {
  kind: CertificateKind;
  number: string;
  /** The last day it is valid. */
  expiresOn: IsoDate;
}

/** What the decision reads of the seller: their shipping profile. */
export interface ShippingSeller {
  shipFromState: StateCode | null;
  blockedStates: readonly StateCode[];
  certificates: readonly SellerCertificate[];
}

/** What the decision reads of the listing. */
export interface ShippingListing {
  shipsAs: ShipsAs;
}

export type ShippingDecision =
  | {
      status: 'allowed';
      /** What the package must carry on the outside, each text once. */
      labels: string[];
      /** The seller's certificates the shipment travels with, when a rule asks for any. */
      certificates?: Array<{ kind: CertificateKind; number: string }>;
    }
  | {
      status: 'blocked';
      /** One line for the buyer. */
      reason: string;
      /** The same for a grower, in plain words (ShippingRule.plain; the seller's own choices say so too). */
      plain: string;
      /** The rule that refused, when one did (not the seller's own choices). */
      ruleId?: string;
      sourceUrl?: string;
    };

export const NO_SHIP_FROM_STATE = 'The seller has not said where it ships from';
export const sellerBlocksMessage = (state: StateCode) => `The seller does not ship to ${state}`;
const NO_SHIP_FROM_PLAIN = 'This nursery has not said where it ships from yet, so it cannot ship anywhere';
const sellerBlocksPlain = (state: StateCode) => `This nursery does not ship to ${stateName(state)}`;
const NO_CERTIFICATE_PLAIN = 'and this nursery does not have one on file';

function matches(rule: ShippingRule, origin: StateCode, destination: StateCode, shipsAs: ShipsAs): boolean {
  return (
    (rule.origins === 'any' || rule.origins.includes(origin)) &&
    (rule.destination === 'any' || rule.destination === destination) &&
    rule.appliesTo.includes(shipsAs)
  );
}

function reasonOf(rule: ShippingRule, origin: StateCode): string {
  return rule.reason.replaceAll('{origin}', origin);
}

function plainOf(rule: ShippingRule, origin: StateCode, destination: StateCode): string {
  return rule.plain
    .replaceAll('{origin}', stateName(origin))
    .replaceAll('{destination}', stateName(destination));
}

/**
 * Whether a rule asks the seller for a certificate for this origin, destination and way of shipping: only then does
 * decideShipping read the seller's certificates, so a caller may leave them out (an empty list) otherwise.
 */
export function needsCertificates(
  origin: StateCode | null,
  destination: StateCode,
  shipsAs: ShipsAs,
  rules: readonly ShippingRule[] = SHIPPING_RULES,
): boolean {
  if (origin === null || origin === destination) return false;
  return rules.some((r) => r.effect === 'needs-certificate' && matches(r, origin, destination, shipsAs));
}

/**
 * Decides whether `listing` from `seller` may go to `destination` on `today`: allowed (with the package's labels
 * and the certificates it travels with), or blocked with the reason. A rule that blocks wins over the others; a
 * rule that needs a certificate blocks when the seller has none of that kind valid on `today` (the expiry day
 * counts as valid). Pure: no clock, no I/O; `rules` defaults to SHIPPING_RULES.
 */
export function decideShipping(
  seller: ShippingSeller,
  listing: ShippingListing,
  destination: StateCode,
  today: IsoDate,
  rules: readonly ShippingRule[] = SHIPPING_RULES,
): ShippingDecision {
  const origin = seller.shipFromState;
  if (origin === null)
    return { status: 'blocked', reason: NO_SHIP_FROM_STATE, plain: `${NO_SHIP_FROM_PLAIN}.` };
  if (seller.blockedStates.includes(destination))
    return {
      status: 'blocked',
      reason: sellerBlocksMessage(destination),
      plain: `${sellerBlocksPlain(destination)}.`,
    };
  if (origin === destination) return { status: 'allowed', labels: [] };

  const applying = rules.filter((rule) => matches(rule, origin, destination, listing.shipsAs));
  const blocking = applying.find((rule) => rule.effect === 'blocked');
  if (blocking)
    return {
      status: 'blocked',
      reason: reasonOf(blocking, origin),
      plain: `${plainOf(blocking, origin, destination)}.`,
      ruleId: blocking.id,
      sourceUrl: blocking.sourceUrl,
    };

  const labels: string[] = [];
  const certificates: Array<{ kind: CertificateKind; number: string }> = [];
  for (const rule of applying) {
    if (rule.effect === 'needs-certificate' && rule.certificate) {
      const kind = rule.certificate;
      const held = seller.certificates.find((c) => c.kind === kind && c.expiresOn >= today);
      if (!held)
        return {
          status: 'blocked',
          reason: `${reasonOf(rule, origin)} needs a certificate the seller does not have on file (${CERTIFICATE_LABELS[kind]})`,
          plain: `${plainOf(rule, origin, destination)}, ${NO_CERTIFICATE_PLAIN}.`,
          ruleId: rule.id,
          sourceUrl: rule.sourceUrl,
        };
      if (!certificates.some((c) => c.kind === kind)) certificates.push({ kind, number: held.number });
    }
    if (rule.label && !labels.includes(rule.label)) labels.push(rule.label);
  }
  return certificates.length > 0
    ? { status: 'allowed', certificates, labels }
    : { status: 'allowed', labels };
}

/**
 * Bump when decideShipping's logic changes (not its rules: a change of SHIPPING_RULES is seen by itself). The server
 * keeps every listing's blockedDestinations in products.blocked_to and recomputes them all at start-up when the
 * fingerprint of this version, STATE_CODES and SHIPPING_RULES differs from the one it stored
 * (docs/database.md#what-keeps-blocked_to-right).
 */
export const BLOCKED_DESTINATIONS_VERSION = 1;

/**
 * The places (of STATE_CODES, in its order) where a listing shipped as `shipsAs` by `seller` may not go on `today`:
 * each one decideShipping refuses. What the catalog's "Ships to" filter hides; the same seller profile, way of
 * shipping and day give the same array, so listings share it (and the facet summary's rows).
 */
export function blockedDestinations(
  seller: ShippingSeller,
  shipsAs: ShipsAs,
  today: IsoDate,
  rules: readonly ShippingRule[] = SHIPPING_RULES,
): StateCode[] {
  return STATE_CODES.filter(
    (state) => decideShipping(seller, { shipsAs }, state, today, rules).status === 'blocked',
  );
}

/**
 * The buyer-facing line: "Ships to CA" or "Can't ship to CA: <why, in a grower's words>". The rule's own wording and
 * its source are one click away wherever the line shows (the listing's page, the cart), never instead of it.
 */
export function shippingDecisionText(decision: ShippingDecision, destination: StateCode): string {
  return decision.status === 'allowed'
    ? `Ships to ${destination}`
    : `Can't ship to ${destination}: ${decision.plain}`;
}

/**
 * The calendar in US Eastern time, made once: building an Intl.DateTimeFormat costs about a tenth of a
 * millisecond, which every checkout paid when shippingToday made its own.
 */
const easternDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last answer of shippingToday and the minute it is for (Eastern time's offset is whole minutes). */
let lastDay = { minute: Number.NaN, date: '' as IsoDate };

/** Today's date as the rules and the certificates' expiry dates count it: the calendar day in US Eastern time. */
export function shippingToday(now: Date = new Date()): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) {
    const parts = easternDate.formatToParts(now);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    lastDay = { minute, date: `${part('year')}-${part('month')}-${part('day')}` };
  }
  return lastDay.date;
}
