import { CATALOG_FILTERS, type CatalogFilter, type DestinationFilter } from '@domain/catalog/filters';
import { SHIPPING_CENTS, SHIPS_AS, type ShipsAs } from '@domain/constants';
import {
  CALLUSED_SHIPS_AS,
  LENGTH_INCHES_MAX,
  ROOTED_SHIPS_AS,
  SEGMENTS_MAX,
} from '@domain/listings/plant-facts';
import {
  EMAIL_STATUSES,
  type EmailStatus,
  STORED_NOTIFICATION_KINDS,
  type StoredNotificationKind,
} from '@domain/notifications/types';
import { CANCELLED_BY, CARRIERS, SHIPMENT_STATUSES, type ShipmentStatus } from '@domain/orders/shipments';
import {
  LEDGER_KINDS,
  MONEY_JOB_STATES,
  PAYOUT_ACCOUNT_STATES,
  type PayoutAccountState,
} from '@domain/payments/ledger';
import { PAYMENT_PROVIDERS, type PaymentProviderId } from '@domain/payments/providers';
import { REFUND_NOTE_MAX } from '@domain/payments/refunds';
import { SHIP_DAYS } from '@domain/shipping/arrival';
import { FREE_OVER_CENTS_MAX, RATE_CENTS_MAX } from '@domain/shipping/rates';
import { CERTIFICATE_KINDS } from '@domain/shipping/rules';
import { HANDLING_DAYS_MAX } from '@domain/shipping/seller-profile';
import { STATE_CODES } from '@domain/shipping/states';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tsvector } from './types';

