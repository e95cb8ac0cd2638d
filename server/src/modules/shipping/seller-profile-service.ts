import { MESSAGES as ACCOUNT_MESSAGES } from '@domain/accounts/schemas';
import type { ShipsAs } from '@domain/constants';
import {
  addDays,
  CERTIFICATE_LABELS,
  certificateExpiredMessage,
  decideShipping,
  holidayPastMessage,
  type IsoDate,
  ratesInDollars,
  SELLER_PROFILE_MESSAGES,
  type SellerCertificate,
  type SellerProfileFields,
  SHIPPING_RULES,
  type ShipDay,
  STATE_CODES,
  type StateCode,
  shippingToday,
} from '@domain/shipping';
import type { MissedDestination, SellerProfile } from '@domain/shipping/responses';
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { sellerCertificates, users } from '../../db/schema';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import { type DisplayNames, isNameTaken } from '../accounts';
import type { BlockedDestinations } from './blocked-destinations';
import type { DestinationSearches } from './destination-searches';
import { returnAddressOf, shippingRateColumns, shippingRatesOf } from './profile-sql';
import { lookupZip, type ZipLookup, zipProblem } from './zips';

/** The furthest a holiday pause may end: a year from today. */
const HOLIDAY_DAYS_MAX = 366;

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
    /** The marketplace's searches per destination (the missed growers' counts). */
    private readonly searches: DestinationSearches,
    /** The keys of the names members are shown by: the shop name's is kept with it. */
    private readonly names: DisplayNames,
    /** Today's date, against which a certificate's expiry is checked; a test may fix it. */
    private readonly today: () => IsoDate = () => shippingToday(),
    /** Where a ZIP code is: the return address's must lie in its state, as an address book's does. */
    private readonly zips: ZipLookup = lookupZip,
  ) {}

  async get(sellerId: number): Promise<SellerProfile> {
    return readProfile(this.db, sellerId);
  }

  /**
   * The states the seller's visible listings cannot reach because a rule asks for a certificate the seller does not
   * hold (valid today), with how many listings each keeps out and how many searches from there the marketplace saw
   * in the last MISSED_SEARCH_DAYS days; the most searched first. A state the seller refuses by choice, or one a
   * rule closes whatever the certificates, is not listed: no certificate would open it.
   */
  async missed(sellerId: number): Promise<MissedDestination[]> {
    const profile = await readProfile(this.db, sellerId);
    const groups = await queryRows<{ shipsAs: ShipsAs; n: number }>(
      this.db,
      sql`select ships_as as "shipsAs", count(*)::int as n from products
          where seller_id = ${sellerId} and archived_at is null group by ships_as`,
    );
    const today = this.today();
    const missed = new Map<string, Omit<MissedDestination, 'searches'>>();
    for (const state of STATE_CODES)
      for (const { shipsAs, n } of groups) {
        const decision = decideShipping(profile, { shipsAs }, state, today);
        if (decision.status !== 'blocked' || !decision.ruleId) continue;
        const certificate = SHIPPING_RULES.find((r) => r.id === decision.ruleId)?.certificate;
        if (!certificate) continue;
        const key = `${state}:${certificate}`;
        const entry = missed.get(key) ?? {
          state,
          certificate,
          certificateLabel: CERTIFICATE_LABELS[certificate],
          listings: 0,
        };
        entry.listings += Number(n);
        missed.set(key, entry);
      }
    const counts = await this.searches.recent([...new Set([...missed.values()].map((m) => m.state))]);
    return [...missed.values()]
      .map((m) => ({ ...m, searches: counts.get(m.state) ?? 0 }))
      .sort((a, b) => b.searches - a.searches || a.state.localeCompare(b.state));
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
    if (input.holiday) {
      const { until } = input.holiday;
      if (until < today) refused['holiday.until'] = holidayPastMessage(until);
      else if (until > addDays(today, HOLIDAY_DAYS_MAX))
        refused['holiday.until'] = SELLER_PROFILE_MESSAGES.holidayFar;
    }
    const zip = input.returnAddress && (await zipProblem(this.zips, input.returnAddress));
    if (zip) refused['returnAddress.zip'] = zip;
    const first = Object.values(refused)[0];
    if (first) throw new InvalidInput(first, refused);

    try {
      return await this.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({
            shipFromState: input.shipFromState,
            businessName: input.businessName,
            // Left out of the request: kept as they are.
            location: input.location,
            bio: input.bio,
            returnLine1: input.returnAddress?.line1 ?? null,
            returnLine2: input.returnAddress?.line2 ?? null,
            returnCity: input.returnAddress?.city ?? null,
            returnState: input.returnAddress?.state ?? null,
            returnZip: input.returnAddress?.zip ?? null,
            licence: input.licence,
            blockedStates: input.blockedStates,
            handlingDays: input.handlingDays,
            paymentInstructions: input.paymentInstructions,
            // Left out of the request: kept as they are.
            ...(input.shippingRates ? shippingRateColumns(input.shippingRates) : {}),
            ...(input.freightOverInches !== undefined ? { freightOverInches: input.freightOverInches } : {}),
            ...(input.shipDays ? { shipDays: input.shipDays } : {}),
            ...(input.holiday !== undefined
              ? {
                  holidayUntil: input.holiday?.until ?? null,
                  holidayTakesOrders: input.holiday?.takeOrders ?? true,
                }
              : {}),
          })
          .where(eq(users.id, sellerId))
          .returning({ id: users.id, username: users.username });
        if (!updated) throw new NotFound('Seller not found');
        // Left out: the shop name and its key are kept as they are.
        if (input.businessName !== undefined) await this.names.setShopName(tx, updated, input.businessName);
        await tx.delete(sellerCertificates).where(eq(sellerCertificates.sellerId, sellerId));
        if (input.certificates.length > 0)
          await tx.insert(sellerCertificates).values(input.certificates.map((c) => ({ sellerId, ...c })));
        await this.blocked.recomputeSeller(tx, sellerId);
        return readProfile(tx, sellerId);
      });
    } catch (error) {
      // Another member is shown by a name that reads as it (display_names' primary key decides between two saving
      // at once, docs/decisions/0030-display-names.md).
      if (isNameTaken(error))
        throw new Conflict(ACCOUNT_MESSAGES.businessNameTaken, {
          businessName: ACCOUNT_MESSAGES.businessNameTaken,
        });
      throw error;
    }
  }
}

