/**
 * A nursery's shipping rates (docs/product.md#shipping-rates): what a shipment of its plants costs the buyer, by what
 * the plants ship as. Each kind has a `first` price, charged once per shipment, and an `additional` price for every
 * further unit. A shipment mixing kinds pays the highest `first` among its kinds once and every other unit its own
 * kind's `additional` (Etsy's rule); a shipment whose lines reach `freeOver` ships free. Amounts are whole cents here;
 * the API and the form speak dollars, as prices do elsewhere.
 */
import { z } from 'zod';
import { SHIPPING_CENTS, type ShipsAs } from '../constants';
import { formatUSD, toCents } from '../money';
import { parseDecimal } from '../numbers';

/** The kinds a rate is set for, by the API's key, each with what a listing ships as. */
export const RATE_KINDS = {
  seeds: 'seeds',
  unrootedCutting: 'unrooted-cutting',
  bareRoot: 'bare-root',
  potted: 'potted',
} as const satisfies Record<string, ShipsAs>;
export type RateKind = keyof typeof RATE_KINDS;
export const RATE_KIND_KEYS = Object.keys(RATE_KINDS) as RateKind[];

/** The rate key of what a listing ships as. */
export function rateKindOf(shipsAs: ShipsAs): RateKind {
  return RATE_KIND_KEYS.find((k) => RATE_KINDS[k] === shipsAs) as RateKind;
}

export const RATE_KIND_LABELS: Record<RateKind, string> = {
  seeds: 'Seeds',
  unrootedCutting: 'Unrooted cuttings',
  bareRoot: 'Bare-root plants',
  potted: 'Potted plants',
};

/** One kind's rate, in cents. */
export interface RateCents {
  firstCents: number;
  additionalCents: number;
}

/** A nursery's rates, in cents: one per kind, and the order value from which a shipment ships free (null: never). */
export interface ShippingRatesCents {
  kinds: Record<RateKind, RateCents>;
  freeOverCents: number | null;
}

/** The most a rate may be: $1,000. */
export const RATE_CENTS_MAX = 100_000;
/** The most a free-shipping threshold may be: $100,000. */
export const FREE_OVER_CENTS_MAX = 10_000_000;

/**
 * A new nursery's rates: the spec's $12.99 a shipment, whatever is in it, for every kind (`first` 12.99, `additional`
 * 0), never free. One nursery's cart still costs $12.99 to ship, and two nurseries' $25.98.
 */
export const DEFAULT_RATES: ShippingRatesCents = {
  kinds: Object.fromEntries(
    RATE_KIND_KEYS.map((k) => [k, { firstCents: SHIPPING_CENTS, additionalCents: 0 }]),
  ) as Record<RateKind, RateCents>,
  freeOverCents: null,
};

/** One line of a shipment, as its shipping sees it. */
export interface ShippedLine {
  shipsAs: ShipsAs;
  quantity: number;
  /** The unit price, in cents. */
  priceCents: number;
}

/**
 * What a shipment of these lines costs to ship under `rates`, in cents: nothing without lines or once the lines reach
 * the free-shipping threshold; else the highest `first` among the kinds in it, once, and every other unit its own
 * kind's `additional`.
 */
export function shipmentShippingCents(lines: readonly ShippedLine[], rates: ShippingRatesCents): number {
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  if (units === 0) return 0;
  const linesCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  if (rates.freeOverCents !== null && linesCents >= rates.freeOverCents) return 0;
  // The unit that pays `first` is one of the kind with the highest; it does not pay its `additional` too.
  let first: RateCents | null = null;
  let additional = 0;
  for (const l of lines) {
    if (l.quantity <= 0) continue;
    const rate = rates.kinds[rateKindOf(l.shipsAs)];
    additional += rate.additionalCents * l.quantity;
    if (first === null || rate.firstCents > first.firstCents) first = rate;
  }
  if (first === null) return 0;
  return first.firstCents + additional - first.additionalCents;
}