/** A list of texts as an SQL literal, for a check or a generated column written from domain/ constants. */
const textList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/** The same as an SQL text[] literal. */
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Trigger `users_page_cache_update` (0027_page_cache_notify.sql) sends NOTIFY catalog_changed (decision 0025). */
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
    /**
     * A seller's shipping profile (docs/product.md#seller-shipping-profile): the state its plants ship from (null
     * until set: no buyer can order its plants before), its nursery licence or registration number, and the states
     * it chooses not to ship to (USPS codes, each once). Its certificates are seller_certificates.
     */
    shipFromState: text('ship_from_state'),
    licence: text('licence'),
    blockedStates: text('blocked_states').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The day this seller's listings' blocked_to were last computed whole (profile saved, certificate expired,
     * rules changed): each of its listings was computed on that day or later, so a certificate that expires after
     * it is picked up by maintenance (docs/database.md#what-keeps-blocked_to-right). Null until the first.
     */
    shippingComputedOn: date('shipping_computed_on', { mode: 'string' }),
    /** A seller's handling time: days from an order to its shipping, after which they are reminded. */
    handlingDays: integer('handling_days').notNull().default(3),
    /**
     * The nursery's shop name (null: its username), shown wherever the seller is named and on the packing slip
     * (docs/product.md#seller-shipping-profile), unique whatever its case; and the return address, whole or not at
     * all (null until the seller gives one; its state need not be the ship-from state).
     */
    businessName: text('business_name'),
    returnLine1: text('return_line1'),
    returnLine2: text('return_line2'),
    returnCity: text('return_city'),
    returnState: text('return_state'),
    returnZip: text('return_zip'),
    /** How buyers pay the nursery directly under the default provider (docs/decisions/0021-payments.md). */
    paymentInstructions: text('payment_instructions'),
    /**
     * A nursery's shipping rates in cents (domain/shipping/rates.ts): per kind of what its listings ship as, the first
     * unit of a shipment and each further one; and the lines' value from which a shipment ships free (null: never).
     * A new nursery's are the spec's $12.99 a shipment, whatever is in it.
     */
    shipSeedsFirstCents: integer('ship_seeds_first_cents').notNull().default(SHIPPING_CENTS),
    shipSeedsAdditionalCents: integer('ship_seeds_additional_cents').notNull().default(0),
    shipCuttingFirstCents: integer('ship_cutting_first_cents').notNull().default(SHIPPING_CENTS),
    shipCuttingAdditionalCents: integer('ship_cutting_additional_cents').notNull().default(0),
    shipBareRootFirstCents: integer('ship_bare_root_first_cents').notNull().default(SHIPPING_CENTS),
    shipBareRootAdditionalCents: integer('ship_bare_root_additional_cents').notNull().default(0),
    shipPottedFirstCents: integer('ship_potted_first_cents').notNull().default(SHIPPING_CENTS),
    shipPottedAdditionalCents: integer('ship_potted_additional_cents').notNull().default(0),
    freeShippingOverCents: integer('free_shipping_over_cents'),
    /**
     * Potted plants taller than this many inches (a listing's lengthInches) ship by freight: listed, bought by
     * contacting the nursery, never online (domain/shipping/rates.ts, isFreight). Null: none.
     */
    freightOverInches: integer('freight_over_inches'),
    /**
     * The days of the week a nursery ships (domain/shipping/arrival.ts: Monday to Wednesday until it says), and its
     * holiday pause: the last day away (null: none) and whether orders are taken meanwhile.
     */
    shipDays: text('ship_days').array().notNull().default(sql`'{mon,tue,wed}'::text[]`),
    holidayUntil: date('holiday_until', { mode: 'string' }),
    holidayTakesOrders: boolean('holiday_takes_orders').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // A nursery's shop name is its own: no two alike, whatever their case (docs/decisions/0024-storefronts.md); the
    // stronger rule, no two names that read alike, is display_names' (0030).
    uniqueIndex('users_business_name_lower_key').on(sql`lower(${t.businessName})`),
    check(
      'users_ship_from_state_valid',
      sql`${t.shipFromState} is null or ${t.shipFromState} in ${textList(STATE_CODES)}`,
    ),
    check('users_blocked_states_valid', sql`${t.blockedStates} <@ ${textArray(STATE_CODES)}`),
    check(
      'users_handling_days_range',
      sql`${t.handlingDays} between 1 and ${sql.raw(String(HANDLING_DAYS_MAX))}`,
    ),
    // Whole or not at all: line 1, city, state and ZIP together (line 2 optional with them).
    check(
      'users_return_address_whole',
      sql`num_nonnulls(${t.returnLine1}, ${t.returnCity}, ${t.returnState}, ${t.returnZip}) in (0, 4) and (${t.returnLine2} is null or ${t.returnLine1} is not null)`,
    ),
    check(
      'users_shipping_rates_range',
      sql`least(${t.shipSeedsFirstCents}, ${t.shipSeedsAdditionalCents}, ${t.shipCuttingFirstCents}, ${t.shipCuttingAdditionalCents}, ${t.shipBareRootFirstCents}, ${t.shipBareRootAdditionalCents}, ${t.shipPottedFirstCents}, ${t.shipPottedAdditionalCents}) >= 0 and greatest(${t.shipSeedsFirstCents}, ${t.shipSeedsAdditionalCents}, ${t.shipCuttingFirstCents}, ${t.shipCuttingAdditionalCents}, ${t.shipBareRootFirstCents}, ${t.shipBareRootAdditionalCents}, ${t.shipPottedFirstCents}, ${t.shipPottedAdditionalCents}) <= ${sql.raw(String(RATE_CENTS_MAX))}`,
    ),
    check(
      'users_ship_days_valid',
      sql`${t.shipDays} <@ ${textArray(SHIP_DAYS)} and cardinality(${t.shipDays}) between 1 and 7`,
    ),
    check(
      'users_freight_over_inches_range',
      sql`${t.freightOverInches} is null or ${t.freightOverInches} between 1 and ${sql.raw(String(LENGTH_INCHES_MAX))}`,
    ),
    check(
      'users_free_shipping_over_range',
      sql`${t.freeShippingOverCents} is null or ${t.freeShippingOverCents} between 0 and ${sql.raw(String(FREE_OVER_CENTS_MAX))}`,
    ),
    check(
      'users_return_state_valid',
      sql`${t.returnState} is null or ${t.returnState} in ${textList(STATE_CODES)}`,
    ),
  ],
);

/**
 * Every name a member is shown by, as its key (displayNameKey, domain/accounts/display-names.ts), and whose it is:
 * its username (`kind` 'username', a row per user, inserted by the trigger `users_display_names_insert` with
 * `lower(username)`, 0028_display_names.sql) and a nursery's shop name when its key is not its username's ('shop',
 * written by sign-up and the profile's save in their transactions, and computed again at start-up by
 * DisplayNames.rebuild when the key's definition changed). The primary key is the rule: no two members hold names
 * that read alike, whichever kind each is (docs/decisions/0030-display-names.md).
 */
export const displayNames = pgTable(
  'display_names',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
  },
  (t) => [
    uniqueIndex('display_names_user_kind_key').on(t.userId, t.kind),
    check('display_names_kind_valid', sql`${t.kind} in ('username', 'shop')`),
  ],
);

/**
 * The definition of the shop names' keys they were last computed with (DISPLAY_NAME_KEY_VERSION and the runtime's
 * Unicode version): one row, written by the start-up that computed them again (DisplayNames.rebuild).
 */
