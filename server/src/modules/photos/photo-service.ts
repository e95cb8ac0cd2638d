/**
 * A seller's photos of its listings (docs/decisions/0022-listing-photos.md): add one, put them in order (the first
 * is the cover), delete one; and the sweep of stored objects no photo names any more. Another seller's listing, or
 * an archived one, is 404 and stays unchanged.
 */
import type { Photo } from '@domain/catalog/responses';
import { PHOTOS_PER_LISTING } from '@domain/listings/photos';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { photoObjects, productPhotos, products } from '../../db/schema';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import { processPhoto } from './images';
import type { PhotoStore } from './store';
import { photoView } from './views';

const PRODUCT_NOT_FOUND = 'Product not found';
const PHOTO_NOT_FOUND = 'Photo not found';
export const TOO_MANY_PHOTOS = `A listing can have at most ${PHOTOS_PER_LISTING} photos. Delete one to add another.`;
export const ORDER_EVERY_PHOTO = "List each of the listing's photos once, in the order to show them";
/** How long an object nothing names is kept: an upload between its put and its photo's insert is younger. */
const SWEEP_GRACE_MINUTES = 60;
/** Objects deleted per transaction of the sweep (each a call to the store while its row is locked). */
const SWEEP_BATCH = 50;

/** A photo's columns as photoView takes them (the catalog's detail read selects the same). */
export const photoColumns = {
  id: productPhotos.id,
  width: productPhotos.width,
  height: productPhotos.height,
  placeholder: productPhotos.placeholder,
  renditions: productPhotos.renditions,
};

