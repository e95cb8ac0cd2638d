/** A known catalog for tests: one seller and a listing for every variety × form, with varied attributes. */
import { CUTTING_SIZES, FORMS, type ProductForm, type ShipsAs, VARIETIES } from '@domain/constants';
import type { Db } from '../../server/src/db/connect';
import { products, users } from '../../server/src/db/schema';

export interface Listing {
  id: number;
  title: string;
  variety: string;
  form: string;
  cuttingSize: string | null;
  pollination: 'self' | 'cross' | null;
  shipsAs: ShipsAs;
  rooted: boolean;
  callused: boolean;
  lengthInches: number | null;
  segments: number | null;
  grafted: boolean;
  rootstock: string | null;
  organic: boolean;
  pesticideFree: boolean;
  inStock: boolean;
  quantity: number;
  priceCents: number;
  unitsSold: number;
  createdAt: Date;
}

/**
 * Varied plant facts for the listing of variety number `v` in `form`: every way of shipping, rooted or not,
 * callused and grafted listings among them, as a seller would describe them (only unrooted cuttings callused).
 */
function plantFacts(v: number, form: ProductForm, cuttingSize: string | null) {
  const shipsAs: ShipsAs =
    form === 'cutting'
      ? v % 3 === 2
        ? 'bare-root'
        : 'unrooted-cutting'
      : form === 'rooted'
        ? v % 3 === 0
          ? 'bare-root'
          : 'potted'
        : form === 'seed'
          ? 'seeds'
          : 'potted';
  const grafted = (form === 'rooted' || form === 'mature') && v % 3 === 1;
  return {
    shipsAs,
    callused: shipsAs === 'unrooted-cutting' && v % 2 === 0,
    lengthInches:
      form === 'cutting'
        ? cuttingSize === '6 inch'
          ? 6
          : cuttingSize === '12 inch'
            ? 12 + (v % 4)
            : null
        : form === 'rooted' && v % 2 === 1
          ? 24
          : null,
    segments: form === 'cutting' ? 1 + (v % 3) : null,
    grafted,
    rootstock: grafted && form === 'rooted' ? 'Hylocereus undatus' : null,
  };
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
      const cuttingSize = form === 'cutting' ? (CUTTING_SIZES[i % 3] as string) : null;
      return {
        sellerId,
        title: `${variety} ${form} listing ${i}`,
        description: `A ${form} of ${variety}. Grown in Miami.`,
        variety,
        form,
        cuttingSize,
        pollination: i % 5 === 4 ? null : i % 3 === 0 ? ('cross' as const) : ('self' as const),
        ...plantFacts(v, form, cuttingSize),
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

/**
 * A seller account shipping from Florida and paid directly (payment instructions), straight in the database (no
 * password needed), for tests that only need listings.
 */
export async function insertSeller(db: Db, username: string): Promise<number> {
  const [seller] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@example.com`,
      password: 'x',
      isSeller: true,
      location: 'Homestead, Florida',
      shipFromState: 'FL',
      paymentInstructions: 'Zelle to payments@nursery.example.com, with your order number.',
    })
    .returning({ id: users.id });
  return (seller as { id: number }).id;
}

/**
 * One listing straight in the database: a 12" Sugar Dragon cutting, 10 in stock at $15.00, unless `options` say
 * otherwise (any column; in stock when its quantity is above 0, unless told).
 */
export async function insertListing(
  db: Db,
  sellerId: number,
  options: Partial<Omit<typeof products.$inferInsert, 'sellerId'>> = {},
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
      shipsAs: 'unrooted-cutting',
      quantity,
      inStock,
      priceCents,
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
      ...options,
    })
    .returning();
  return row as typeof products.$inferSelect;
}