async function readProfile(db: Db | Tx, sellerId: number): Promise<SellerProfile> {
  const [user] = await db
    .select({
      shipFromState: users.shipFromState,
      businessName: users.businessName,
      location: users.location,
      bio: users.bio,
      returnLine1: users.returnLine1,
      returnLine2: users.returnLine2,
      returnCity: users.returnCity,
      returnState: users.returnState,
      returnZip: users.returnZip,
      licence: users.licence,
      blockedStates: users.blockedStates,
      handlingDays: users.handlingDays,
      paymentInstructions: users.paymentInstructions,
      shipSeedsFirstCents: users.shipSeedsFirstCents,
      shipSeedsAdditionalCents: users.shipSeedsAdditionalCents,
      shipCuttingFirstCents: users.shipCuttingFirstCents,
      shipCuttingAdditionalCents: users.shipCuttingAdditionalCents,
      shipBareRootFirstCents: users.shipBareRootFirstCents,
      shipBareRootAdditionalCents: users.shipBareRootAdditionalCents,
      shipPottedFirstCents: users.shipPottedFirstCents,
      shipPottedAdditionalCents: users.shipPottedAdditionalCents,
      freeShippingOverCents: users.freeShippingOverCents,
      freightOverInches: users.freightOverInches,
      shipDays: users.shipDays,
      holidayUntil: users.holidayUntil,
      holidayTakesOrders: users.holidayTakesOrders,
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
    location: user.location,
    bio: user.bio,
    returnAddress: returnAddressOf(user),
    licence: user.licence,
    blockedStates: user.blockedStates as StateCode[],
    certificates: certificates as SellerCertificate[],
    handlingDays: user.handlingDays,
    paymentInstructions: user.paymentInstructions,
    shippingRates: ratesInDollars(shippingRatesOf(user)),
    freightOverInches: user.freightOverInches,
    shipDays: user.shipDays as ShipDay[],
    holiday:
      user.holidayUntil === null ? null : { until: user.holidayUntil, takeOrders: user.holidayTakesOrders },
  };
}
