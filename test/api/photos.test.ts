/**
 * A listing's photos through the API (docs/decisions/0022-listing-photos.md): upload, order, delete, and serving
 * them from /media/, with the photos kept in the data folder and in an S3 bucket on a real server of the protocol.
 * Every bad file is a 400 that leaves nothing behind; another seller's listing is 404.
 */

import { PassThrough } from 'node:stream';
import type { Photo, Product, ProductDetail } from '@domain/catalog/responses';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTOS_PER_LISTING } from '@domain/listings/photos';
import type { Order } from '@domain/orders/responses';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { photoObjects, photoUploadHolds, productPhotos } from '../../server/src/db/schema';
import { ORDER_EVERY_PHOTO, TOO_MANY_PHOTOS } from '../../server/src/modules/photos/photo-service';
import { ONE_PHOTO } from '../../server/src/modules/photos/routes';
import { type Client, createTestApp, ORIGIN, type TestApp } from '../support/app';
import { createListing, signUpBuyer, signUpNursery } from '../support/fixtures';
import { type S3Server, s3Env, startS3Server } from '../support/s3-server';

/** A photo-like JPEG of its own colour, so each upload has bytes (and keys) of its own. */
let shade = 0;
async function jpeg(width = 900, height = 600): Promise<Buffer> {
  shade += 7;
  return sharp({
    create: { width, height, channels: 3, background: { r: shade % 256, g: 120, b: (shade * 3) % 256 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 80, height: 80, channels: 3, background: { r: 20, g: 200, b: 40 } },
        })
          .png()
          .toBuffer(),
        top: 40,
        left: 40,
      },
    ])
    .jpeg()
    .toBuffer();
}

type OrderView = Pick<Order, 'id' | 'items'>;

/** The price of each listing here (an order below says it). */
const PRICE = 15;

/**
 * An upload whose body arrives in two parts: all but its last bytes now, the rest at finish(). Until then its
 * request is in the route, past the checks made before the body is read.
 */