export const displayNamesState = pgTable(
  'display_names_state',
  {
    id: integer('id').primaryKey().default(1),
    keyVersion: text('key_version').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('display_names_state_one_row', sql`${t.id} = 1`)],
);

/**
 * The compliance certificates a seller keeps on file for the shipping rules (docs/product.md#seller-shipping-profile):
 * one per kind (CERTIFICATE_KINDS), each with its number and the last day it is valid. The profile's PUT replaces
 * them all in one transaction. Triggers `seller_certificates_page_cache_insert`, `_update` and `_delete`
 * (0027_page_cache_notify.sql) send NOTIFY catalog_changed (decision 0025).
 */
export const sellerCertificates = pgTable(
  'seller_certificates',
  {
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.kind] }),
    check('seller_certificates_kind_valid', sql`${t.kind} in ${textList(CERTIFICATE_KINDS)}`),
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

/**
 * The general limit on writes (@fastify/rate-limit's store): one fixed-window counter per key. UNLOGGED in the
 * database (0006_rate_limits_and_known_devices.sql, edited by hand; Drizzle cannot say so): a crash empties it.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Listings. Behaviour kept in the database (docs/database.md#behaviour-kept-in-the-database), in migrations
 * Drizzle does not describe, so whatever writes a row keeps it:
 * - `search_vector` is generated by PostgreSQL from title, variety and description (0003_full_text_search.sql);
 * - triggers `products_search_words_insert` and `products_search_words_update` (function `search_words_add()`,
 *   0003) add every word of the changed rows' search vectors to `search_words`;
 * - triggers `products_facet_counts_insert`, `_update` and `_delete` (function `catalog_facet_counts_apply()`,
 *   0004_facet_counts.sql) apply each statement's net change to `catalog_facet_counts`;
 * - `rooted` is generated by PostgreSQL from `ships_as` (domain/listings/plant-facts.ts, ROOTED_SHIPS_AS);
 * - deleting a listing deletes its cart lines and reviews (ON DELETE CASCADE) and is refused while an order line
 *   names it (the listings service archives it instead);
 * - triggers `products_page_cache_insert`, `_update` and `_delete` (function `products_changed_notify()`,
 *   0033_catalog_index_notify.sql) send NOTIFY catalog_changed with the changed ids ('p:1,2,3'; 'p:*' for more than
 *   20,000), so every instance drops its cached pages (decision 0025) and counts those listings again in its catalog
 *   index (decision 0041).
 */
/** The columns products_filters_idx starts with, in this order (see there). */
const FILTERS_INDEX_LEADS = ['variety', 'inStock', 'priceCents'];