export const RATE_MESSAGES = {
  rates:
    'Shipping rates must give a first and an additional price for seeds, unrooted cuttings, bare-root and potted plants',
  amount: (what: string) =>
    `${what} must be an amount in dollars from 0 to 1000, with at most two decimals (e.g. 12.99)`,
  freeOver:
    'Free shipping over must be an amount in dollars from 0 to 100000, with at most two decimals, or empty for never',
} as const;

/** Dollars with at most two decimals, from 0 to `maxCents`, as cents; a form's text is accepted too. */
function dollarsToCents(message: string, maxCents: number) {
  return z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    // A text is plain decimal ("12", "12.9", "12.99"), as every amount a form takes: never an exponent, a hex number
    // or a blank; its sign and decimals are checked below, as a number's are.
    const n = typeof v === 'number' ? v : (parseDecimal(v.trim()) ?? Number.NaN);
    const cents = Number.isFinite(n) ? toCents(n) : Number.NaN;
    if (!Number.isSafeInteger(cents) || cents < 0 || cents > maxCents || Math.abs(n * 100 - cents) > 1e-6) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
}

const kindRateSchema = (kind: RateKind) =>
  z.object(
    {
      first: dollarsToCents(RATE_MESSAGES.amount(`${RATE_KIND_LABELS[kind]}: first item`), RATE_CENTS_MAX),
      additional: dollarsToCents(
        RATE_MESSAGES.amount(`${RATE_KIND_LABELS[kind]}: each additional item`),
        RATE_CENTS_MAX,
      ),
    },
    { error: RATE_MESSAGES.rates },
  );

/**
 * The rates as PUT /api/seller/profile takes them: `{ seeds, unrootedCutting, bareRoot, potted: { first, additional },
 * freeOver }` in dollars (`freeOver` null, absent or blank: never free), checked and turned into cents.
 */
export const shippingRatesSchema = z
  .object(
    {
      seeds: kindRateSchema('seeds'),
      unrootedCutting: kindRateSchema('unrootedCutting'),
      bareRoot: kindRateSchema('bareRoot'),
      potted: kindRateSchema('potted'),
      freeOver: z
        .union([z.number(), z.string(), z.null()], { error: RATE_MESSAGES.freeOver })
        .optional()
        .transform((v, ctx) => {
          if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
          const parsed = dollarsToCents(RATE_MESSAGES.freeOver, FREE_OVER_CENTS_MAX).safeParse(v);
          if (!parsed.success) {
            ctx.addIssue({ code: 'custom', message: RATE_MESSAGES.freeOver });
            return z.NEVER;
          }
          return parsed.data;
        }),
    },
    { error: RATE_MESSAGES.rates },
  )
  .transform(
    (r): ShippingRatesCents => ({
      kinds: {
        seeds: { firstCents: r.seeds.first, additionalCents: r.seeds.additional },
        unrootedCutting: {
          firstCents: r.unrootedCutting.first,
          additionalCents: r.unrootedCutting.additional,
        },
        bareRoot: { firstCents: r.bareRoot.first, additionalCents: r.bareRoot.additional },
        potted: { firstCents: r.potted.first, additionalCents: r.potted.additional },
      },
      freeOverCents: r.freeOver,
    }),
  );
export type ShippingRatesInput = z.input<typeof shippingRatesSchema>;

/** The rates in dollars, as GET /api/seller/profile answers them (the shape PUT takes). */
export interface ShippingRatesDollars {
  seeds: { first: number; additional: number };
  unrootedCutting: { first: number; additional: number };
  bareRoot: { first: number; additional: number };
  potted: { first: number; additional: number };
  freeOver: number | null;
}

/** The rates as the API answers them, in dollars; the one schema of that answer (shippingRatesResponse). */
export function ratesInDollars(rates: ShippingRatesCents): ShippingRatesDollars {
  const kind = (k: RateKind) => ({
    first: rates.kinds[k].firstCents / 100,
    additional: rates.kinds[k].additionalCents / 100,
  });
  return {
    seeds: kind('seeds'),
    unrootedCutting: kind('unrootedCutting'),
    bareRoot: kind('bareRoot'),
    potted: kind('potted'),
    freeOver: rates.freeOverCents === null ? null : rates.freeOverCents / 100,
  };
}

