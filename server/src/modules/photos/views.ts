/** A stored photo as the API shows it (domain/catalog/responses.ts photoSchema): its renditions made URLs. */
import type { Photo } from '@domain/catalog/responses';
import type { PhotoRendition } from '../../db/schema';

/** Where the app serves the stored objects (photos/routes.ts). */
export const MEDIA_PREFIX = '/media/';
export const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key}`;

/** The width a card or a phone shows: the `url` of a photo, its widest rendition up to this width. */
export const CARD_WIDTH = 640;

export interface PhotoRow {
  id: number;
  width: number;
  height: number;
  placeholder: string;
  renditions: PhotoRendition[];
}

export function photoView(row: PhotoRow): Photo {
  const sizes = [...row.renditions]
    .sort((a, b) => a.width - b.width)
    .map((r) => ({ width: r.width, height: r.height, url: mediaUrl(r.key) }));
  const card = sizes.filter((s) => s.width <= CARD_WIDTH).at(-1) ?? sizes[0];
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    url: card?.url ?? '',
    srcset: sizes.map((s) => `${s.url} ${s.width}w`).join(', '),
    sizes,
  };
}
