import { eq } from 'drizzle-orm';
import { DEMO_BUYER, DEMO_SELLER } from '../../../domain/constants';
import { toCents } from '../../../domain/money';
import { hashPassword } from '../modules/auth/passwords';
import type { Database } from './connect';
import { products, users } from './schema';
import { SEED_LISTINGS, SEED_SELLERS } from './seed-data';

export interface SeedOptions {
  /** SEED_DEMO=true: seed PostgreSQL too. The embedded database is always seeded when it has no demo data. */
  seedDemo: boolean;
}

/** Seeds the demo accounts and catalog once; a database that already has them is left as it is. */
export async function seedDemoData(database: Database, { seedDemo }: SeedOptions): Promise<boolean> {
  if (database.kind !== 'pglite' && !seedDemo) return false;
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
      },
      ...SEED_SELLERS.map((s) => ({ ...s, isSeller: true })),
    ];
    const inserted = await tx
      .insert(users)
      .values(accounts.map((a) => ({ ...a, password: hashes.get(a.username) ?? unusable })))
      .returning({ id: users.id, username: users.username });
    const idOf = new Map(inserted.map((u) => [u.username, u.id]));

    const now = Date.now();
    await tx.insert(products).values(
      SEED_LISTINGS.map((l) => {
        const sellerId = idOf.get(l.seller);
        if (!sellerId) throw new Error(`Seed listing "${l.title}" names unknown seller ${l.seller}`);
        return {
          sellerId,
          title: l.title,
          description: l.description,
          variety: l.variety,
          form: l.form,
          cuttingSize: l.form === 'cutting' ? (l.cuttingSize ?? null) : null,
          pollination: l.pollination ?? null,
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
    );
  });
  return true;
}