async function startSlowUpload(t: TestApp, by: Client, id: number, bytes: Buffer) {
  const boundary = `----slow-${Math.random().toString(36).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const stream = new PassThrough();
  const cookie = [...by.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = t.server.inject({
    method: 'POST',
    url: `/api/products/${id}/photos`,
    payload: stream,
    headers: {
      host: 'localhost:80',
      origin: ORIGIN,
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  });
  stream.write(body.subarray(0, body.length - 10));
  return {
    response,
    finish() {
      stream.end(body.subarray(body.length - 10));
      return response;
    },
  };
}

describe.each(['local', 's3'] as const)('photos in the %s store', (kind) => {
  let t: TestApp;
  let s3: S3Server | undefined;
  let seller: Client;
  let other: Client;
  let buyer: Client;

  beforeAll(async () => {
    s3 = kind === 's3' ? await startS3Server() : undefined;
    // Room in memory for a dozen uploads at once: the listings' own limit is what these tests race for.
    t = await createTestApp({ ...(s3 ? s3Env(s3) : {}), PHOTO_QUEUE_UPLOADS: '20', PHOTO_QUEUE_MB: '512' });
    seller = (await signUpNursery(t)).client;
    other = (await signUpNursery(t)).client;
    buyer = (await signUpBuyer(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function listing(by = seller): Promise<number> {
    return (await createListing(by, { price: PRICE })).id;
  }

  async function upload(id: number, bytes: Buffer, by = seller) {
    return by.upload<Photo & { message?: string }>(`/api/products/${id}/photos`, [{ bytes }]);
  }

  /** What the database holds for a listing's photos and for the store's objects. */
  async function stored(id: number) {
    const photos = await t.database.db.select().from(productPhotos).where(eq(productPhotos.productId, id));
    const [objects] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(photoObjects);
    return { photos: photos.length, objects: objects?.n ?? 0 };
  }

  /** The holds of uploads on their way to the listing that still count. */
  async function liveHolds(id: number): Promise<number> {
    const rows = await t.database.db
      .select({ expiresAt: photoUploadHolds.expiresAt })
      .from(photoUploadHolds)
      .where(eq(photoUploadHolds.productId, id));
    return rows.filter((r) => r.expiresAt.getTime() > Date.now()).length;
  }

  function startUpload(by: Client, id: number, bytes: Buffer) {
    return startSlowUpload(t, by, id, bytes);
  }

  it('takes a photo, serves its sizes from /media/ for good, and shows it on the listing and its card', async () => {
    const id = await listing();
    const res = await upload(id, await jpeg(900, 600));
    expect(res.status).toBe(201);
    const photo = res.body;
    expect(photo).toMatchObject({ width: 900, height: 600 });
    expect(photo.sizes.map((s) => s.width)).toEqual([320, 640, 900]);
    expect(photo.url).toBe(photo.sizes[1]?.url);
    expect(photo.srcset).toBe(photo.sizes.map((s) => `${s.url} ${s.width}w`).join(', '));
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);

    for (const size of photo.sizes) {
      const media = await buyer.get(size.url);
      expect(media.status).toBe(200);
      expect(media.headers['content-type']).toBe('image/webp');
      expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(media.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(media.raw.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width, height: size.height });
      expect(meta.exif).toBeUndefined();
      const again = await buyer.get(size.url, { 'if-none-match': String(media.headers.etag) });
      expect(again.status).toBe(304);
    }

    const detail = await buyer.get<ProductDetail>(`/api/products/${id}`);
    expect(detail.body.photos).toEqual([photo]);
    expect(detail.body.cover).toEqual(photo);
    const mine = await seller.get<Product[]>('/api/seller/products');
    expect(mine.body.find((p) => p.id === id)?.cover).toEqual(photo);
  });

  it('takes PNG, WebP, AVIF and GIF as well, read from their bytes whatever the name says', async () => {
    const id = await listing();
    const base = sharp(await jpeg(400, 300));
    for (const bytes of [
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
      await base.clone().gif().toBuffer(),
    ]) {
      const res = await seller.upload<Photo>(`/api/products/${id}/photos`, [
        { bytes, name: 'photo.txt', type: 'text/plain' },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.sizes.map((s) => s.width)).toEqual([320, 400]);
    }
  });

  it('refuses every file that is not a photo it can read with a 400 that says why, and keeps nothing', async () => {
    const id = await listing();
    const before = await stored(id);
    const whole = await jpeg(1200, 900);
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.alloc(4),
      Buffer.from('mif1heic'),
      Buffer.alloc(64),
    ]);
    const cases: Array<[Buffer, string]> = [
      [Buffer.alloc(0), PHOTO_MESSAGES.empty],
      [Buffer.from('just some text, $& and </script> and \u0000'), PHOTO_MESSAGES.notPhoto],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        PHOTO_MESSAGES.svg,
      ],
      [whole.subarray(0, Math.floor(whole.length / 2)), PHOTO_MESSAGES.damaged],
      [heic, PHOTO_MESSAGES.heic],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(id, bytes);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await stored(id)).toEqual(before);
  });

  it('cuts an upload off past 15 MB, and refuses a body of other shapes', async () => {
    const id = await listing();
    const before = await stored(id);
    const big = await upload(id, Buffer.alloc(PHOTO_MAX_BYTES + 1024, 7));
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/at most 15 MB/);

    const two = await seller.upload<{ message: string }>(`/api/products/${id}/photos`, [
      { bytes: await jpeg() },
      { bytes: await jpeg() },
    ]);
    expect(two.status).toBe(400);
    expect(two.body.message).toBe(ONE_PHOTO);
    const field = await seller.upload<{ message: string }>(`/api/products/${id}/photos`, [
      { bytes: await jpeg(), field: 'image' },
    ]);
    expect(field.status).toBe(400);
    const json = await seller.post<{ message: string }>(`/api/products/${id}/photos`, { file: 'x' });
    expect(json.status).toBe(400);
    expect(await stored(id)).toEqual(before);
    // A body cut short (the connection dropped before the closing boundary): refused, nothing kept.
    const boundary = '----cut-short';
    const cut = await seller.request<{ message: string }>(
      'POST',
      `/api/products/${id}/photos`,
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n`),
        (await jpeg()).subarray(0, 2000),
      ]),
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(cut.status).toBe(400);
    // Without the Origin header a browser sends, a write is refused before anything is read.
    const noOrigin = await seller.upload(`/api/products/${id}/photos`, [{ bytes: await jpeg() }], {
      origin: '',
    });
    expect(noOrigin.status).toBe(403);
    expect(await stored(id)).toEqual(before);
    // Every other route keeps the JSON body limit: multipart is read only by the photo routes.
    const elsewhere = await seller.upload(`/api/products/${id}`, [{ bytes: await jpeg() }]);
    expect(elsewhere.status).toBeGreaterThanOrEqual(400);
    expect(elsewhere.status).toBeLessThan(500);
  });

  it("answers 404 for another seller's listing, 403 to a buyer and 401 to a visitor, and changes nothing", async () => {
    const id = await listing();
    const bytes = await jpeg();
    expect((await upload(id, bytes, other)).status).toBe(404);
    expect((await upload(id, bytes, buyer)).status).toBe(403);
    const visitor = (await signUpBuyer(t)).client;
    await visitor.post('/api/auth/logout');
    expect((await upload(id, bytes, visitor)).status).toBe(401);
    const mine = (await upload(id, bytes)).body;
    expect((await other.put(`/api/products/${id}/photos`, { order: [mine.id] })).status).toBe(404);
    expect((await other.delete(`/api/products/${id}/photos/${mine.id}`)).status).toBe(404);
    // A photo of another listing is not this one's to delete, even for its own seller.
    const second = await listing();
    expect((await seller.delete(`/api/products/${second}/photos/${mine.id}`)).status).toBe(404);
    expect((await stored(id)).photos).toBe(1);
  });

  it(`holds a listing to ${PHOTOS_PER_LISTING} photos, also when uploads race for the last place`, async () => {
    const id = await listing();
    for (let i = 0; i < PHOTOS_PER_LISTING - 1; i++)
      expect((await upload(id, await jpeg(300, 200))).status).toBe(201);
    const racing = await Promise.all([1, 2, 3].map(async () => upload(id, await jpeg(300, 200))));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    // The last place is taken by a photo, or still by an upload on its way.
    expect([TOO_MANY_PHOTOS, PHOTO_MESSAGES.roomTaken]).toContain(
      racing.find((r) => r.status === 409)?.body.message,
    );
    expect((await stored(id)).photos).toBe(PHOTOS_PER_LISTING);
    const more = await upload(id, await jpeg(300, 200));
    expect(more.status).toBe(409);
  });

  it(`lets exactly ${PHOTOS_PER_LISTING} of 12 parallel uploads in, and stores nothing of the others`, async () => {
    const id = await listing();
    const files = await Promise.all(Array.from({ length: 12 }, () => jpeg(400, 300)));
    const objectsBefore = (await stored(id)).objects;
    const results = await Promise.all(files.map((bytes) => upload(id, bytes)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(PHOTOS_PER_LISTING);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12 - PHOTOS_PER_LISTING);
    for (const refused of results.filter((r) => r.status === 409))
      expect([TOO_MANY_PHOTOS, PHOTO_MESSAGES.roomTaken]).toContain(refused.body.message);
    // Only the photos taken were ever stored: the refused ones were turned away before their bodies were read.
    const kept = results.filter((r) => r.status === 201).flatMap((r) => r.body.sizes);
    expect((await stored(id)).objects - objectsBefore).toBe(kept.length);
    expect((await stored(id)).photos).toBe(PHOTOS_PER_LISTING);
    const holds = await t.database.db
      .select()
      .from(photoUploadHolds)
      .where(eq(photoUploadHolds.productId, id));
    expect(holds).toEqual([]);
  });

  it('counts the uploads on their way: a listing whose places they hold refuses the next at once', async () => {
    const id = await listing();
    for (let i = 0; i < PHOTOS_PER_LISTING - 2; i++)
      expect((await upload(id, await jpeg(300, 200))).status).toBe(201);
    // Two uploads whose bodies are still arriving hold the last two places.
    const slow = [
      await startUpload(seller, id, await jpeg(400, 300)),
      await startUpload(seller, id, await jpeg(400, 300)),
    ];
    await vi.waitFor(async () => expect(await liveHolds(id)).toBe(2));
    const next = await upload(id, await jpeg(300, 200));
    expect(next.status).toBe(409);
    expect(next.body.message).toBe(PHOTO_MESSAGES.roomTaken);
    const objects = (await stored(id)).objects;
    const done = await Promise.all(slow.map((u) => u.finish()));
    expect(done.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await stored(id)).toMatchObject({ photos: PHOTOS_PER_LISTING });
    expect((await stored(id)).objects - objects).toBe(4);
    expect(await liveHolds(id)).toBe(0);
    expect((await upload(id, await jpeg(300, 200))).body.message).toBe(TOO_MANY_PHOTOS);
  });

  it('gives exactly the free places to uploads racing for them, before any body has arrived', async () => {
    const id = await listing();
    expect((await upload(id, await jpeg(300, 200))).status).toBe(201);
    const files = await Promise.all(Array.from({ length: 12 }, () => jpeg(400, 300)));
    // Twelve bodies still arriving at once (on PostgreSQL, twelve transactions at the listing's lock).
    const slow = await Promise.all(files.map((bytes) => startSlowUpload(t, seller, id, bytes)));
    const early: number[] = [];
    for (const u of slow) void u.response.then((r) => early.push(r.statusCode));
    // The uploads past the free places are refused while every body is still arriving.
    await vi.waitFor(() => expect(early).toHaveLength(12 - (PHOTOS_PER_LISTING - 1)), { timeout: 20_000 });
    expect(early.every((s) => s === 409)).toBe(true);
    expect(await liveHolds(id)).toBe(PHOTOS_PER_LISTING - 1);
    const answers = await Promise.all(slow.map((u) => u.finish()));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(PHOTOS_PER_LISTING - 1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12 - (PHOTOS_PER_LISTING - 1));
    expect((await stored(id)).photos).toBe(PHOTOS_PER_LISTING);
    expect(await liveHolds(id)).toBe(0);
  });

  it("gives a refused or broken upload's place back, and stops counting a crashed one's after its time", async () => {
    const id = await listing();
    expect((await upload(id, Buffer.from('not a photo at all'))).status).toBe(400);
    expect(await liveHolds(id)).toBe(0);
    // Places held by an instance that crashed mid-upload: counted while they last, not after.
    const { db } = t.database;
    const hour = 60 * 60 * 1000;
    await db.insert(photoUploadHolds).values(
      Array.from({ length: PHOTOS_PER_LISTING }, () => ({
        productId: id,
        expiresAt: new Date(Date.now() + hour),
      })),
    );
    expect((await upload(id, await jpeg(300, 200))).body.message).toBe(PHOTO_MESSAGES.roomTaken);
    await db
      .update(photoUploadHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(photoUploadHolds.productId, id));
    expect((await upload(id, await jpeg(300, 200))).status).toBe(201);
    await t.maintenance();
    expect(await db.select().from(photoUploadHolds).where(eq(photoUploadHolds.productId, id))).toEqual([]);
  });

  it('puts the photos in the order given, the first as the cover, and refuses an order that is not all of them', async () => {
    const id = await listing();
    const a = (await upload(id, await jpeg())).body;
    const b = (await upload(id, await jpeg())).body;
    const c = (await upload(id, await jpeg())).body;
    const arranged = await seller.put<Photo[]>(`/api/products/${id}/photos`, { order: [c.id, a.id, b.id] });
    expect(arranged.status).toBe(200);
    expect(arranged.body.map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    const detail = await buyer.get<ProductDetail>(`/api/products/${id}`);
    expect(detail.body.cover?.id).toBe(c.id);
    expect(detail.body.photos.map((p) => p.id)).toEqual([c.id, a.id, b.id]);

    const elsewhere = await listing();
    const foreign = (await upload(elsewhere, await jpeg())).body;
    for (const order of [
      [c.id, a.id],
      [c.id, a.id, b.id, b.id],
      [c.id, a.id, foreign.id],
    ]) {
      const res = await seller.put<{ message: string }>(`/api/products/${id}/photos`, { order });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ORDER_EVERY_PHOTO);
    }
    expect((await buyer.get<ProductDetail>(`/api/products/${id}`)).body.photos.map((p) => p.id)).toEqual([
      c.id,
      a.id,
      b.id,
    ]);
  });

  it('deletes a photo, the next becoming the cover, and its objects once nothing names them', async () => {
    const id = await listing();
    const shared = await jpeg();
    const first = (await upload(id, shared)).body;
    const second = (await upload(id, await jpeg())).body;
    // The same bytes on another listing share the first photo's objects.
    const elsewhere = await listing();
    const copy = (await upload(elsewhere, shared)).body;
    expect(copy.sizes).toEqual(first.sizes);

    const left = await seller.delete<Photo[]>(`/api/products/${id}/photos/${first.id}`);
    expect(left.status).toBe(200);
    expect(left.body.map((p) => p.id)).toEqual([second.id]);
    expect((await buyer.get<ProductDetail>(`/api/products/${id}`)).body.cover?.id).toBe(second.id);

    // Past the hour an upload may take, the sweep deletes what nothing names: here, nothing yet (the copy names it).
    await t.database.db.execute(sql`update photo_objects set created_at = now() - interval '2 hours'`);
    await t.maintenance();
    for (const size of first.sizes) expect((await buyer.get(size.url)).status).toBe(200);

    await seller.delete(`/api/products/${elsewhere}/photos/${copy.id}`);
    await t.database.db.execute(sql`update photo_objects set created_at = now() - interval '2 hours'`);
    await t.maintenance();
    for (const size of first.sizes) expect((await buyer.get(size.url)).status).toBe(404);
    for (const size of second.sizes) expect((await buyer.get(size.url)).status).toBe(200);
  });

  it('keeps an order its cover when the seller changes the photos, and the sweep leaves that cover stored', async () => {
    const id = await listing();
    const bought = (await upload(id, await jpeg())).body;
    expect((await buyer.post('/api/cart', { productId: id, quantity: 1 })).status).toBe(201);
    // The cart shows the listing's cover too.
    const cart = await buyer.get<Array<{ product: { imageUrl: string } }>>('/api/cart');
    expect(cart.body.map((l) => l.product.imageUrl)).toEqual([bought.url]);
    const order = await buyer.post<OrderView>('/api/orders', { lines: [{ productId: id, price: PRICE }] });
    expect(order.status).toBe(201);
    expect(order.body.items[0]?.imageUrl).toBe(bought.url);

    const newer = (await upload(id, await jpeg())).body;
    expect((await seller.delete(`/api/products/${id}/photos/${bought.id}`)).status).toBe(200);
    await t.database.db.execute(sql`update photo_objects set created_at = now() - interval '2 hours'`);
    await t.maintenance();

    const read = await buyer.get<OrderView>(`/api/orders/${order.body.id}`);
    expect(read.body.items[0]?.imageUrl).toBe(bought.url);
    expect((await buyer.get(bought.url)).status).toBe(200);
    const lines = await seller.get<{ shipments: Array<{ items: Array<{ imageUrl: string }> }> }>(
      '/api/seller/shipments?status=pending',
    );
    expect(lines.body.shipments.flatMap((s) => s.items.map((i) => i.imageUrl))).toContain(bought.url);
    // The listing itself shows its photo of now.
    expect((await buyer.get<ProductDetail>(`/api/products/${id}`)).body.cover?.id).toBe(newer.id);
  });

  it('answers 404 for anything under /media/ that is not a stored photo', async () => {
    for (const url of [
      '/media/abc.webp',
      `/media/${'0'.repeat(64)}.webp`,
      `/media/${'A'.repeat(64)}.webp`,
      '/media/..%2F..%2Fpackage.json',
      '/media/%00.webp',
    ])
      expect((await buyer.get(url)).status, url).toBe(404);
  });
});

