import type { Product } from '@domain/catalog/responses';
import { ILLUSTRATIONS_PATH, illustrationOf } from '@domain/constants';
import type { CSSProperties, SyntheticEvent } from 'react';

// A listing's picture wherever it shows (cards, thumbnails, the product page): its cover photo when it has one, else
// its image URL; one that fails to load becomes its variety's illustration, never a broken image.

type Pictured = Pick<Product, 'id' | 'variety' | 'form' | 'imageUrl' | 'cover'>;

/**
 * Mirrored, cropped closer and shifted a little in hue by the listing's id, so that a page of one variety's cuttings
 * is not six copies of one drawing. The hue shifts are small: the fruit keeps its variety's colour.
 */
const VARIATIONS: CSSProperties[] = [
  {},
  { transform: 'scaleX(-1)' },
  { transform: 'scale(1.3)', transformOrigin: '35% 75%', filter: 'hue-rotate(-10deg)' },
  {
    transform: 'scale(-1.25, 1.25)',
    transformOrigin: '50% 25%',
    filter: 'hue-rotate(10deg) brightness(.97)',
  },
];

function variation(id: number): CSSProperties {
  return VARIATIONS[id % VARIATIONS.length] ?? {};
}

/** Puts the illustration in place of a picture that did not load (once: a missing drawing stays as it is). */
export function showIllustration(
  img: HTMLImageElement,
  listing: Pick<Product, 'id' | 'variety' | 'form'>,
): void {
  if (img.dataset.fallback) return;
  img.dataset.fallback = 'true';
  img.removeAttribute('srcset');
  img.style.backgroundImage = '';
  Object.assign(img.style, variation(listing.id));
  img.src = illustrationOf(listing);
}

/**
 * The same for an image that failed before the page was adopted (a server-rendered page's), whose error event
 * came before React listened: a finished image with no pixels is a broken one.
 */
export function fallbackRef(listing: Pick<Product, 'id' | 'variety' | 'form'>) {
  return (img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) showIllustration(img, listing);
  };
}

/**
 * The img attributes of a listing's picture: the cover's renditions over its blurred placeholder (painted until the
 * photo arrives), else the image URL (an illustration varied by id); either falls back to the illustration.
 */
export function listingImage(listing: Pictured) {
  const { cover } = listing;
  const onError = (event: SyntheticEvent<HTMLImageElement>) => showIllustration(event.currentTarget, listing);
  const ref = fallbackRef(listing);
  if (cover) {
    return {
      src: cover.url,
      srcSet: cover.srcset,
      style: { backgroundImage: `url("${cover.placeholder}")`, backgroundSize: 'cover' } as CSSProperties,
      onError,
      ref,
    };
  }
  const src = listing.imageUrl;
  return { src, style: src.startsWith(ILLUSTRATIONS_PATH) ? variation(listing.id) : undefined, onError, ref };
}
