/** A known catalog for tests: one seller and a listing for every variety × form, with varied attributes. */
import { CUTTING_SIZES, FORMS, VARIETIES } from '@domain/constants';
import type { Db } from '../../server/src/db/connect';
import { products, users } from '../../server/src/db/schema';

export interface Listing {
  id: number;
  title: string;
  variety: string;
  form: string;
  cuttingSize: string | null;
  pollination: 'self' | 'cross' | null;
  organic: boolean;
  pesticideFree: boolean;
  inStock: boolean;
  quantity: number;
  priceCents: number;
  unitsSold: number;
  createdAt: Date;
}

export async function createCatalog(
  db: Db,
  prefix = 'cat',
): Promise<{ sellerId: number; listings: Listing[] }> {
  const [seller] = await db
    .insert(users)
    .values({
      username: `${prefix}_seller`,
      email: `${prefix}_seller@example.com`,
      password: 'x',
      isSeller: true,
      location: 'Miami, Florida',
    })
    .returning();
  const sellerId = (seller as { id: number }).id;
  const base = Date.UTC(2026, 0, 1);
  const rows = VARIETIES.flatMap((variety, v) =>
    FORMS.map((form, f) => {
      const i = v * FORMS.length + f;
      const quantity = i % 7 === 3 ? 0 : 1 + (i % 5) * 10;
      return {
        sellerId,
        title: `${variety} ${form} listing ${i}`,
        description: `A ${form} of ${variety}. Grown in Miami.`,
        variety,
        form,
        cuttingSize: form === 'cutting' ? (CUTTING_SIZES[i % 3] as string) : null,
        pollination: i % 5 === 4 ? null : i % 3 === 0 ? ('cross' as const) : ('self' as const),
        organic: i % 2 === 0,
        pesticideFree: i % 3 !== 1,
        quantity,
        inStock: quantity > 0,
        // Distinct prices from $5.00 up, unordered against ids.
        priceCents: 500 + ((i * 37) % 36) * 750 + i,
        imageUrl: '/images/products/sugar-dragon-cutting.svg',
        unitsSold: (i * 53) % 41,
        createdAt: new Date(base + ((i * 17) % 36) * 86_400_000),
      };
    }),
  );
  const inserted = await db.insert(products).values(rows).returning();
  return {
    sellerId,
    listings: inserted.map((p) => ({ ...p, pollination: p.pollination as Listing['pollination'] })),
  };
}

/** A seller account straight in the database (no password needed), for tests that only need listings. */
export async function insertSeller(db: Db, username: string): Promise<number> {
  const [seller] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@example.com`,
      password: 'x',
      isSeller: true,
      location: 'Homestead, Florida',
    })
    .returning({ id: users.id });
  return (seller as { id: number }).id;
}

/** One listing with the given stock and price, straight in the database. */
export async function insertListing(
  db: Db,
  sellerId: number,
  options: { title?: string; quantity?: number; priceCents?: number; inStock?: boolean } = {},
) {
  const { title = 'Test cutting', quantity = 10, priceCents = 1500 } = options;
  const inStock = options.inStock ?? quantity > 0;
  const [row] = await db
    .insert(products)
    .values({
      sellerId,
      title,
      description: `${title}, for a test.`,
      variety: 'Sugar Dragon',
      form: 'cutting',
      cuttingSize: '12 inch',
      pollination: 'self',
      quantity,
      inStock,
      priceCents,
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
    })
    .returning();
  return row as typeof products.$inferSelect;
}
