/**
 * What a page tells search engines (domain/seo.ts, server/src/plugins/page-head.ts): a listing's structured data
 * holds the fields search engines require of a Product with an Offer (checked against a schema of them), and the
 * head tags carry any text a seller typed without it breaking out of its attribute or its JSON-LD block.
 */
import type { ProductDetail, Storefront } from '@domain/catalog/responses';
import { describe as cut, marketplaceHead, productHead, storefrontHead } from '@domain/seo';
import { DEFAULT_RATES, ratesInDollars } from '@domain/shipping';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fillTemplate } from '../../server/src/plugins/client';

const ORIGIN = 'https://shop.example.com';

/** Google's required and recommended fields of a Product rich result with an Offer and an AggregateRating. */
const productLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  description: z.string().min(1),
  sku: z.string().min(1),
  url: z.url(),
  image: z.array(z.url()).min(1),
  offers: z.object({
    '@type': z.literal('Offer'),
    url: z.url(),
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.literal('USD'),
    availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock']),
    seller: z.object({ '@type': z.literal('Organization'), name: z.string().min(1), url: z.url() }),
    shippingDetails: z
      .strictObject({
        '@type': z.literal('OfferShippingDetails'),
        shippingRate: z.strictObject({
          '@type': z.literal('MonetaryAmount'),
          value: z.string().regex(/^\d+\.\d{2}$/),
          currency: z.literal('USD'),
        }),
        shippingDestination: z.strictObject({
          '@type': z.literal('DefinedRegion'),
          addressCountry: z.literal('US'),
        }),
        deliveryTime: z
          .strictObject({
            '@type': z.literal('ShippingDeliveryTime'),
            handlingTime: z.strictObject({
              '@type': z.literal('QuantitativeValue'),
              minValue: z.int().nonnegative(),
              maxValue: z.int().positive(),
              unitCode: z.literal('DAY'),
            }),
            transitTime: z.strictObject({
              '@type': z.literal('QuantitativeValue'),
              minValue: z.int().positive(),
              maxValue: z.int().positive(),
              unitCode: z.literal('DAY'),
            }),
          })
          .optional(),
      })
      .optional(),
  }),
  aggregateRating: z
    .object({
      '@type': z.literal('AggregateRating'),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.int().positive(),
    })
    .optional(),
});
/** An Organization as schema.org and Google's organization guidelines describe it, with its rating when rated. */
const organizationLd = z.strictObject({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Organization'),
  name: z.string().min(1),
  url: z.url(),
  description: z.string().min(1).optional(),
  address: z
    .strictObject({
      '@type': z.literal('PostalAddress'),
      addressRegion: z.string().length(2),
      addressCountry: z.literal('US'),
    })
    .optional(),
  aggregateRating: z
    .object({
      '@type': z.literal('AggregateRating'),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.int().positive(),
      bestRating: z.literal(5),
      worstRating: z.literal(1),
    })
    .optional(),
});
const breadcrumbLd = z.object({
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(z.object({ position: z.int().positive(), name: z.string(), item: z.url() }))
    .min(2),
});

function listing(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const photo = {
    id: 3,
    width: 2000,
    height: 1500,
    placeholder: 'data:image/webp;base64,AAAA',
    url: '/media/b.webp',
    srcset: '/media/a.webp 320w, /media/b.webp 640w, /media/c.webp 1280w',
    sizes: [
      { width: 320, height: 240, url: '/media/a.webp' },
      { width: 640, height: 480, url: '/media/b.webp' },
      { width: 1280, height: 960, url: '/media/c.webp' },
    ],
  };
  return {
    id: 42,
    sellerId: 7,
    title: 'Sugar Dragon cutting',
    description: 'A fresh 12 inch cutting, callused and ready to root.',
    variety: 'Sugar Dragon',
    form: 'cutting',
    cuttingSize: '12 inch',
    pollination: 'self',
    shipsAs: 'unrooted-cutting',
    rooted: false,
    callused: true,
    lengthInches: 12,
    segments: null,
    grafted: false,
    rootstock: null,
    organic: false,
    pesticideFree: false,
    inStock: true,
    quantity: 4,
    price: 15,
    imageUrl: '/images/products/sugar-dragon-cutting.svg',
    cover: photo,
    createdAt: '2026-11-20T10:00:00.000Z',
    unitsSold: 3,
    blockedTo: [],
    rating: { average: 4.5, count: 2 },
    freight: false,
    seller: {
      id: 7,
      username: 'sunshine_pitaya',
      name: 'Sunshine Pitaya Nursery',
      location: 'Homestead, Florida',
      takingOrders: true,
      holidayUntil: null,
    },
    photos: [photo],
    shipping: {
      first: 12.99,
      additional: 0,
      freeOver: null,
      handlingDays: 3,
      shipFromState: 'FL',
      holiday: null,
    },
    ...overrides,
  };
}