/** products_filters_idx's columns: FILTERS_INDEX_LEADS, then every other filter column in CATALOG_FILTERS' order. */
function filtersIndexColumns(): string[] {
  const columns = CATALOG_FILTERS.map((f) => f.column as string);
  const leads = FILTERS_INDEX_LEADS.filter((c) => columns.includes(c));
  return [...leads, ...columns.filter((c) => !leads.includes(c))];
}

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
    /** 'self' (self-fertile) or 'cross' (needs a pollinator); null when not given. */
    pollination: text('pollination'),
    /**
     * The plant facts (domain/listings/plant-facts.ts): how the listing ships (SHIPS_AS; the listings service
     * gives a new listing its form's default), whether an unrooted cutting is callused, its length in inches and
     * number of segments, whether it is grafted and on which rootstock.
     */
    shipsAs: text('ships_as').$type<ShipsAs>().notNull(),
    /** Whether it travels with roots: generated by PostgreSQL from ships_as; nobody writes it. */
    rooted: boolean('rooted')
      .notNull()
      .generatedAlwaysAs(sql`ships_as in ${textList(ROOTED_SHIPS_AS)}`),
    callused: boolean('callused').notNull().default(false),
    lengthInches: integer('length_inches'),
    segments: integer('segments'),
    grafted: boolean('grafted').notNull().default(false),
    rootstock: text('rootstock'),
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
    /**
     * What text search matches: the words of title, variety and description (full-text indexed). Generated by
     * PostgreSQL; nobody writes it.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, title || ' ' || variety || ' ' || description)`,
      ),
    /**
     * The places (STATE_CODES, in its order) this listing may not ship to under the shipping rules, as
     * blockedDestinations (domain/shipping/rules.ts) decides from its seller's profile and ships_as: what the
     * catalog's `shipsTo` filter hides. Kept by the server (docs/database.md#what-keeps-blocked_to-right);
     * checkout and the shipping check decide live and never read it.
     */
    blockedTo: text('blocked_to').array().notNull().default(sql`'{}'::text[]`),
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
    check('products_ships_as_valid', sql`${t.shipsAs} in ${textList(SHIPS_AS)}`),
    check(
      'products_length_inches_range',
      sql`${t.lengthInches} is null or ${t.lengthInches} between 1 and ${sql.raw(String(LENGTH_INCHES_MAX))}`,
    ),
    check(
      'products_segments_range',
      sql`${t.segments} is null or ${t.segments} between 1 and ${sql.raw(String(SEGMENTS_MAX))}`,
    ),
    // The listings service drops a callused flag or a rootstock that does not fit; these keep every writer to it.
    check(
      'products_callused_unrooted',
      sql`not ${t.callused} or ${t.shipsAs} = ${sql.raw(`'${CALLUSED_SHIPS_AS}'`)}`,
    ),
    check('products_rootstock_grafted', sql`${t.rootstock} is null or ${t.grafted}`),
    index('products_seller_id_idx').on(t.sellerId, t.createdAt.desc()),
    // A storefront's rating and count of listings (catalog/storefront.ts) summed from the index alone: at a million
    // listings a nursery's 20,000 rows read from the table took 20 to 180 ms, from this index 2 ms.
    index('products_seller_ratings_idx').on(t.sellerId, t.ratingCount, t.ratingSum, t.archivedAt),
    // Catalog: one index per sort order over the visible listings, so a page never sorts the table.
    index('products_popularity_idx')
      .on(t.unitsSold.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`archived_at is null`),
    index('products_price_idx').on(t.priceCents, t.id).where(sql`archived_at is null`),
    index('products_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`archived_at is null`),
    // A variety's visible listings in stock first, then by popularity (units sold, newest, id; all descending):
    // related listings (products.ts, ProductReads.related) read their first few entries, and a page of one
    // variety in stock by popularity (list.ts) its ids, never a sort of the variety. A sale's update already
    // changes units_sold, which products_popularity_idx holds, so it was never a HOT update: this adds one index
    // entry to write per sale.
    index('products_variety_popularity_idx')
      .on(t.variety, t.inStock.desc(), t.unitsSold.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`archived_at is null`),
    // Every filter column of the visible listings (CATALOG_FILTERS' columns): counts and facets read it alone
    // (index-only scans). Variety, stock and price lead (FILTERS_INDEX_LEADS), the rest follow in the table's order:
    // a count of varieties in stock in a price range (the counts that read listings) is then one contiguous range of
    // entries per variety, not every entry of the varieties checked column by column.
    index('products_filters_idx')
      .on(...(filtersIndexColumns().map((column) => t[column as keyof typeof t]) as [(typeof t)['id']]))
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

/**
 * A listing's photos (docs/decisions/0022-listing-photos.md), in the seller's order: position 0 is the cover. Each
 * is stored as WebP renditions under content-addressed keys (`keys`, by ascending width, the same as in
 * `renditions`), so two photos with the same bytes share their objects. Triggers `product_photos_page_cache_insert`,
 * `_update` and `_delete` (0027_page_cache_notify.sql) send NOTIFY catalog_changed (decision 0025).
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The upright photo's size, before it was scaled down. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A data URL of a tiny blurred version, painted while the photo loads. */
    placeholder: text('placeholder').notNull(),
    renditions: jsonb('renditions').$type<PhotoRendition[]>().notNull(),
    /** The renditions' keys: what the sweep of unused objects looks up (GIN). */
    keys: text('keys').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_photos_product_idx').on(t.productId, t.position, t.id),
    index('product_photos_keys_idx').using('gin', t.keys),
    check('product_photos_position_valid', sql`${t.position} >= 0`),
    check('product_photos_size_valid', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

/** One stored size of a photo: its width and height, and the key its WebP bytes are stored under. */
export interface PhotoRendition {
  width: number;
  height: number;
  key: string;
}

/**
 * Every object ever put in the photo store, by key, written before the put: a maintenance pass deletes the objects
 * that no photo names any more and that are older than an hour, so a crash between a put and its photo's insert,
 * or between a photo's delete and its objects', leaves nothing behind for long.
 */
export const photoObjects = pgTable('photo_objects', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});

/**
 * A place on a listing held for a photo being uploaded (docs/decisions/0029-hold-the-edge.md): taken under the
 * listing's lock before the upload's body is read, so the photos plus the live holds never pass the listing's limit
 * whatever the instance; given back when the upload ends, and past `expires_at` (a crashed upload's) no longer
 * counted, then deleted by the maintenance. UNLOGGED in the migration (0029_photo_upload_holds.sql, edited by hand),
 * as rate_limits: a hold lost in a crash belonged to an upload that died with it.
 */
export const photoUploadHolds = pgTable(
  'photo_upload_holds',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('photo_upload_holds_product_idx').on(t.productId, t.expiresAt)],
);

