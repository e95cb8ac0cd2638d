import { DEMO_BUYER, DEMO_SELLER } from '@domain/constants';
import { type PlantFacts, resolvePlantFacts } from '@domain/listings/plant-facts';
import { toCents } from '@domain/money';
import { AUTO_DELIVER_DAYS } from '@domain/orders/shipments';
import { PAYMENT_PROVIDER, PAYMENT_WINDOW_HOURS } from '@domain/payments';
import { DEFAULT_RATES, shipmentShippingCents } from '@domain/shipping/rates';
import {
  blockedDestinations,
  type CertificateKind,
  decideShipping,
  type SellerCertificate,
  type ShippingSeller,
  shippingToday,
} from '@domain/shipping/rules';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from './db/connect';
import { addresses, products, reviews, sellerCertificates, shipments, users } from './db/schema';
import {
  DEMO_BUYER_ADDRESS,
  SEED_BUYERS,
  SEED_LISTINGS,
  SEED_OPEN_ORDERS,
  SEED_REVIEWS,
  SEED_SELLERS,
  type SeedAddress,
  type SeedListing,
} from './db/seed-data';
import { type Parcel, writeOrder } from './modules/orders';
import { recordPaymentReceived } from './modules/payments';
import { hashPassword } from './security/passwords';

export interface SeedOptions {
  /** The configuration's seedDemo: demo data was asked for (never in production). */
  seedDemo: boolean;
}

/** Seeds the demo accounts and catalog once when asked to; a database that already has them is left as it is. */
export async function seedDemoData(database: Database, { seedDemo }: SeedOptions): Promise<boolean> {
  if (!seedDemo) return false;
  const { db } = database;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, DEMO_SELLER.username))
    .limit(1);
  if (existing) return false;

  const hashes = new Map<string, string>([
    [DEMO_BUYER.username, await hashPassword(DEMO_BUYER.password)],
    [DEMO_SELLER.username, await hashPassword(DEMO_SELLER.password)],
  ]);
  // Other demo sellers get a random password: they exist to own listings, not to sign in.
  const unusable = await hashPassword(crypto.randomUUID());

  await db.transaction(async (tx) => {
    const accounts = [
      {
        username: DEMO_BUYER.username,
        email: 'demo.buyer@example.com',
        isSeller: false,
        location: 'Austin, Texas',
        bio: null,
        shipFromState: null,
      },
      ...SEED_SELLERS.map(({ certificates: _, returnAddress: a, ...s }) => ({
        ...s,
        isSeller: true,
        returnLine1: a.line1,
        returnLine2: a.line2,
        returnCity: a.city,
        returnState: a.state,
        returnZip: a.zip,
      })),
    ];
    const inserted = await tx
      .insert(users)
      .values(accounts.map((a) => ({ ...a, password: hashes.get(a.username) ?? unusable })))
      .returning({ id: users.id, username: users.username });
    const idOf = new Map(inserted.map((u) => [u.username, u.id]));

    const now = Date.now();
    // Where each listing may not ship, as the listings service would compute it from the sellers' profiles: the
    // states they ship from and the certificates they hold, valid for a year from today; no demo seller refuses a
    // state by choice (docs/database.md#what-keeps-blocked_to-right).
    const today = shippingToday();
    const certificatesOf = new Map(
      SEED_SELLERS.map((s) => [
        s.username,
        (s.certificates ?? []).map((kind) => demoCertificate(kind, s.username, today)),
      ]),
    );
    const certificateRows = SEED_SELLERS.flatMap((s) =>
      (certificatesOf.get(s.username) ?? []).map((c) => ({ sellerId: idOf.get(s.username) as number, ...c })),
    );
    if (certificateRows.length) await tx.insert(sellerCertificates).values(certificateRows);
    await tx
      .update(users)
      .set({ shippingComputedOn: today })
      .where(
        inArray(
          users.username,
          SEED_SELLERS.map((s) => s.username),
        ),
      );
    // Each seller's shipping profile, by its id: what the rules decide from, for its listings and its orders.
    const profileOf = new Map<number, ShippingSeller>(
      SEED_SELLERS.map((s) => [
        idOf.get(s.username) as number,
        {
          shipFromState: s.shipFromState,
          blockedStates: [],
          certificates: certificatesOf.get(s.username) ?? [],
        },
      ]),
    );
    const profile = (sellerId: number) => profileOf.get(sellerId) as ShippingSeller;
    const listed = await tx
      .insert(products)
      .values(
        SEED_LISTINGS.map((l) => {
          const sellerId = idOf.get(l.seller);
          if (!sellerId) throw new Error(`Seed listing "${l.title}" names unknown seller ${l.seller}`);
          const facts = plantFacts(l);
          return {
            sellerId,
            title: l.title,
            description: l.description,
            variety: l.variety,
            form: l.form,
            cuttingSize: l.form === 'cutting' ? (l.cuttingSize ?? null) : null,
            pollination: l.pollination ?? null,
            ...facts,
            blockedTo: blockedDestinations(profile(sellerId), facts.shipsAs, today),
            organic: l.organic,
            pesticideFree: l.pesticideFree,
            quantity: l.quantity,
            inStock: l.quantity > 0,
            priceCents: toCents(l.price),
            imageUrl: `/images/products/${l.image}`,
            unitsSold: l.unitsSold ?? 0,
            createdAt: new Date(now - l.daysAgo * 86_400_000),
          };
        }),
      )
      .returning({
        id: products.id,
        title: products.title,
        priceCents: products.priceCents,
        sellerId: products.sellerId,
        shipsAs: products.shipsAs,
      });
    await seedOrdersAndReviews(tx, idOf, listed, unusable, now, profile, today);
  });
  return true;
}

