/**
 * A listing's cover (its first photo) as SQL expressions over the listing's id, for the statements that show a
 * listing (the catalog) or keep its picture (checkout's order lines). Each is one read of
 * product_photos_product_idx.
 */
import { type SQL, sql } from 'drizzle-orm';
import { CARD_WIDTH, MEDIA_PREFIX, type PhotoRow } from './views';

const first = (productId: SQL) =>
  sql`from product_photos ph where ph.product_id = ${productId} order by ph.position, ph.id limit 1`;

/** The cover as a PhotoRow (jsonb), or null without photos. */
export const coverOf = (productId: SQL) =>
  sql<PhotoRow | null>`(select jsonb_build_object('id', ph.id, 'width', ph.width, 'height', ph.height,
                                                  'placeholder', ph.placeholder, 'renditions', ph.renditions)
                        ${first(productId)})`;

/** The cover's card-size URL, what photoView calls its `url`: its widest size up to CARD_WIDTH. */
export const coverUrlOf = (productId: SQL) =>
  sql<
    string | null
  >`(select ${MEDIA_PREFIX}::text || (select r->>'key' from jsonb_array_elements(ph.renditions) r
                                                        where (r->>'width')::int <= ${CARD_WIDTH}::int
                                                        order by (r->>'width')::int desc limit 1)
                      ${first(productId)})`;

/** The keys of all the cover's sizes, or null. */
export const coverKeysOf = (productId: SQL) => sql<string[] | null>`(select ph.keys ${first(productId)})`;