describe("a listing's structured data", () => {
  it("says its nursery's shipping: the rate of what it ships as, handling and transit days to the US", () => {
    const offer = (l: ProductDetail) => productLd.parse(productHead(l, ORIGIN).structuredData?.[0]).offers;
    // From Florida: 1-2 days within the South Atlantic states, up to 3-5 to the Pacific.
    expect(offer(listing()).shippingDetails).toEqual({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: '12.99', currency: 'USD' },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 3, unitCode: 'DAY' },
        transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 5, unitCode: 'DAY' },
      },
    });
    const shipping = listing().shipping;
    // A price that alone reaches the free-shipping threshold ships free; below it, the rate.
    expect(
      offer(listing({ price: 60, shipping: { ...shipping, freeOver: 60 } })).shippingDetails?.shippingRate
        .value,
    ).toBe('0.00');
    expect(
      offer(listing({ price: 59.99, shipping: { ...shipping, freeOver: 60 } })).shippingDetails?.shippingRate
        .value,
    ).toBe('12.99');
    // By freight, no online shipping is claimed.
    expect(
      productLd.parse(productHead(listing({ freight: true }), ORIGIN).structuredData?.[0]).offers,
    ).not.toHaveProperty('shippingDetails');
    // Without a ship-from state, no delivery time is claimed.
    expect(
      offer(listing({ shipping: { ...shipping, shipFromState: null } })).shippingDetails?.deliveryTime,
    ).toBeUndefined();
  });

  it('has Product with its Offer, rating and photos as absolute URLs, and its breadcrumbs', () => {
    const head = productHead(listing(), ORIGIN);
    const [product, trail] = head.structuredData ?? [];
    const parsed = productLd.parse(product);
    expect(parsed.offers).toMatchObject({ price: '15.00', availability: 'https://schema.org/InStock' });
    expect(parsed.image).toEqual([`${ORIGIN}/media/c.webp`]);
    expect(parsed.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(breadcrumbLd.parse(trail).itemListElement.map((s) => s.name)).toEqual([
      'Home',
      'Marketplace',
      'Sugar Dragon',
      'Sugar Dragon cutting',
    ]);
    expect(head).toMatchObject({
      canonical: `${ORIGIN}/product/42`,
      type: 'product',
      image: { url: `${ORIGIN}/media/c.webp`, width: 1280, height: 960 },
    });
  });

  it('says out of stock, leaves the rating out while unrated, and shows its drawing as a PNG without photos', () => {
    const head = productHead(
      listing({ inStock: false, quantity: 0, rating: { average: null, count: 0 }, photos: [], cover: null }),
      ORIGIN,
    );
    const parsed = productLd.parse(head.structuredData?.[0]);
    expect(parsed.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(parsed.aggregateRating).toBeUndefined();
    // Link previews and search engines show no SVG: the drawing's PNG copy stands for the photo.
    expect(parsed.image).toEqual([`${ORIGIN}/images/social/sugar-dragon-cutting.png`]);
    expect(head.image).toEqual({
      url: `${ORIGIN}/images/social/sugar-dragon-cutting.png`,
      width: 1200,
      height: 630,
      alt: 'Sugar Dragon cutting',
    });
    const bareRoot = productHead(
      listing({ form: 'rooted', shipsAs: 'bare-root', photos: [], cover: null }),
      ORIGIN,
    );
    expect(bareRoot.image?.url).toBe(`${ORIGIN}/images/social/sugar-dragon-bare-root.png`);
    // In stock, from a nursery not taking orders yet: nobody can buy it either.
    const closed = listing({});
    const closedHead = productHead({ ...closed, seller: { ...closed.seller, takingOrders: false } }, ORIGIN);
    expect(productLd.parse(closedHead.structuredData?.[0]).offers.availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });

  it('cuts a description at a word, within 160 characters', () => {
    const long = 'word '.repeat(100);
    const short = cut(long);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith('word…')).toBe(true);
    expect(cut('  two\n\nlines  ')).toBe('two lines');
  });
});

function storefront(overrides: Partial<Storefront> = {}): Storefront {
  return {
    id: 7,
    username: 'sunshine_pitaya',
    name: 'Sunshine Pitaya Nursery',
    location: 'Homestead, Florida',
    bio: 'Family nursery growing forty varieties since 2009.',
    memberSince: '2026-01-05T10:00:00.000Z',
    rating: { average: 4.3, count: 12 },
    listings: 18,
    licence: 'FL-NUR-1',
    certificates: [],
    shipping: {
      shipFromState: 'FL',
      handlingDays: 3,
      blockedStates: [],
      shipDays: ['mon', 'tue', 'wed'],
      holiday: null,
      rates: ratesInDollars(DEFAULT_RATES),
    },
    ...overrides,
  };
}