const DAY_MS = 86_400_000;

const CERTIFICATE_PREFIX: Record<CertificateKind, string> = {
  'ca-nematode': 'CA-NQ',
  'az-nursery-inspection': 'AZ-NS',
  'fl-inspection': 'FL-CI',
  'tx-phytosanitary': 'TX-PC',
};

/** A demo seller's certificate: a number of the kind's form, valid for a year from `today`. */
function demoCertificate(kind: CertificateKind, username: string, today: string): SellerCertificate {
  let hash = 0;
  for (const ch of `${kind}${username}`) hash = (hash * 31 + ch.charCodeAt(0)) % 100_000;
  const expires = new Date(Date.parse(`${today}T00:00:00Z`) + 365 * DAY_MS).toISOString().slice(0, 10);
  return { kind, number: `${CERTIFICATE_PREFIX[kind]}-${String(hash).padStart(5, '0')}`, expiresOn: expires };
}

/** A demo listing's plant facts, with a new listing's defaults for those it leaves out; contradictions stop the seed. */
function plantFacts(l: SeedListing): PlantFacts {
  const { facts, errors } = resolvePlantFacts(l, l.form);
  const problems = Object.values(errors);
  if (problems.length) throw new Error(`Seed listing "${l.title}": ${problems.join('; ')}`);
  return facts;
}

/**
 * Demo buyers, their shipped orders and the reviews those orders allow, the demo buyer's order awaiting a
 * review, and an order for the demo seller to ship. The listings' rating counts follow from the reviews.
 */