// The uploads one instance holds at once, their bodies in memory, are bounded (PHOTO_QUEUE_UPLOADS, PHOTO_QUEUE_MB):
// past either, 503 with Retry-After before the body is read, and the listing's place given back.
describe('the bound on uploads held at once', () => {
  async function setUp(env: Record<string, string>) {
    const t = await createTestApp(env);
    const { client: seller, listing } = await signUpNursery(t, { listing: { price: PRICE } });
    return { t, seller, id: listing.id };
  }
  const holdsOf = async (t: TestApp, id: number) =>
    (await t.database.db.select().from(photoUploadHolds).where(eq(photoUploadHolds.productId, id))).length;

  it('answers 503 with Retry-After past the number of uploads, and takes uploads again once one is done', async () => {
    const { t, seller, id } = await setUp({ PHOTO_QUEUE_UPLOADS: '1' });
    try {
      const slow = await startSlowUpload(t, seller, id, await jpeg(400, 300));
      await vi.waitFor(async () => expect(await holdsOf(t, id)).toBe(1));
      const busy = await seller.upload<{ message: string }>(`/api/products/${id}/photos`, [
        { bytes: await jpeg() },
      ]);
      expect(busy.status).toBe(503);
      expect(busy.body.message).toBe(PHOTO_MESSAGES.busy);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      // Its place on the listing was given back: only the slow upload's is held.
      expect(await holdsOf(t, id)).toBe(1);
      expect((await slow.finish()).statusCode).toBe(201);
      expect(await holdsOf(t, id)).toBe(0);
      expect((await seller.upload(`/api/products/${id}/photos`, [{ bytes: await jpeg() }])).status).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('answers 503 past the bytes the held uploads declare', async () => {
    const { t, seller, id } = await setUp({ PHOTO_QUEUE_UPLOADS: '10', PHOTO_QUEUE_MB: '1' });
    try {
      const first = await jpeg(400, 300);
      // A body of 1.5 MB declared: alone it is taken, whatever the bound; a second one past 1 MB is not.
      const padded = Buffer.concat([first, Buffer.alloc(1_500_000)]);
      const slow = await startSlowUpload(t, seller, id, padded);
      await vi.waitFor(async () => expect(await holdsOf(t, id)).toBe(1));
      const busy = await seller.upload(`/api/products/${id}/photos`, [{ bytes: await jpeg(300, 200) }]);
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBeDefined();
      expect((await slow.finish()).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
