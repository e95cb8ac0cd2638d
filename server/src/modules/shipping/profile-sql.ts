import { type SQL, sql } from 'drizzle-orm';

/**
 * The certificates of the seller `sellerId` names, as a JSON array of {kind, number, expiresOn} (SellerCertificate):
 * one sub-select, so a statement reads a seller's whole shipping profile with its other columns. Every reader of
 * the profile for decideShipping uses it: the shipping check, checkout, and what keeps products.blocked_to.
 */
export const certificatesOf = (sellerId: SQL): SQL =>
  sql`coalesce((select json_agg(json_build_object('kind', sc.kind, 'number', sc.number, 'expiresOn', sc.expires_on))
                from seller_certificates sc where sc.seller_id = ${sellerId}), '[]'::json)`;
