/** Product constants shared by client and server (docs/product.md#constants). */

/** The five varieties always shown in the filter, then the four the desktop "show all" toggle adds. */
export const PRIMARY_VARIETIES = [
  'Sugar Dragon',
  'American Beauty',
  'Yellow Dragon',
  'Physical Graffiti',
  'Red Jaina',
] as const;
export const MORE_VARIETIES = ['Vietnamese White', 'Thai Red', 'Valdivia Roja', 'Dark Star'] as const;
export const VARIETIES = [...PRIMARY_VARIETIES, ...MORE_VARIETIES] as const;
export type Variety = (typeof VARIETIES)[number];

/**
 * Each variety's botanical name, as a packing slip and a plant inspector want it. Dragon fruit are Selenicereus
 * (formerly Hylocereus); Yellow Dragon is S. megalanthus, the white-fleshed Vietnamese White S. undatus; the others
 * are red- or pink-fleshed cultivars of mixed parentage, named as hybrids.
 */
export const BOTANICAL_NAMES: Record<Variety, string> = {
  'Sugar Dragon': 'Selenicereus hybrid',
  'American Beauty': 'Selenicereus hybrid',
  'Yellow Dragon': 'Selenicereus megalanthus',
  'Physical Graffiti': 'Selenicereus hybrid',
  'Red Jaina': 'Selenicereus hybrid',
  'Vietnamese White': 'Selenicereus undatus',
  'Thai Red': 'Selenicereus hybrid',
  'Valdivia Roja': 'Selenicereus hybrid',
  'Dark Star': 'Selenicereus hybrid',
};

/** The botanical name of a listing's variety (the genus for a variety not in the list). */
export function botanicalName(variety: string): string {
  return BOTANICAL_NAMES[variety as Variety] ?? 'Selenicereus';
}

export const FORMS = ['cutting', 'rooted', 'seed', 'mature'] as const;
export type ProductForm = (typeof FORMS)[number];
/** Labels for one product of a form (product type options). */
export const FORM_LABELS: Record<ProductForm, string> = {
  cutting: 'Cutting',
  rooted: 'Rooted Plant',
  seed: 'Seeds',
  mature: 'Mature Plant',
};
/** Labels for the marketplace form filter. */
export const FORM_FILTER_LABELS: Record<ProductForm, string> = {
  cutting: 'Cuttings',
  rooted: 'Rooted Plants',
  seed: 'Seeds',
  mature: 'Mature Plants',
};

/** How a listing travels (docs/product.md#shipping): what the per-state plant shipping rules look at. */
export const SHIPS_AS = ['unrooted-cutting', 'bare-root', 'potted', 'seeds'] as const;
/** The longest a listing's length (a cutting's length, a rooted plant's height) may be, in inches. */
export const LENGTH_INCHES_MAX = 120;
export type ShipsAs = (typeof SHIPS_AS)[number];
export const SHIPS_AS_LABELS: Record<ShipsAs, string> = {
  'unrooted-cutting': 'Unrooted cutting',
  'bare-root': 'Bare root',
  potted: 'Potted in soil',
  seeds: 'Seeds',
};
/** What the listing form proposes for each form until the seller says otherwise. */
export const DEFAULT_SHIPS_AS: Record<ProductForm, ShipsAs> = {
  cutting: 'unrooted-cutting',
  rooted: 'potted',
  seed: 'seeds',
  mature: 'potted',
};

export const CUTTING_SIZES = ['6 inch', '12 inch', 'multi-tip'] as const;
export type CuttingSize = (typeof CUTTING_SIZES)[number];
export const CUTTING_SIZE_LABELS: Record<CuttingSize, string> = {
  '6 inch': '6 inch (15cm)',
  '12 inch': '12 inch (30cm)',
  'multi-tip': 'Multi-tip',
};

export const POLLINATIONS = ['self', 'cross'] as const;
export type Pollination = (typeof POLLINATIONS)[number];
export const POLLINATION_LABELS: Record<Pollination, string> = {
  self: 'Self-pollinating',
  cross: 'Cross-pollinating',
};

/** Card badges by variety (docs/product.md#marketplace). */
export const VARIETY_BADGES: Partial<Record<Variety, string>> = {
  'Sugar Dragon': 'POPULAR',
  'American Beauty': 'BEST SELLER',
  'Red Jaina': 'NEW',
};

/** Home page featured varieties with their tags. */
export const FEATURED_VARIETIES: ReadonlyArray<{ variety: Variety; tag: string }> = [
  { variety: 'Sugar Dragon', tag: 'POPULAR' },
  { variety: 'American Beauty', tag: 'BEST SELLER' },
  { variety: 'Yellow Dragon', tag: 'EXOTIC' },
];

export const PAGE_SIZE = 6;
export const MAX_PAGE_SIZE = 100;
export const PAGINATION_WINDOW = 5;
export const SHIPPING_CENTS = 1299;
/** The largest order total, in cents: $20,000,000 (order totals are stored as 32-bit integer cents). */
export const ORDER_TOTAL_MAX_CENTS = 2_000_000_000;
/** The most units of one listing a seller may stock or a buyer may hold in one cart line. */
export const QUANTITY_MAX = 100_000;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;
/** The newsletter's address rule (docs/product.md#validation): text, @, text, dot, text. */
export const NEWSLETTER_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const LOCATION_MAX = 100;
export const BIO_MAX = 1000;
/** A nursery's shop name (docs/decisions/0024-storefronts.md). */
/** The marketplace's own name (titles, structured data); no member may be shown by it or a name like it. */
export const SITE_NAME = 'Dragon Fruit Marketplace';
export const BUSINESS_NAME_MAX = 100;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export const THEME_STORAGE_KEY = 'ui-theme';
export const LEGACY_THEME_STORAGE_KEY = 'dragonfruit-theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

/** Demo accounts (seeded into the embedded database, or with SEED_DEMO=true). */
export const DEMO_BUYER = { username: 'demo_buyer', password: 'demobuyer123' } as const;
export const DEMO_SELLER = { username: 'demo_seller', password: 'demoseller123' } as const;

export function varietySlug(variety: string): string {
  return variety
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The growing guides' paths under /guides/ (their text is the client's): the sitemap lists them. */
export const GUIDE_SLUGS = ['rooting-cuttings', 'support-systems', 'pollination'] as const;
export type GuideSlug = (typeof GUIDE_SLUGS)[number];