describe("a storefront's structured data", () => {
  it('has an Organization with its region and rating, and its breadcrumbs', () => {
    const head = storefrontHead(storefront(), ORIGIN);
    const [org, trail] = head.structuredData ?? [];
    expect(organizationLd.parse(org)).toMatchObject({
      name: 'Sunshine Pitaya Nursery',
      url: `${ORIGIN}/sellers/sunshine_pitaya`,
      address: { addressRegion: 'FL' },
      aggregateRating: { ratingValue: 4.3, reviewCount: 12 },
    });
    expect(breadcrumbLd.parse(trail).itemListElement.map((s) => s.item)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/marketplace`,
      `${ORIGIN}/sellers/sunshine_pitaya`,
    ]);
    expect(head).toMatchObject({ canonical: `${ORIGIN}/sellers/sunshine_pitaya`, type: 'profile' });
    expect(head.description).toBe(
      'Sunshine Pitaya Nursery (Homestead, Florida): Family nursery growing forty varieties since 2009.',
    );
  });

  it('leaves out what a new nursery has not said, and escapes an odd username in its URL', () => {
    const head = storefrontHead(
      storefront({
        username: 'a&b/c',
        name: 'a&b/c',
        location: null,
        bio: null,
        rating: { average: null, count: 0 },
        shipping: {
          shipFromState: null,
          handlingDays: 3,
          blockedStates: [],
          shipDays: ['mon', 'tue', 'wed'],
          holiday: null,
          rates: ratesInDollars(DEFAULT_RATES),
        },
      }),
      ORIGIN,
    );
    const org = organizationLd.parse(head.structuredData?.[0]);
    expect(org.url).toBe(`${ORIGIN}/sellers/a%26b%2Fc`);
    expect(org.address).toBeUndefined();
    expect(org.aggregateRating).toBeUndefined();
    expect(org.description).toBeUndefined();
    expect(head.description).toBe('a&b/c: Dragon fruit plants from a&b/c.');
  });
});

describe('the head tags', () => {
  const TEMPLATE =
    '<!doctype html><html><head><meta name="description" content="The site." /><title>x</title></head>' +
    '<body><div id="root"></div></body></html>';
  const NASTY = 'Pitaya "best" </script><script>alert(1)</script> $& $` \u0000';

  it("carry a seller's text in attributes and JSON-LD without breaking out, and replace the default description", () => {
    const head = productHead(listing({ title: NASTY, description: NASTY }), ORIGIN);
    const html = fillTemplate(TEMPLATE, { title: NASTY, head, html: '', state: {} });
    const headHtml = html.slice(0, html.indexOf('</head>'));
    // One script per JSON-LD block, each parsing back to what the page gave.
    const blocks = [...headHtml.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks.map((b) => JSON.parse(b[1] as string))).toEqual(head.structuredData);
    expect(headHtml).not.toContain('<script>alert');
    expect(headHtml.match(/<meta name="description"/g)).toHaveLength(1);
    expect(headHtml).not.toContain('The site.');
    expect(headHtml).toContain(`<link rel="canonical" href="${ORIGIN}/product/42" />`);
    expect(headHtml).toContain('<meta property="og:type" content="product" />');
    expect(headHtml).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('leaves the template as it was for a page that says nothing of itself', () => {
    const html = fillTemplate(TEMPLATE, { title: 'x', html: '', state: {} });
    expect(html).toContain('<meta name="description" content="The site." />');
    expect(html).not.toContain('og:');
  });
});

describe("the marketplace's pages", () => {
  it('are one canonical page, except a variety or a form, which is a page of its own', () => {
    expect(marketplaceHead(ORIGIN, null).canonical).toBe(`${ORIGIN}/marketplace`);
    const variety = marketplaceHead(ORIGIN, { kind: 'variety', variety: 'Yellow Dragon' });
    expect(variety.canonical).toBe(`${ORIGIN}/marketplace?variety=Yellow%20Dragon`);
    expect(variety.description).toMatch(
      /^Yellow Dragon Dragon Fruit from US nurseries\. Knobbly yellow skin/,
    );
    expect(variety.description?.length).toBeLessThanOrEqual(160);
    const form = marketplaceHead(ORIGIN, { kind: 'form', form: 'seed' });
    expect(form.canonical).toBe(`${ORIGIN}/marketplace?form=seed`);
    expect(form.description).toMatch(/^Dragon Fruit Seeds from US nurseries\./);
    expect(breadcrumbLd.parse(form.structuredData?.[0]).itemListElement.map((s) => s.name)).toEqual([
      'Home',
      'Marketplace',
      'Dragon Fruit Seeds',
    ]);
  });
});
