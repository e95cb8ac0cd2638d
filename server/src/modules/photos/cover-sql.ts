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

/** The card-size URL of the photo `ph`: its widest size up to CARD_WIDTH, what photoView calls its `url`. */
const cardUrl = sql`${MEDIA_PREFIX}::text || (select r->>'key' from jsonb_array_elements(ph.renditions) r
                                              where (r->>'width')::int <= ${CARD_WIDTH}::int
                                              order by (r->>'width')::int desc limit 1)`;

/** The cover's card-size URL, or null without photos. */
export const coverUrlOf = (productId: SQL) => sql<string | null>`(select ${cardUrl} ${first(productId)})`;

/**
 * A lateral join giving the cover's card-size URL (`<alias>.url`) and the keys of all its sizes (`<alias>.keys`),
 * both null without photos, from one read of the index: what an order line keeps.
 */
export const coverJoin = (productId: SQL, alias: string) =>
  sql`left join lateral (select ${cardUrl} as url, ph.keys ${first(productId)}) as ${sql.identifier(alias)} on true`;
