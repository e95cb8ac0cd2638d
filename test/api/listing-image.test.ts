/**
 * A listing needs a photo or an image URL, not a URL (issue 35; docs/decisions/0031-a-photo-or-an-image-url.md): a
 * new listing without an image URL says how many photos follow, and shows its variety's drawing until one is up; an
 * edit may leave the URL empty only while the listing has a photo.
 */

import { illustrationOf } from '@domain/catalog/illustrations';
import type { Photo, ProductDetail } from '@domain/catalog/responses';
import { LISTING_MESSAGES } from '@domain/listings/schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type TestApp } from '../support/app';
import { listingInput, signUpNursery } from '../support/fixtures';

/** A rooted plant with no image URL (nor photos said to follow): what each test adds decides whether it may be listed. */
const listingBody = listingInput({
  title: 'Dark Star rooted plant',
  description: 'Rooted in a 4 inch pot.',
  variety: 'Dark Star',
  form: 'rooted',
  cuttingSize: undefined,
  pollination: 'self',
  quantity: 5,
  price: 25,
  imageUrl: undefined,
});

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#3f7a2a' } })
    .jpeg()
    .toBuffer();
}

type Answer = ProductDetail & { message?: string; errors?: Record<string, string> };

describe('a photo or an image URL', () => {
  let t: TestApp;
  let seller: Client;

  beforeAll(async () => {
    t = await createTestApp();
    seller = (await signUpNursery(t)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a listing without an image URL when photos follow, showing its drawing until one is up', async () => {
    const res = await seller.post<Answer>('/api/products', { ...listingBody, imageUrl: '', photos: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.imageUrl).toBe(
      illustrationOf({ variety: 'Dark Star', form: 'rooted', shipsAs: 'potted' }),
    );
    expect(res.body.imageUrl).toBe('/images/products/dark-star-rooted.svg');
    expect(res.body.cover).toBeNull();
    // Left out altogether, too.
    const { imageUrl: _none, ...withoutUrl } = { ...listingBody, imageUrl: '', photos: 1 };
    const res2 = await seller.post<Answer>('/api/products', withoutUrl);
    expect(res2.status, JSON.stringify(res2.body)).toBe(201);
    expect(res2.body.imageUrl).toBe('/images/products/dark-star-rooted.svg');
  });

  it('refuses a new listing with neither an image URL nor photos to follow, on its image URL', async () => {
    for (const body of [
      { ...listingBody, imageUrl: '' },
      { ...listingBody, imageUrl: '   ', photos: 0 },
      { ...listingBody },
    ]) {
      const res = await seller.post<Answer>('/api/products', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.imageUrl).toBe(LISTING_MESSAGES.imageOrPhoto);
    }
    for (const photos of [-1, 9, 1.5, '2']) {
      const res = await seller.post<Answer>('/api/products', { ...listingBody, imageUrl: '', photos });
      expect(res.status, String(photos)).toBe(400);
      expect(res.body.errors?.photos).toBe(LISTING_MESSAGES.photos);
    }
    const mine = await seller.get<ProductDetail[]>('/api/seller/products');
    expect(mine.body.filter((p) => p.title === listingBody.title && p.imageUrl === '')).toEqual([]);
  });

  it('still refuses an image URL that is not one', async () => {
    const res = await seller.post<Answer>('/api/products', {
      ...listingBody,
      imageUrl: 'javascript:alert(1)',
      photos: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.imageUrl).toBe(LISTING_MESSAGES.imageUrl);
  });

  it('lets an edit leave the image URL empty only while the listing has a photo', async () => {
    const created = await seller.post<Answer>('/api/products', {
      ...listingBody,
      imageUrl: 'https://example.com/plant.jpg',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const refused = await seller.put<Answer>(`/api/products/${id}`, { ...listingBody, imageUrl: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.imageUrl).toBe(LISTING_MESSAGES.imageOrPhoto);
    expect((await seller.get<Answer>(`/api/products/${id}`)).body.imageUrl).toBe(
      'https://example.com/plant.jpg',
    );

    const photo = await seller.upload<Photo>(`/api/products/${id}/photos`, [{ bytes: await jpeg() }]);
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    // Now it has a photo: the URL may go, and its drawing (of its new variety) stands in for it.
    const saved = await seller.put<Answer>(`/api/products/${id}`, {
      ...listingBody,
      variety: 'Sugar Dragon',
      form: 'cutting',
      imageUrl: '',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.imageUrl).toBe('/images/products/sugar-dragon-cutting.svg');
    expect(saved.body.cover?.id).toBe(photo.body.id);

    // Another seller's listing is still 404, URL or not.
    const other = (await signUpNursery(t)).client;
    const foreign = await other.put<Answer>(`/api/products/${id}`, { ...listingBody, imageUrl: '' });
    expect(foreign.status).toBe(404);
  });
});