export class PhotoService {
  constructor(
    private readonly db: Db,
    private readonly store: PhotoStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Before an upload's body is read: the listing is the seller's and has room for a photo. Checked again under the
   * listing's lock when the photo is written (two uploads may race for the last place).
   */
  async checkRoom(sellerId: number, productId: number): Promise<void> {
    await this.own(this.db, sellerId, productId);
    if ((await this.count(this.db, productId)) >= PHOTOS_PER_LISTING) throw new Conflict(TOO_MANY_PHOTOS);
  }

  /**
   * Adds a photo at the end (the cover when it is the first): processed (InvalidInput for a file that is not a
   * photo we can read), its objects recorded then stored, then its row written under the listing's lock, where the
   * listing's owner and its room are what decide. The route has called checkRoom before reading the body.
   */
  async add(sellerId: number, productId: number, file: Buffer): Promise<Photo> {
    const photo = await processPhoto(file);
    const keys = photo.renditions.map((r) => r.key);
    // Recorded (or made young again) before the put, so the sweep leaves these objects alone for an hour: it locks
    // the row while it deletes, and this waits for it.
    await this.db
      .insert(photoObjects)
      .values(keys.map((key) => ({ key })))
      .onConflictDoUpdate({ target: photoObjects.key, set: { createdAt: sql`now()` } });
    for (const r of photo.renditions) await this.store.put(r.key, r.bytes, 'image/webp');
    const id = await this.db.transaction(async (tx) => {
      await this.own(tx, sellerId, productId, true);
      const count = await this.count(tx, productId);
      if (count >= PHOTOS_PER_LISTING) throw new Conflict(TOO_MANY_PHOTOS);
      const [row] = await tx
        .insert(productPhotos)
        .values({
          productId,
          position: count,
          width: photo.width,
          height: photo.height,
          placeholder: photo.placeholder,
          renditions: photo.renditions.map(({ width, height, key }) => ({ width, height, key })),
          keys,
        })
        .returning({ id: productPhotos.id });
      return (row as { id: number }).id;
    });
    const [row] = await this.db.select(photoColumns).from(productPhotos).where(eq(productPhotos.id, id));
    // Deleted again in the moment since its commit: the seller's next read tells.
    if (!row) throw new NotFound(PHOTO_NOT_FOUND);
    return photoView(row);
  }

  /** Puts the listing's photos in the order given (every one of them, once); the first becomes the cover. */
  async arrange(sellerId: number, productId: number, order: number[]): Promise<Photo[]> {
    return this.db.transaction(async (tx) => {
      await this.own(tx, sellerId, productId, true);
      const current = await tx
        .select({ id: productPhotos.id })
        .from(productPhotos)
        .where(eq(productPhotos.productId, productId));
      const ids = new Set(current.map((p) => p.id));
      if (
        order.length !== ids.size ||
        new Set(order).size !== order.length ||
        !order.every((id) => ids.has(id))
      )
        throw new InvalidInput(ORDER_EVERY_PHOTO, { order: ORDER_EVERY_PHOTO });
      if (order.length > 0)
        await tx.execute(sql`
          update product_photos p set position = o.n - 1
          from unnest(${sql.param(order)}::int[]) with ordinality as o(id, n)
          where p.id = o.id and p.product_id = ${productId}`);
      return this.photos(tx, productId);
    });
  }

  /** Deletes one photo; the others close up (the next becomes the cover). Its objects go once nothing names them. */
  async remove(sellerId: number, productId: number, photoId: number): Promise<Photo[]> {
    const { photos, keys } = await this.db.transaction(async (tx) => {
      await this.own(tx, sellerId, productId, true);
      const [gone] = await tx
        .delete(productPhotos)
        .where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId)))
        .returning({ keys: productPhotos.keys });
      if (!gone) throw new NotFound(PHOTO_NOT_FOUND);
      await tx.execute(sql`
        update product_photos p set position = o.n - 1
        from (select id, row_number() over (order by position, id) as n
              from product_photos where product_id = ${productId}) o
        where p.id = o.id and p.position <> o.n - 1`);
      return { photos: await this.photos(tx, productId), keys: gone.keys };
    });
    // After the commit; a failure here leaves the objects to the sweep, never the seller's answer.
    await this.sweep(keys).catch((err: unknown) =>
      this.log.warn({ err, productId }, "a deleted photo's objects could not be deleted yet"),
    );
    return photos;
  }

  /**
   * Deletes stored objects that no photo names and that were recorded over an hour ago (`keys`: only those; else
   * every such object, in batches). Each object's row is locked while the store deletes it, so an upload of the
   * same bytes, which records its keys before storing them, waits and then stores them again. Answers how many.
   */
  async sweep(keys?: string[]): Promise<number> {
    let deleted = 0;
    for (;;) {
      const done = await this.db.transaction(async (tx) => {
        const rows = await queryRows<{ key: string }>(
          tx,
          sql`select o.key from photo_objects o
              where o.created_at < now() - make_interval(mins => ${SWEEP_GRACE_MINUTES}::int)
                ${keys ? sql`and o.key = any(${sql.param(keys)}::text[])` : sql``}
                and not exists (select 1 from product_photos p where p.keys @> array[o.key])
                and not exists (select 1 from order_items i where i.cover_keys @> array[o.key])
              order by o.key
              limit ${SWEEP_BATCH}
              for update of o skip locked`,
        );
        for (const { key } of rows) await this.store.delete(key);
        if (rows.length > 0)
          await tx
            .delete(photoObjects)
            .where(sql`${photoObjects.key} = any(${sql.param(rows.map((r) => r.key))}::text[])`);
        return rows.length;
      });
      deleted += done;
      if (done < SWEEP_BATCH || keys) return deleted;
    }
  }

  private async photos(db: Db | Tx, productId: number): Promise<Photo[]> {
    const rows = await db
      .select(photoColumns)
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId))
      .orderBy(asc(productPhotos.position), asc(productPhotos.id));
    return rows.map(photoView);
  }

  private async count(db: Db | Tx, productId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId));
    return row?.n ?? 0;
  }

  /** The seller's visible listing (locked with `lock`, so its photos change one request at a time); else 404. */
  private async own(db: Db | Tx, sellerId: number, productId: number, lock = false): Promise<void> {
    const query = db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.sellerId, sellerId), isNull(products.archivedAt)));
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw new NotFound(PRODUCT_NOT_FOUND);
  }
}
