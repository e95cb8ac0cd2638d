/**
 * What a server-rendered page tells search engines and link previews besides its title (issue 27): the meta
 * description, the canonical URL, Open Graph and Twitter card tags, and schema.org structured data as JSON-LD.
 * Pages say it (client: usePageHead); the server writes the tags (server/src/plugins/client.ts).
 */
import {
  type CatalogTopic,
  type ProductDetail,
  SOCIAL_IMAGE_SIZE,
  type Storefront,
  socialImageOf,
  topicPath,
  topicText,
  varietyPath,
} from './catalog';
import { SITE_NAME } from './constants';
import { contiguousTransitDays, stateName } from './shipping';

export { SITE_NAME };

export interface PageHead {
  /** What a search result shows under the title: plain text, cut to DESCRIPTION_MAX by `describe`. */
  description?: string;
  /** The page's own absolute URL, without the query that only filters or tracks. */
  canonical?: string;
  /** The picture a shared link shows (absolute URL). */
  image?: { url: string; width?: number; height?: number; alt: string };
  type?: 'website' | 'product' | 'profile';
  /** schema.org objects, each written as its own JSON-LD block. */
  structuredData?: Array<Record<string, unknown>>;
}

/** Search engines show about 155 to 160 characters of a description. */
export const DESCRIPTION_MAX = 160;

/** `text` on one line, cut at a word to at most `max` characters with an ellipsis. */
export function describe(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** A path or URL made absolute against the site's origin. */
export const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, `${origin}/`).href;

/** The trail of links above a page, as schema.org's BreadcrumbList. */
export function breadcrumbs(origin: string, trail: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: absolute(origin, step.path),
    })),
  };
}

/** A rating as schema.org's AggregateRating, or nothing while there are no reviews. */
function aggregateRating(rating: { average: number | null; count: number }) {
  if (rating.count === 0 || rating.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

/** A nursery's storefront: /sellers/<username>, the username percent-encoded. */
export function storefrontPath(username: string): string {
  return `/sellers/${encodeURIComponent(username)}`;
}

/** A listing's page: the description, its cover as the preview, and Product with its Offer (and rating, when rated). */
export function productHead(product: ProductDetail, origin: string): PageHead {
  const url = absolute(origin, `/product/${product.id}`);
  const photos = product.photos.map((p) => absolute(origin, p.sizes.at(-1)?.url ?? p.url));
  const largest = product.photos[0]?.sizes.at(-1);
  // A link preview shows the cover photo; without one, the PNG copy of the listing's drawing (link previews show no
  // SVG), also when its image URL is another picture, which may be anything and anywhere.
  const image = largest
    ? { url: absolute(origin, largest.url), width: largest.width, height: largest.height, alt: product.title }
    : { url: absolute(origin, socialImageOf(product)), ...SOCIAL_IMAGE_SIZE, alt: product.title };
  const seller = product.seller.name;
  return {
    description: describe(`${product.title} from ${seller}: ${product.description}`),
    canonical: url,
    image,
    type: 'product',
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: describe(product.description, 5000),
        sku: String(product.id),
        url,
        image: photos.length > 0 ? photos : [image.url],
        category: `Dragon fruit ${product.form}`,
        offers: {
          '@type': 'Offer',
          url,
          price: product.price.toFixed(2),
          priceCurrency: 'USD',
          availability:
            // A nursery not taking orders yet cannot sell it either (docs/product.md#product).
            product.inStock && product.quantity > 0 && product.seller.takingOrders
              ? 'https://schema.org/InStock'
              : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          seller: {
            '@type': 'Organization',
            name: seller,
            url: absolute(origin, storefrontPath(product.seller.username)),
          },
          // A plant that ships by freight has no online shipping to say.
          ...(product.freight ? {} : { shippingDetails: shippingDetails(product) }),
        },
        ...aggregateRating(product.rating),
      },
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: 'Marketplace', path: '/marketplace' },
        { name: product.variety, path: varietyPath(product.variety) },
        { name: product.title, path: `/product/${product.id}` },
      ]),
    ],
  };
}

/**
 * What shipping one unit costs and how long it takes, as schema.org's OfferShippingDetails says it: its nursery's rate
 * for what it ships as (nothing when its price alone reaches the nursery's free-shipping threshold), to the United
 * States, handled within the nursery's handling days, on the road the fewest to most days from its state to the
 * contiguous states (the page is the same for every buyer, so the buyer's own state is not known to it). Without a
 * ship-from state, no delivery time.
 */
function shippingDetails(product: ProductDetail) {
  const { first, freeOver, handlingDays, shipFromState } = product.shipping;
  const free = freeOver !== null && product.price >= freeOver;
  const days = (min: number, max: number) => ({
    '@type': 'QuantitativeValue',
    minValue: min,
    maxValue: max,
    unitCode: 'DAY',
  });
  const transit = shipFromState ? contiguousTransitDays(shipFromState) : null;
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: (free ? 0 : first).toFixed(2), currency: 'USD' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
    ...(transit
      ? {
          deliveryTime: {
            '@type': 'ShippingDeliveryTime',
            handlingTime: days(0, handlingDays),
            transitTime: days(transit[0], transit[1]),
          },
        }
      : {}),
  };
}

/**
 * A nursery's storefront: its bio (or what it sells) as the description, and an Organization with its region and the
 * rating of its listings' reviews.
 */
export function storefrontHead(store: Storefront, origin: string): PageHead {
  const path = storefrontPath(store.username);
  const url = absolute(origin, path);
  const region = store.shipping.shipFromState;
  const where = store.location ?? (region ? stateName(region) : null);
  const about = store.bio ?? `Dragon fruit plants from ${store.name}${where ? `, ${where}` : ''}.`;
  return {
    description: describe(`${store.name}${where ? ` (${where})` : ''}: ${about}`),
    canonical: url,
    type: 'profile',
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: store.name,
        url,
        ...(store.bio ? { description: describe(store.bio, 5000) } : {}),
        ...(region
          ? { address: { '@type': 'PostalAddress', addressRegion: region, addressCountry: 'US' } }
          : {}),
        ...aggregateRating(store.rating),
      },
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: 'Marketplace', path: '/marketplace' },
        { name: store.name, path },
      ]),
    ],
  };
}

/**
 * The marketplace: one canonical page for every filter, sort and page of it, except a topic's (one variety or one
 * form, domain/catalog/topics.ts), which is a page of its own with its own canonical URL and description.
 */
export function marketplaceHead(origin: string, topic: CatalogTopic | null): PageHead {
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Marketplace', path: '/marketplace' },
  ];
  if (!topic)
    return {
      description:
        'Dragon fruit cuttings, rooted plants, seeds and mature plants from US nurseries, filtered by variety, form, ' +
        'price and the state they may ship to.',
      canonical: absolute(origin, '/marketplace'),
      structuredData: [breadcrumbs(origin, trail)],
    };
  const path = topicPath(topic);
  const { heading, intro } = topicText(topic);
  return {
    description: describe(`${heading} from US nurseries. ${intro}`),
    canonical: absolute(origin, path),
    structuredData: [breadcrumbs(origin, [...trail, { name: heading, path }])],
  };
}
