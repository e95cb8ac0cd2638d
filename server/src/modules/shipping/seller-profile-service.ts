import {
  certificateExpiredMessage,
  type IsoDate,
  type SellerCertificate,
  type SellerProfile,
  type SellerProfileFields,
  type StateCode,
  shippingToday,
} from '@domain/shipping';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { sellerCertificates, users } from '../../db/schema';
import { InvalidInput, NotFound } from '../../errors';
import type { BlockedDestinations } from './blocked-destinations';
import { returnAddressOf } from './profile-sql';
import { lookupZip, type ZipLookup, zipProblem } from './zips';

/**
 * A seller's shipping profile (docs/product.md#seller-shipping-profile): where its plants ship from, its business
 * name and return address, its licence, the states it does not ship to, and its certificates. The routes let
 * sellers alone in; the user is read by id.
 */
export class SellerProfileService {
  constructor(
    private readonly db: Db,
    /** Recomputes where the seller's listings may not ship (the catalog's filter), in the save's transaction. */
    private readonly blocked: BlockedDestinations,
    /** Today's date, against which a certificate's expiry is checked; a test may fix it. */
    private readonly today: () => IsoDate = () => shippingToday(),
    /** Where a ZIP code is: the return address's must lie in its state, as an address book's does. */
    private readonly zips: ZipLookup = lookupZip,
  ) {}

  async get(sellerId: number): Promise<SellerProfile> {
    return readProfile(this.db, sellerId);
  }

  /**
   * Replaces the profile, certificates included, in one transaction whose first statement locks the seller's row, so two
   * saves take turns and the last one wins whole. A certificate whose expiry date has passed is refused (400 on its
   * expiresOn), and so is a return address whose ZIP code is unknown or of another state (on returnAddress.zip), and
   * nothing is written. The seller's listings' blocked_to follow in the same transaction, so the
   * catalog's "Ships to" filter shows the new profile as soon as it is saved.
   */
  async update(sellerId: number, input: SellerProfileFields): Promise<SellerProfile> {
    const today = this.today();
    const refused: Record<string, string> = {};
    input.certificates.forEach((c, i) => {
      if (c.expiresOn < today)
        refused[`certificates.${i}.expiresOn`] = certificateExpiredMessage(c.expiresOn);
    });
    const zip = input.returnAddress && (await zipProblem(this.zips, input.returnAddress));
    if (zip) refused['returnAddress.zip'] = zip;
    const first = Object.values(refused)[0];
    if (first) throw new InvalidInput(first, refused);

    return this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          shipFromState: input.shipFromState,
          businessName: input.businessName,
          returnLine1: input.returnAddress?.line1 ?? null,
          returnLine2: input.returnAddress?.line2 ?? null,
          returnCity: input.returnAddress?.city ?? null,
          returnState: input.returnAddress?.state ?? null,
          returnZip: input.returnAddress?.zip ?? null,
          licence: input.licence,
          blockedStates: input.blockedStates,
          handlingDays: input.handlingDays,
        })
        .where(eq(users.id, sellerId))
        .returning({ id: users.id });
      if (!updated) throw new NotFound('Seller not found');
      await tx.delete(sellerCertificates).where(eq(sellerCertificates.sellerId, sellerId));
      if (input.certificates.length > 0)
        await tx.insert(sellerCertificates).values(input.certificates.map((c) => ({ sellerId, ...c })));
      await this.blocked.recomputeSeller(tx, sellerId);
      return readProfile(tx, sellerId);
    });
  }
}

async function readProfile(db: Db | Tx, sellerId: number): Promise<SellerProfile> {
  const [user] = await db
    .select({
      shipFromState: users.shipFromState,
      businessName: users.businessName,
      returnLine1: users.returnLine1,
      returnLine2: users.returnLine2,
      returnCity: users.returnCity,
      returnState: users.returnState,
      returnZip: users.returnZip,
      licence: users.licence,
      blockedStates: users.blockedStates,
      handlingDays: users.handlingDays,
    })
    .from(users)
    .where(eq(users.id, sellerId));
  if (!user) throw new NotFound('Seller not found');
  const certificates = await db
    .select({
      kind: sellerCertificates.kind,
      number: sellerCertificates.number,
      expiresOn: sellerCertificates.expiresOn,
    })
    .from(sellerCertificates)
    .where(eq(sellerCertificates.sellerId, sellerId))
    .orderBy(asc(sellerCertificates.kind));
  return {
    shipFromState: user.shipFromState as StateCode | null,
    businessName: user.businessName,
    returnAddress: returnAddressOf(user),
    licence: user.licence,
    blockedStates: user.blockedStates as StateCode[],
    certificates: certificates as SellerCertificate[],
    handlingDays: user.handlingDays,
  };
}