/** Triggers `reviews_page_cache_insert`, `_update` and `_delete` (0027_page_cache_notify.sql) send NOTIFY catalog_changed. */
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
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Client-chosen key: a retried checkout with the same key returns the same order. */
    idempotencyKey: text('idempotency_key'),
    /**
     * The ship-to address, copied from the buyer's address book at checkout (ShipTo). Null only on orders placed
     * before orders had an address.
     */
    shipToName: text('ship_to_name'),
    shipToLine1: text('ship_to_line1'),
    shipToLine2: text('ship_to_line2'),
    shipToCity: text('ship_to_city'),
    shipToState: text('ship_to_state'),
    shipToZip: text('ship_to_zip'),
    shipToPhone: text('ship_to_phone'),
    /** The buyer's note to the sellers, given at checkout. */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
    index('orders_user_id_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

/**
 * One seller's part of an order (docs/product.md#shipments): its lines (order_items.shipment_id) travel together
 * with one status and one tracking number. The order's status is derived from its shipments (orderStatus in
 * domain/orders/shipments.ts). What the shipping rules asked when the order was placed is kept with it: the state it
 * leaves from, the texts the parcel must carry, the seller's certificates it travels with ({kind, number}).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<ShipmentStatus>().notNull().default('pending'),
    shipFromState: text('ship_from_state'),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    certificates: jsonb('certificates')
      .$type<Array<{ kind: string; number: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** 'buyer' when the buyer confirmed it, 'auto' when AUTO_DELIVER_DAYS passed without. */
    deliveredBy: text('delivered_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** When its seller was reminded that it waits past their handling time (null until then). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /**
     * What checkout told the buyer of it (domain/shipping/outlook.ts): the day it should leave and the days it should
     * arrive between (null: the nursery had not said where it ships from), the day a weather hold ends (null: not
     * held) and whether it goes with a heat pack. Orders placed before these were kept have none.
     */
    shipOn: date('ship_on', { mode: 'string' }),
    arriveFrom: date('arrive_from', { mode: 'string' }),
    arriveTo: date('arrive_to', { mode: 'string' }),
    heldUntil: date('held_until', { mode: 'string' }),
    heatPack: boolean('heat_pack').notNull().default(false),
    /** When the maintenance found its hold over and told the buyer and the nursery (null: not held, or not yet). */
    holdReleasedAt: timestamp('hold_released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipments_order_seller_key').on(t.orderId, t.sellerId),
    // The seller's Orders tab: a status's count and its page, oldest or newest first.
    index('shipments_seller_status_idx').on(t.sellerId, t.status, t.createdAt, t.id),
    // The shipments the 14-day rule will mark delivered.
    index('shipments_shipped_at_idx').on(t.shippedAt).where(sql`${t.status} = 'shipped'`),
    // The shipments still to ship: the unpaid window's job looks among them for those not paid in time.
    index('shipments_pending_idx').on(t.orderId).where(sql`${t.status} = 'pending'`),
    check('shipments_status_valid', sql`${t.status} in ${textList(SHIPMENT_STATUSES)}`),
    check('shipments_carrier_valid', sql`${t.carrier} is null or ${t.carrier} in ${textList(CARRIERS)}`),
    check(
      'shipments_times_match_status',
      sql`(${t.status} in ('shipped', 'delivered')) = (${t.shippedAt} is not null and ${t.cancelledAt} is null)
          and (${t.status} = 'delivered') = (${t.deliveredAt} is not null)
          and (${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`,
    ),
    check(
      'shipments_delivered_by_valid',
      sql`${t.deliveredBy} is null or ${t.deliveredBy} in ('buyer', 'auto')`,
    ),
    check(
      'shipments_cancelled_by_valid',
      sql`${t.cancelledBy} is null or ${t.cancelledBy} in ${textList(CANCELLED_BY)}`,
    ),
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
    /** The seller's shipment it travels in (its status is the line's). */
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /**
     * The listing's cover when it was bought (its card-size URL, and the keys of all its sizes, which the sweep of
     * unused photos leaves alone): an order keeps its picture when the seller changes or deletes its photos. Null
     * when the listing had no photo (its image_url shows).
     */
    imageUrl: text('image_url'),
    coverKeys: text('cover_keys').array(),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_items_price_positive', sql`${t.priceCents} > 0`),
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_product_id_idx').on(t.productId),
    index('order_items_shipment_id_idx').on(t.shipmentId),
    index('order_items_cover_keys_idx').using('gin', t.coverKeys).where(sql`cover_keys is not null`),
  ],
);

