import type { StateCode } from '@domain/shipping';
import type { ShippingRatesCents } from '@domain/shipping/rates';
import type { ReturnAddress } from '@domain/shipping/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { users } from '../../db/schema';

/**
 * The certificates of the seller `sellerId` names, as a JSON array of {kind, number, expiresOn} (SellerCertificate):
 * one sub-select, so a statement reads a seller's whole shipping profile with its other columns. Every reader of
 * the profile for decideShipping uses it: the shipping check, checkout, and what keeps products.blocked_to.
 */
export const certificatesOf = (sellerId: SQL): SQL =>
  sql`coalesce((select json_agg(json_build_object('kind', sc.kind, 'number', sc.number, 'expiresOn', sc.expires_on))
                from seller_certificates sc where sc.seller_id = ${sellerId}), '[]'::json)`;

/** A seller's return address as its users row holds it. */
export type ReturnAddressColumns = Pick<
  typeof users.$inferSelect,
  'returnLine1' | 'returnLine2' | 'returnCity' | 'returnState' | 'returnZip'
>;

/** The SQL that selects the return address of the users row `alias` under its names in ReturnAddressColumns. */
export const returnAddressSelect = (alias: string): SQL =>
  sql.raw(
    `${alias}.return_line1 as "returnLine1", ${alias}.return_line2 as "returnLine2", ${alias}.return_city as "returnCity",
     ${alias}.return_state as "returnState", ${alias}.return_zip as "returnZip"`,
  );

/** A seller's return address from its row: all its parts, or null when it has none (the table keeps it whole). */
export function returnAddressOf(row: ReturnAddressColumns): ReturnAddress | null {
  if (
    row.returnLine1 === null ||
    row.returnCity === null ||
    row.returnState === null ||
    row.returnZip === null
  )
    return null;
  return {
    line1: row.returnLine1,
    line2: row.returnLine2,
    city: row.returnCity,
    state: row.returnState as StateCode,
    zip: row.returnZip,
  };
}

/** A seller's shipping rates as its users row holds them (domain/shipping/rates.ts). */
export type ShippingRateColumns = Pick<
  typeof users.$inferSelect,
  | 'shipSeedsFirstCents'
  | 'shipSeedsAdditionalCents'
  | 'shipCuttingFirstCents'
  | 'shipCuttingAdditionalCents'
  | 'shipBareRootFirstCents'
  | 'shipBareRootAdditionalCents'
  | 'shipPottedFirstCents'
  | 'shipPottedAdditionalCents'
  | 'freeShippingOverCents'
>;

/** A seller's shipping rates from its row, in cents. */
export function shippingRatesOf(row: ShippingRateColumns): ShippingRatesCents {
  return {
    kinds: {
      seeds: { firstCents: row.shipSeedsFirstCents, additionalCents: row.shipSeedsAdditionalCents },
      unrootedCutting: {
        firstCents: row.shipCuttingFirstCents,
        additionalCents: row.shipCuttingAdditionalCents,
      },
      bareRoot: { firstCents: row.shipBareRootFirstCents, additionalCents: row.shipBareRootAdditionalCents },
      potted: { firstCents: row.shipPottedFirstCents, additionalCents: row.shipPottedAdditionalCents },
    },
    freeOverCents: row.freeShippingOverCents,
  };
}

/** The users row's columns for these rates (a profile's save). */
export function shippingRateColumns(rates: ShippingRatesCents): ShippingRateColumns {
  const { seeds, unrootedCutting, bareRoot, potted } = rates.kinds;
  return {
    shipSeedsFirstCents: seeds.firstCents,
    shipSeedsAdditionalCents: seeds.additionalCents,
    shipCuttingFirstCents: unrootedCutting.firstCents,
    shipCuttingAdditionalCents: unrootedCutting.additionalCents,
    shipBareRootFirstCents: bareRoot.firstCents,
    shipBareRootAdditionalCents: bareRoot.additionalCents,
    shipPottedFirstCents: potted.firstCents,
    shipPottedAdditionalCents: potted.additionalCents,
    freeShippingOverCents: rates.freeOverCents,
  };
}

/**
 * A seller's shipping rates as one JSON value in the shape of ShippingRatesCents, from the users row `u` names: for a
 * statement that reads them beside other columns (checkout, the cart), so the rates come from the row it reads or
 * locks, whole.
 */
export const shippingRatesJson = (u: SQL): SQL => {
  const kind = (first: string, additional: string) =>
    sql`json_build_object('firstCents', ${u}.${sql.raw(first)}, 'additionalCents', ${u}.${sql.raw(additional)})`;
  return sql`json_build_object(
    'kinds', json_build_object(
      'seeds', ${kind('ship_seeds_first_cents', 'ship_seeds_additional_cents')},
      'unrootedCutting', ${kind('ship_cutting_first_cents', 'ship_cutting_additional_cents')},
      'bareRoot', ${kind('ship_bare_root_first_cents', 'ship_bare_root_additional_cents')},
      'potted', ${kind('ship_potted_first_cents', 'ship_potted_additional_cents')}),
    'freeOverCents', ${u}.free_shipping_over_cents)`;
};

/**
 * isFreight (domain/shipping/rates.ts) in SQL, for the listing row `p` and its seller's row `u`: true or false, never
 * null. For a statement that must not write what the rule refuses (the cart's add); what a reader shows is decided by
 * isFreight itself, and the API tests hold the two to the same listings.
 */
export const isFreightSql = (p: SQL, u: SQL): SQL =>
  sql`coalesce(${p}.ships_as = 'potted' and ${p}.length_inches > ${u}.freight_over_inches, false)`;
