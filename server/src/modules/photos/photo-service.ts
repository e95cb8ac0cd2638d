/**
 * A seller's photos of its listings (docs/decisions/0022-listing-photos.md): add one, put them in order (the first
 * is the cover), delete one; and the sweep of stored objects no photo names any more. Another seller's listing, or
 * an archived one, is 404 and stays unchanged.
 */
import type { Photo } from '@domain/catalog/responses';
import { PHOTO_MESSAGES, PHOTOS_PER_LISTING } from '@domain/listings/photos';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { photoObjects, photoUploadHolds, productPhotos, products } from '../../db/schema';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import { processPhoto } from './images';
import type { PhotoStore } from './store';
import { UploadQueue } from './upload-queue';
import { photoView } from './views';

const PRODUCT_NOT_FOUND = 'Product not found';
const PHOTO_NOT_FOUND = 'Photo not found';
export const TOO_MANY_PHOTOS = `A listing can have at most ${PHOTOS_PER_LISTING} photos. Delete one to add another.`;
export const ORDER_EVERY_PHOTO = "List each of the listing's photos once, in the order to show them";
/** How long an object nothing names is kept: an upload between its put and its photo's insert is younger. */
const SWEEP_GRACE_MINUTES = 60;
/** Objects deleted per transaction of the sweep (each a call to the store while its row is locked). */
const SWEEP_BATCH = 50;

/**
 * How long a place held for an upload counts without being renewed: longer than a body may take to arrive (the
 * request's 2 minutes) plus its wait for a turn to be decoded (a few uploads of at most 30 s each, two at a time).
 * A hold of an upload that outlives it is taken again if there is still room, and refused if not.
 */
const HOLD_SECONDS = 5 * 60;
const holdExpiry = () => sql`now() + make_interval(secs => ${HOLD_SECONDS})`;

/** A place on a listing held for one upload (PhotoService.hold): filled by `add`, else given back by `release`. */
export interface UploadHold {
  readonly productId: number;
  id: number;
  /** Filled or given back: nothing left to release. */
  done: boolean;
}

/** A photo's columns as photoView takes them (the catalog's detail read selects the same). */
export const photoColumns = {
  id: productPhotos.id,
  width: productPhotos.width,
  height: productPhotos.height,
  placeholder: productPhotos.placeholder,
  renditions: productPhotos.renditions,
};

export class PhotoService {
  /** The uploads this instance holds at once (PHOTO_QUEUE_UPLOADS, PHOTO_QUEUE_MB): the route admits each. */
  readonly queue: UploadQueue;

  constructor(
    private readonly db: Db,
    private readonly store: PhotoStore,
    private readonly log: FastifyBaseLogger,
    queueLimits: { uploads: number; bytes: number },
  ) {
    this.queue = new UploadQueue(queueLimits);
  }

  /**
   * Before an upload's body is read: the listing is the seller's (404) and has a place for one more photo, counting
   * the uploads still on their way to it (409), whichever instance took them; the place is then held for this
   * upload, under the listing's lock, until `add` fills it or `release` gives it back. A hold not renewed within
   * HOLD_SECONDS (an instance that crashed mid-upload) stops counting.
   */
  async hold(sellerId: number, productId: number): Promise<UploadHold> {
    const id = await this.db.transaction(async (tx) => {
      await this.own(tx, sellerId, productId, true);
      return this.takePlace(tx, productId);
    });
    return { productId, id, done: false };
  }

  /** Gives an upload's place back (a refused or failed upload); nothing once `add` has filled it. */
  async release(hold: UploadHold): Promise<void> {
    if (hold.done) return;
    hold.done = true;
    await this.db.delete(photoUploadHolds).where(eq(photoUploadHolds.id, hold.id));
  }

  /** Deletes the holds that stopped counting (their uploads' instance crashed): the app's maintenance. */
  async purgeExpiredHolds(): Promise<void> {
    await this.db.delete(photoUploadHolds).where(lt(photoUploadHolds.expiresAt, sql`now()`));
  }

  /**
   * Adds a photo at the end (the cover when it is the first) in the place `hold` keeps: processed (InvalidInput for
   * a file that is not a photo we can read); then, under the listing's lock, the place confirmed (renewed, or taken
   * again if its hold lapsed while the photo waited); only then its objects recorded and stored, and its row
   * written in the place, which the hold gives up. A refused upload stores nothing.
   */
  async add(sellerId: number, productId: number, hold: UploadHold, file: Buffer): Promise<Photo> {
    const photo = await processPhoto(file);
    hold.id = await this.db.transaction(async (tx) => {
      await this.own(tx, sellerId, productId, true);
      const [renewed] = await tx
        .update(photoUploadHolds)
        .set({ expiresAt: holdExpiry() })
        .where(and(eq(photoUploadHolds.id, hold.id), gt(photoUploadHolds.expiresAt, sql`now()`)))
        .returning({ id: photoUploadHolds.id });
      if (renewed) return renewed.id;
      await tx.delete(photoUploadHolds).where(eq(photoUploadHolds.id, hold.id));
      return this.takePlace(tx, productId);
    });
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
      await tx.delete(photoUploadHolds).where(eq(photoUploadHolds.id, hold.id));
      // The place was this upload's, so there is room; counted again all the same, so no hold lapsing during the
      // put (minutes of a stalled store) can let a listing pass its limit. Such a refusal leaves the objects to
      // the sweep.
      const { photos, held } = await this.room(tx, productId);
      if (photos + held >= PHOTOS_PER_LISTING) throw new Conflict(TOO_MANY_PHOTOS);
      const [row] = await tx
        .insert(productPhotos)
        .values({
          productId,
          position: photos,
          width: photo.width,
          height: photo.height,
          placeholder: photo.placeholder,
          renditions: photo.renditions.map(({ width, height, key }) => ({ width, height, key })),
          keys,
        })
        .returning({ id: productPhotos.id });
      return (row as { id: number }).id;
    });
    hold.done = true;
    const [row] = await this.db.select(photoColumns).from(productPhotos).where(eq(productPhotos.id, id));
    // Deleted again in the moment since its commit: the seller's next read tells.
    if (!row) throw new NotFound(PHOTO_NOT_FOUND);
    return photoView(row);
  }

  /**
   * A place for one more photo, held by a new row, or Conflict: the photos plus the live holds of other uploads
   * must stay under the limit. The caller holds the listing's lock, so these counts cannot change meanwhile.
   */
  private async takePlace(tx: Tx, productId: number): Promise<number> {
    const { photos, held } = await this.room(tx, productId);
    if (photos >= PHOTOS_PER_LISTING) throw new Conflict(TOO_MANY_PHOTOS);
    if (photos + held >= PHOTOS_PER_LISTING) throw new Conflict(PHOTO_MESSAGES.roomTaken);
    const [row] = await tx
      .insert(photoUploadHolds)
      .values({ productId, expiresAt: holdExpiry() })
      .returning({ id: photoUploadHolds.id });
    return (row as { id: number }).id;
  }

  /** The listing's photos, and the holds of uploads on their way that still count. */
  private async room(tx: Tx, productId: number): Promise<{ photos: number; held: number }> {
    const [row] = await queryRows<{ photos: number; held: number }>(
      tx,
      sql`select (select count(*)::int from product_photos where product_id = ${productId}) as photos,
                 (select count(*)::int from photo_upload_holds
                  where product_id = ${productId} and expires_at > now()) as held`,
    );
    return { photos: Number(row?.photos ?? 0), held: Number(row?.held ?? 0) };
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