/** The rates in cents, from the API's dollars (a cart line's nursery's rates, as the client reads them). */
export function ratesInCents(rates: ShippingRatesDollars): ShippingRatesCents {
  const kind = (k: RateKind) => ({
    firstCents: toCents(rates[k].first),
    additionalCents: toCents(rates[k].additional),
  });
  return {
    kinds: {
      seeds: kind('seeds'),
      unrootedCutting: kind('unrootedCutting'),
      bareRoot: kind('bareRoot'),
      potted: kind('potted'),
    },
    freeOverCents: rates.freeOver === null ? null : toCents(rates.freeOver),
  };
}

let ratesResponse: z.ZodType<ShippingRatesDollars> | undefined;

/**
 * The schema of the rates as the API answers them (the seller's profile, each cart line's nursery), built on first
 * use and then kept: it registers its id (`ShippingRates`) once, and a bundle that never asks for it (the client's
 * first paint, which imports this area's face) never builds it.
 */
export function shippingRatesResponse(): z.ZodType<ShippingRatesDollars> {
  const rate = (what: string) =>
    z.object({
      first: z.number().min(0).describe(`What the first ${what} of a shipment costs to ship, in dollars`),
      additional: z.number().min(0).describe(`What each further ${what} adds, in dollars`),
    });
  ratesResponse ??= z
    .object({
      seeds: rate('packet of seeds'),
      unrootedCutting: rate('unrooted cutting'),
      bareRoot: rate('bare-root plant'),
      potted: rate('potted plant'),
      freeOver: z
        .number()
        .min(0)
        .nullable()
        .describe("From this value of a shipment's lines it ships free, in dollars; null: never"),
    })
    .describe(
      "A nursery's shipping rates, in dollars: per kind of what its listings ship as, and the lines' value from which a shipment ships free. A shipment mixing kinds pays the highest `first` once and every other unit its own kind's `additional`.",
    )
    .meta({ id: 'ShippingRates' });
  return ratesResponse;
}

/**
 * Whether a listing ships by freight under its nursery's `freightOverInches`: a potted plant taller than it (its
 * lengthInches, a rooted plant's height). Such a listing is listed, but bought by contacting the nursery, never online.
 */
export function isFreight(
  listing: { shipsAs: ShipsAs; lengthInches: number | null },
  freightOverInches: number | null,
): boolean {
  return (
    listing.shipsAs === 'potted' &&
    freightOverInches !== null &&
    listing.lengthInches !== null &&
    listing.lengthInches > freightOverInches
  );
}

/** What a listing that ships by freight says where it would be bought. */
export const FREIGHT_TEXT = 'Freight: contact the nursery';
/** The 409 of adding such a listing to a cart, or checking it out. */
export const freightRefusal = (title: string) =>
  `${title} ships by freight: contact the nursery to buy it, it can't be bought online`;

/** One kind's rate in words: "$6.50 for the first, $1.25 for each more", "$12.99 a shipment, however many", "Free". */
export function rateText({ first, additional }: { first: number; additional: number }): string {
  if (first === 0 && additional === 0) return 'Free';
  if (additional === 0) return `${formatUSD(first)} a shipment, however many`;
  return `${formatUSD(first)} for the first, ${formatUSD(additional)} for each more`;
}

/** A free-shipping threshold in words. */
export const freeOverText = (freeOver: number) =>
  `Free shipping on ${formatUSD(freeOver)} or more of its plants`;

/**
 * A nursery's rates as its storefront lists them: one line when every kind costs the same, else a line a kind
 * ("Potted plants: $24.99 for the first, $12.00 for each more"); then its free-shipping threshold, if any.
 */
export function ratesLines(rates: ShippingRatesDollars): string[] {
  const texts = RATE_KIND_KEYS.map((k) => rateText(rates[k]));
  const lines = texts.every((t) => t === texts[0])
    ? [texts[0] as string]
    : RATE_KIND_KEYS.map((k, i) => `${RATE_KIND_LABELS[k]}: ${texts[i]}`);
  return rates.freeOver === null ? lines : [...lines, freeOverText(rates.freeOver)];
}