async function seedOrdersAndReviews(
  tx: Tx,
  idOf: Map<string, number>,
  listed: Array<{
    id: number;
    title: string;
    priceCents: number;
    sellerId: number;
    shipsAs: PlantFacts['shipsAs'];
  }>,
  password: string,
  now: number,
  /** A seller's shipping profile, by its id. */
  profile: (sellerId: number) => ShippingSeller,
  today: string,
): Promise<void> {
  const buyers = await tx
    .insert(users)
    .values(SEED_BUYERS.map(({ address: _, ...b }) => ({ ...b, password, isSeller: false })))
    .returning({ id: users.id, username: users.username });
  for (const b of buyers) idOf.set(b.username, b.id);
  // Every demo buyer has a default address, and the orders go to it.
  const addressOf = new Map<string, SeedAddress>([
    [DEMO_BUYER.username, DEMO_BUYER_ADDRESS],
    ...SEED_BUYERS.map((b) => [b.username, b.address] as const),
  ]);
  await tx.insert(addresses).values(
    [...addressOf].map(([username, a]) => ({
      userId: idOf.get(username) as number,
      ...a,
      isDefault: true,
    })),
  );
  const listing = (title: string) => {
    const found = listed.find((l) => l.title === title);
    if (!found) throw new Error(`Seed order names unknown listing "${title}"`);
    return found;
  };
  const buyer = (username: string) => {
    const id = idOf.get(username);
    if (!id) throw new Error(`Seed order names unknown buyer ${username}`);
    return id;
  };

  // One shipment per seller, shipped (and delivered, when that was over AUTO_DELIVER_DAYS ago) or still to ship.
  // Written as checkout writes an order (writeOrder), paid to each nursery directly as the default provider has it:
  // each part's payment recorded received when placed (recordPaymentReceived: the settlement paid, the ledger's
  // record of it), then sent on its way.
  const placeOrder = async (username: string, titles: string[], shipped: boolean, daysAgo: number) => {
    const lines = titles.map(listing);
    const createdAt = new Date(now - daysAgo * DAY_MS);
    const shippedAt = shipped ? new Date(createdAt.getTime() + DAY_MS) : null;
    const delivered = shipped && daysAgo - 1 >= AUTO_DELIVER_DAYS;
    const to = addressOf.get(username) as SeedAddress;
    // Each seller's part travels as checkout would send it: every line allowed to the buyer's state (a demo order
    // the rules refuse stops the seed), with the labels and certificates the rules ask for.
    const parcelOf = (sellerId: number): Parcel => {
      const labels = new Set<string>();
      const certificates = new Map<string, { kind: string; number: string }>();
      for (const l of lines.filter((x) => x.sellerId === sellerId)) {
        const decision = decideShipping(profile(sellerId), { shipsAs: l.shipsAs }, to.state, today);
        if (decision.status !== 'allowed')
          throw new Error(`Seed order of "${l.title}" to ${to.state} is refused: ${decision.reason}`);
        for (const label of decision.labels) labels.add(label);
        for (const c of decision.certificates ?? []) certificates.set(c.kind, c);
      }
      return {
        shipFromState: profile(sellerId).shipFromState,
        labels: [...labels],
        certificates: [...certificates.values()],
        // The demo's nurseries keep a new nursery's rates.
        shippingCents: shipmentShippingCents(
          lines.filter((x) => x.sellerId === sellerId).map((x) => ({ ...x, quantity: 1 })),
          DEFAULT_RATES,
        ),
      };
    };
    const order = await writeOrder(tx, {
      buyerId: buyer(username),
      idempotencyKey: null,
      note: null,
      shipTo: { ...to, line2: null, phone: null },
      lines: lines.map((l) => ({
        productId: l.id,
        sellerId: l.sellerId,
        title: l.title,
        quantity: 1,
        priceCents: l.priceCents,
      })),
      parcels: new Map(
        [...new Set(lines.map((l) => l.sellerId))].map((sellerId) => [sellerId, parcelOf(sellerId)]),
      ),
      // The demo's orders are paid to their nurseries directly, as under the default provider.
      money: {
        provider: PAYMENT_PROVIDER.direct,
        commissionBp: 0,
        windowMs: PAYMENT_WINDOW_HOURS.direct * 3_600_000,
      },
      placedAt: createdAt,
    });
    const parts = [...new Set(order.items.map((i) => i.shipmentId))].sort((a, b) => a - b);
    for (const shipmentId of parts) await recordPaymentReceived(tx, shipmentId, createdAt);
    if (shipped)
      await tx
        .update(shipments)
        .set({
          status: delivered ? 'delivered' : 'shipped',
          carrier: 'usps',
          trackingNumber: `94001${String(order.id).padStart(17, '0')}`,
          shippedAt,
          deliveredAt: delivered ? new Date(createdAt.getTime() + 4 * DAY_MS) : null,
          deliveredBy: delivered ? 'buyer' : null,
        })
        .where(eq(shipments.orderId, order.id));
  };

  for (const r of SEED_REVIEWS) await placeOrder(r.buyer, [r.listing], true, r.daysAgo);
  for (const o of SEED_OPEN_ORDERS) await placeOrder(o.buyer, o.listings, o.shipped, o.daysAgo);
  await tx.insert(reviews).values(
    SEED_REVIEWS.map((r) => ({
      userId: buyer(r.buyer),
      productId: listing(r.listing).id,
      rating: r.rating,
      comment: r.comment,
      createdAt: new Date(now - (r.daysAgo - 21) * DAY_MS),
    })),
  );
  await tx.execute(sql`
    update products p set rating_count = r.n, rating_sum = r.total
    from (select product_id, count(*)::int as n, sum(rating)::int as total from reviews group by product_id) r
    where p.id = r.product_id`);
}