/**
 * The outbox of notifications (docs/product.md#notifications): written in the transaction of the event it tells
 * about, so a crash can neither lose one nor leave one for a change that rolled back. The app shows them (read_at);
 * the mail sender (modules/notifications/sender.ts) claims pending ones with FOR UPDATE SKIP LOCKED and a lease
 * (claimed_until), so two instances never take the same one, and retries with backoff until MAIL_MAX_ATTEMPTS.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StoredNotificationKind>().notNull(),
    /** Who caused it (the buyer who ordered, the seller who shipped); null for the platform's own (a reminder). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    shipmentId: integer('shipment_id').references(() => shipments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailStatus: text('email_status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the sender chose to mail it (counted by the mail limits of docs/product.md#notifications). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The mail limits: a recipient's mails of the last day, and of the last hour by one actor.
    index('notifications_mailed_idx').on(t.userId, t.mailedAt).where(sql`${t.mailedAt} is not null`),
    // The held ones waiting for a digest.
    index('notifications_held_idx').on(t.userId).where(sql`${t.emailStatus} = 'held'`),
    // The bell and the notifications page: a user's newest first, and their unread count.
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // The sender's queue.
    index('notifications_pending_idx').on(t.nextAttemptAt).where(sql`${t.emailStatus} = 'pending'`),
    check('notifications_kind_valid', sql`${t.kind} in ${textList(STORED_NOTIFICATION_KINDS)}`),
    check('notifications_email_status_valid', sql`${t.emailStatus} in ${textList(EMAIL_STATUSES)}`),
  ],
);

/**
 * Every word that occurs in a listing's search vector, kept by the triggers `products_search_words_insert` and
 * `products_search_words_update` on products (function `search_words_add()`, 0003_full_text_search.sql); words are
 * never removed. A typed word stands for the known words that are it or start with it (the trigram index answers
 * `like 'w%'`), or failing those for its typos (bounded edit distance, fuzzystrmatch; "suger" → "sugar"), then the
 * listings are found by full-text search (modules/catalog/search.ts).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  // A typed word's typos: the words with its first letter and a length within its typo budget of its own, one range
  // of this index, read without the table (the word is in it).
  index('search_words_first_letter_idx').on(sql`left(${t.word}, 1)`, sql`length(${t.word})`, t.word),
]);

/**
 * How many marketplace searches asked for listings that may go to a state, per day: the first page of a list with
 * the "Ships to" filter set, counted in memory and added here every minute (modules/shipping/destination-searches.ts).
 * A nursery's dashboard says how many searches from a state its plants missed for want of a certificate.
 */
export const destinationSearches = pgTable(
  'destination_searches',
  {
    state: text('state').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.state, t.day] })],
);

/** The filters catalog_facet_counts has a column for: every list and flag filter (not the ranges or destinations). */
export function summaryFilters(): CatalogFilter[] {
  return (CATALOG_FILTERS as readonly CatalogFilter[]).filter((f) => f.kind === 'list' || f.kind === 'flag');
}

/**
 * The destination filter (the ships-to filter) whose excluded listings catalog_blocked_counts counts. The summary
 * holds one: a second would need counts of the listings excluded by both (docs/decisions/0015-ships-to-filter.md).
 */
export function blockedCountsFilter(): DestinationFilter {
  const found = (CATALOG_FILTERS as readonly CatalogFilter[]).filter(
    (f): f is DestinationFilter => f.kind === 'destination',
  );
  if (found.length !== 1) throw new Error('catalog_blocked_counts serves exactly one destination filter');
  return found[0] as DestinationFilter;
}

/** catalog_facet_counts' filter columns: text for a list, boolean for a flag, named as on products. */
function facetCountColumns() {
  const columns: Record<string, ReturnType<typeof facetCountColumn>> = {};
  for (const f of summaryFilters()) columns[f.column] = facetCountColumn(f);
  return columns;
}

function facetCountColumn(f: CatalogFilter) {
  const name = products[f.column as keyof typeof products.$inferSelect].name;
  return f.kind === 'list' ? text(name).notNull() : boolean(name).notNull();
}

