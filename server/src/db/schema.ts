import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tsvector } from './types';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    email: text('email').notNull(),
    isSeller: boolean('is_seller').notNull().default(false),
    location: text('location'),
    bio: text('bio'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute cap: the session ends then however active it is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Counters for sign-in throttling, shared by every app instance (keys like ip:1.2.3.4, account:bob). */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers that have signed in to an account (the `device` cookie's token, hashed): when an account's failed
 * sign-ins from all addresses pass their limit, these still get in with the right password.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last sign-in from this browser; the device is forgotten a year after it. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] })],
);

/** The general limit on writes (@fastify/rate-limit's store): one fixed-window counter per key. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    variety: text('variety').notNull(),
    form: text('form').notNull(),
    cuttingSize: text('cutting_size'),
    pollination: text('pollination'),
    organic: boolean('organic').notNull().default(false),
    pesticideFree: boolean('pesticide_free').notNull().default(false),
    inStock: boolean('in_stock').notNull().default(true),
    quantity: integer('quantity').notNull().default(1),
    priceCents: integer('price_cents').notNull(),
    imageUrl: text('image_url').notNull(),
    /** Units sold, kept by checkout: the popularity sort. */
    unitsSold: integer('units_sold').notNull().default(0),
    /** Review count and rating sum, kept with the reviews in one transaction: average = sum / count. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** What text search matches: the words of title, variety and description (full-text indexed). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, title || ' ' || variety || ' ' || description)`,
      ),
    /** Set when a listing that was ordered is deleted: hidden from the catalog and carts, kept for order history. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('products_form_valid', sql`${t.form} in ('cutting', 'rooted', 'seed', 'mature')`),
    check(
      'products_pollination_valid',
      sql`${t.pollination} is null or ${t.pollination} in ('self', 'cross')`,
    ),
    index('products_seller_id_idx').on(t.sellerId, t.createdAt.desc()),
    // Catalog: one index per sort order over the visible listings, so a page never sorts the table.
    index('products_popularity_idx')
      .on(t.unitsSold.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`archived_at is null`),
    index('products_price_idx').on(t.priceCents, t.id).where(sql`archived_at is null`),
    index('products_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`archived_at is null`),
    // Every filter column of the visible listings: counts and facets read it alone (index-only scans).
    index('products_filters_idx')
      .on(
        t.variety,
        t.form,
        t.cuttingSize,
        t.pollination,
        t.organic,
        t.pesticideFree,
        t.inStock,
        t.priceCents,
      )
      .where(sql`archived_at is null`),
    index('products_form_idx').on(t.form, t.cuttingSize, t.priceCents).where(sql`archived_at is null`),
    index('products_search_idx').using('gin', t.searchVector),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    /**
     * The unit price the buyer agreed to, in cents: the listing's price when the line was added, or a later price
     * the buyer accepted. Checkout refuses while it differs from the listing's price.
     */
    agreedPriceCents: integer('agreed_price_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
    uniqueIndex('cart_items_user_product_key').on(t.userId, t.productId),
    index('cart_items_product_id_idx').on(t.productId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    /**
     * Set when the author's last standing purchase of the listing was cancelled: the review is no longer shown nor
     * counted in the listing's rating, and a new review (after buying again) replaces it.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_user_product_key').on(t.userId, t.productId),
    index('reviews_product_id_idx').on(t.productId, t.createdAt.desc()),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Client-chosen key: a retried checkout with the same key returns the same order. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
    index('orders_user_id_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The listing's title when it was bought (a seller may retitle or archive the listing later). */
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    /** Unit price paid, in cents. */
    priceCents: integer('price_cents').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_items_price_positive', sql`${t.priceCents} > 0`),
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_product_id_idx').on(t.productId),
  ],
);

/**
 * Every word that occurs in a listing's search vector, kept by a trigger on products. A typed word is matched
 * against these by trigram similarity ("suger" → "sugar"), then the listings by full-text search.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * How many visible listings have each combination of filter values, kept by a trigger on products (net changes
 * only). Facet counts without a search or price filter sum these few rows instead of scanning the catalog.
 * A missing cutting size or pollination is stored as ''.
 */
export const catalogFacetCounts = pgTable(
  'catalog_facet_counts',
  {
    variety: text('variety').notNull(),
    form: text('form').notNull(),
    cuttingSize: text('cutting_size').notNull(),
    pollination: text('pollination').notNull(),
    organic: boolean('organic').notNull(),
    pesticideFree: boolean('pesticide_free').notNull(),
    inStock: boolean('in_stock').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'catalog_facet_counts_pkey',
      columns: [t.variety, t.form, t.cuttingSize, t.pollination, t.organic, t.pesticideFree, t.inStock],
    }),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_key').on(sql`lower(${t.email})`)],
);

export type User = typeof users.$inferSelect;
export type Product = typeof products.$inferSelect;
