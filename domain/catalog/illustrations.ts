import { varietySlug } from '../constants';
import type { Product } from './responses';

/** Where the listings' drawings are served: one SVG per variety and form (scripts/generate-product-images.mjs). */
export const ILLUSTRATIONS_PATH = '/images/products/';
/**
 * Where their raster copies for link previews are served (link previews show no SVG): one PNG per drawing, written
 * by the client's build (scripts/client-build.mjs), at the size Open Graph and Twitter's large card ask for.
 */
export const SOCIAL_IMAGES_PATH = '/images/social/';
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

type Drawn = Pick<Product, 'variety' | 'form' | 'shipsAs'>;

/** The drawing's file name without its extension: a rooted plant shipped bare-root is drawn without its pot. */
function drawingOf(listing: Drawn): string {
  return `${varietySlug(listing.variety)}-${listing.shipsAs === 'bare-root' ? 'bare-root' : listing.form}`;
}

/** The drawing of the listing's variety and form. */
export function illustrationOf(listing: Drawn): string {
  return `${ILLUSTRATIONS_PATH}${drawingOf(listing)}.svg`;
}

/** The PNG of that drawing a shared link shows. */
export function socialImageOf(listing: Drawn): string {
  return `${SOCIAL_IMAGES_PATH}${drawingOf(listing)}.png`;
}