/**
 * How many visible listings have each combination of filter values: one column for each list and flag filter of
 * CATALOG_FILTERS (domain/catalog/filters.ts), of the same name as on products, all in the key, and the count.
 * Kept by the triggers `products_facet_counts_insert`, `_update` and `_delete` on products (function
 * `catalog_facet_counts_apply()`, written from the same table by ./facet-counts.ts into the migrations; net changes
 * only). Facet counts and totals without a search or a range filter sum these few rows instead of scanning the
 * catalog. A missing value (a listing without a cutting size) is stored as ''.
 */
export const catalogFacetCounts = pgTable(
  'catalog_facet_counts',
  {
    ...facetCountColumns(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'catalog_facet_counts_pkey',
      columns: summaryFilters().map((f) => t[f.column as keyof typeof t]) as [
        (typeof t)['n'],
        ...Array<(typeof t)['n']>,
      ],
    }),
  ],
);

const blockedColumn = products[blockedCountsFilter().column as keyof typeof products.$inferSelect].name;

/**
 * The summary's complement for the destination filter (shipsTo): for each place and each combination of
 * catalog_facet_counts' columns, how many visible listings may NOT go there (one per element of their
 * products.blocked_to). A count with `shipsTo=CA` is catalog_facet_counts' less these rows for CA, read by the
 * key's first column, so the summary keeps its size whatever the sellers' profiles (decision note 0015). Kept by
 * the same trigger function.
 */
export const catalogBlockedCounts = pgTable(
  'catalog_blocked_counts',
  {
    [blockedCountsFilter().column]: text(blockedColumn).notNull(),
    ...facetCountColumns(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'catalog_blocked_counts_pkey',
      columns: [blockedCountsFilter(), ...summaryFilters()].map((f) => t[f.column as keyof typeof t]) as [
        (typeof t)['n'],
        ...Array<(typeof t)['n']>,
      ],
    }),
  ],
);

/**
 * The fingerprint of the shipping rules products.blocked_to was last computed with (a hash of SHIPPING_RULES,
 * STATE_CODES and BLOCKED_DESTINATIONS_VERSION): one row, written by the start-up that recomputed every listing
 * after a deploy changed them (docs/database.md#what-keeps-blocked_to-right).
 */
export const shippingRulesState = pgTable(
  'shipping_rules_state',
  {
    id: integer('id').primaryKey().default(1),
    rulesHash: text('rules_hash').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shipping_rules_state_one_row', sql`${t.id} = 1`)],
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

/**
 * A buyer's address book (docs/product.md#shipping-addresses): at most 20 per user (the shipping module's rule), and
 * at most one default per user, which the partial unique index keeps whatever writes the rows. The module takes the
 * user's row lock before changing a user's addresses, so its own writes never trip the index.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    /** A two-letter USPS code of STATE_CODES (domain/shipping/states.ts). */
    state: text('state').notNull(),
    /** 5 digits, or ZIP+4 as the buyer typed it ("33101-1234"). */
    zip: text('zip').notNull(),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'addresses_state_valid',
      sql`${t.state} in (${sql.raw(STATE_CODES.map((code) => `'${code}'`).join(', '))})`,
    ),
    check('addresses_zip_format', sql`${t.zip} ~ '^[0-9]{5}(-[0-9]{4})?$'`),
    index('addresses_user_id_idx').on(t.userId),
    uniqueIndex('addresses_one_default_key').on(t.userId).where(sql`is_default`),
  ],
);

export type User = typeof users.$inferSelect;
export type Product = typeof products.$inferSelect;

/**
 * The buyer's payment of an order (docs/decisions/0021-payments.md): one per order, with its provider and the amounts
 * authorised, captured and refunded. No status is stored: it follows from the amounts and the shipments'
 * settlements. `expires_at` ends the unpaid window.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    /** The provider's reference of the payment (a Stripe Checkout Session); null under the default. */
    ref: text('ref'),
    /** The charge the payment made (Stripe), the source of the transfers. */
    chargeRef: text('charge_ref'),
    /** Where the buyer pays (the hosted page), while the payment waits. */
    redirectUrl: text('redirect_url'),
    /** How many times the payment was started: the provider's idempotency key names it. */
    attempt: integer('attempt').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    capturedCents: integer('captured_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.orderId),
    check('payments_provider_valid', sql`${t.provider} in ${textList(PAYMENT_PROVIDERS)}`),
    check(
      'payments_amounts_valid',
      sql`${t.amountCents} >= 0 and ${t.capturedCents} between 0 and ${t.amountCents}
          and ${t.refundedCents} between 0 and ${t.capturedCents}`,
    ),
  ],
);

/**
 * What a shipment is worth and to whom, fixed at checkout by domain/payments/split.ts (its lines, its share of the
 * order's shipping, the commission at the rate then in force, the net), and where its money stands: paid when, and
 * the refund or transfer it is owed.
 */
export const shipmentSettlements = pgTable(
  'shipment_settlements',
  {
    shipmentId: integer('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    linesCents: integer('lines_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    commissionBp: integer('commission_bp').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    /** When this shipment's money came in; it may ship only once paid. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    transferState: text('transfer_state').notNull().default('none'),
    transferRef: text('transfer_ref'),
    refundState: text('refund_state').notNull().default('none'),
    refundRef: text('refund_ref'),
    /**
     * How many times the transfer was refused because the nursery's account could not be paid then: its provider key
     * names the attempt, as Stripe keeps a refusal under its key (docs/decisions/0028-stripe-limits.md).
     */
    transferAttempt: integer('transfer_attempt').notNull().default(0),
    /** When the refund was sent: the nursery recorded it (`direct`), or the marketplace sent it (Stripe). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The nursery's note on a refund it recorded sent itself (`direct`), which the buyer reads. */
    refundNote: text('refund_note'),
    /** A claimed refund or transfer is kept from the other instances until then. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    check(
      'shipment_settlements_adds_up',
      sql`${t.linesCents} >= 0 and ${t.shippingCents} >= 0 and ${t.grossCents} = ${t.linesCents} + ${t.shippingCents}
          and ${t.commissionBp} between 0 and 5000 and ${t.commissionCents} >= 0
          and ${t.netCents} + ${t.commissionCents} = ${t.grossCents}`,
    ),
    check(
      'shipment_settlements_transfer_state_valid',
      sql`${t.transferState} in ${textList(MONEY_JOB_STATES)}`,
    ),
    check('shipment_settlements_refund_state_valid', sql`${t.refundState} in ${textList(MONEY_JOB_STATES)}`),
    check(
      'shipment_settlements_refund_note_length',
      sql`${t.refundNote} is null or char_length(${t.refundNote}) <= ${sql.raw(String(REFUND_NOTE_MAX))}`,
    ),
  ],
);

/** The money facts, append-only (a trigger refuses updates and deletes): domain/payments/ledger.ts. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    shipmentId: integer('shipment_id').references(() => shipments.id),
    sellerId: integer('seller_id').references(() => users.id),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_order_id_idx').on(t.orderId),
    index('ledger_entries_seller_id_idx').on(t.sellerId, t.createdAt),
    // A nursery records a part's refund once: the second record of a race finds it recorded, and this holds it so.
    uniqueIndex('ledger_entries_one_refund_by_seller_idx')
      .on(t.shipmentId)
      .where(sql`${t.kind} = 'refunded_by_seller'`),
    check('ledger_entries_kind_valid', sql`${t.kind} in ${textList(LEDGER_KINDS)}`),
    check('ledger_entries_amount_positive', sql`${t.amountCents} > 0`),
    check('ledger_entries_provider_valid', sql`${t.provider} in ${textList(PAYMENT_PROVIDERS)}`),
  ],
);

/**
 * A nursery's account with a payout provider (a Stripe Express account): created once, never deleted (its id is the
 * idempotency key's subject), its state as the provider last said (`account.updated`, or a re-read when the nursery
 * opens its profile).
 */
export const sellerPayoutAccounts = pgTable(
  'seller_payout_accounts',
  {
    sellerId: integer('seller_id')
      .primaryKey()
      .references(() => users.id),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    accountRef: text('account_ref').notNull(),
    status: text('status').$type<PayoutAccountState>().notNull().default('pending'),
    /** What the provider asks for, in its own field names. */
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seller_payout_accounts_account_ref_key').on(t.provider, t.accountRef),
    check('seller_payout_accounts_provider_valid', sql`${t.provider} in ${textList(PAYMENT_PROVIDERS)}`),
    check('seller_payout_accounts_status_valid', sql`${t.status} in ${textList(PAYOUT_ACCOUNT_STATES)}`),
  ],
);

/**
 * The provider's webhook events already handled, by id: an event delivered again (providers retry until they get a
 * 2xx) is acknowledged and changes nothing. Inserted in the transaction that acts on the event.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    check('payment_events_provider_valid', sql`${t.provider} in ${textList(PAYMENT_PROVIDERS)}`),
  ],
);
