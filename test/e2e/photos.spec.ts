import { PHOTO_MESSAGES } from '@domain/listings/photos';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { appOrigin, expect, sellerByApi, test, toast, uniqueName } from './support';

/*
 * A listing's photos (issue 27, docs/product.md#listing-form and #product): chosen in the listing form, uploaded
 * when the listing is added, reordered on its edit page, shown as the cover on its cards and in the product page's
 * gallery. Every test makes its own seller and listing.
 */

interface Photo {
  id: number;
  url: string;
  width: number;
  height: number;
}

/** A JPEG of one colour, as a phone would send one (the server re-encodes it to WebP). */
async function jpeg(colour: string, width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function photosOf(page: Page, id: number): Promise<Photo[]> {
  const res = await page.request.get(`/api/products/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { photos: Photo[] }).photos;
}

/** Fills the add-listing form's required fields (the image URL keeps its example). */
async function fillListing(page: Page, title: string): Promise<void> {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Two photos of the plant itself.');
  await page.getByLabel('Price', { exact: true }).fill('19.5');
  await page.getByLabel('Quantity', { exact: true }).fill('5');
  await page.getByLabel('Image URL', { exact: true }).fill('/images/products/sugar-dragon-cutting.svg');
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a seller adds a listing with two photos, makes the second the cover, and buyers see it (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await sellerByApi(page.request, appOrigin());
    const title = `Photo lot ${uniqueName('p').replace('_', '')}`;

    // A new listing keeps its chosen photos until it is added; a file that is not a photo is refused at once.
    await page.goto('/seller/add-listing');
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Listing' })).toBeVisible();
    await fillListing(page, title);
    const input = page.getByLabel('Choose photos');
    await input.setInputFiles([
      { name: 'pink.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#e0286f') },
      { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#3f7a2a', 600, 800) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
    ]);
    await expect(page.getByRole('button', { name: 'Remove pink.jpg' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove green.jpg' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: PHOTO_MESSAGES.notPhoto })).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss notes.txt' }).click();
    await expect(page.getByText(PHOTO_MESSAGES.notPhoto)).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(toast(page, 'Product added')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Remove pink.jpg' })).toHaveCount(0);

    const mine = await page.request.get('/api/seller/products');
    const listing = ((await mine.json()) as { id: number; title: string }[]).find((p) => p.title === title);
    expect(listing).toBeDefined();
    const id = listing?.id as number;
    const [pink, green] = await photosOf(page, id);
    expect(green, 'both photos stored, in the order chosen').toBeDefined();

    // On the edit page: the second photo becomes the cover; a file the server refuses shows its message.
    await page.goto(`/seller/add-listing?id=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisible();
    await expect(page.getByRole('img', { name: '1 of 2' })).toHaveAttribute('src', pink?.url as string);
    const reordered = page.waitForResponse(
      (r) => r.url().endsWith(`/api/products/${id}/photos`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    expect((await reordered).status()).toBe(200);
    await expect(page.getByRole('img', { name: '1 of 2' })).toHaveAttribute('src', green?.url as string);
    expect((await photosOf(page, id)).map((p) => p.id)).toEqual([green?.id, pink?.id]);

    await input.setInputFiles({
      name: 'broken.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('no jpeg here'),
    });
    await expect(page.getByRole('alert').filter({ hasText: /not a photo|damaged/ })).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss broken.jpg' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The seller's list and the marketplace's card show the new cover.
    await page.goto('/seller/listings');
    const row = page.getByRole('list', { name: 'Listings' }).getByRole('listitem').filter({ hasText: title });
    await expect(row.locator('img')).toHaveAttribute('src', green?.url as string);
    await page.goto(`/marketplace?search=${encodeURIComponent(title)}`);
    const card = page.getByRole('list', { name: 'Products' }).getByRole('article').filter({ hasText: title });
    await expect(card.locator('img')).toHaveAttribute('src', green?.url as string);
    await expect
      .poll(() =>
        card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);

    // The product page's gallery: both photos, moved between with the thumbnails and the arrow keys.
    await card.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const main = page.getByRole('img', { name: /photo \d of 2$/ });
    await expect(main).toHaveAttribute('src', green?.url as string);
    await expect(page.getByText('1 / 2', { exact: true })).toBeVisible();
    const second = page.getByRole('button', { name: 'Show photo 2 of 2' });
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await expect(main).toHaveAttribute('src', pink?.url as string);
    await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    const first = page.getByRole('button', { name: 'Show photo 1 of 2' });
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(main).toHaveAttribute('src', green?.url as string);
    await expect(page.getByText('1 / 2', { exact: true })).toBeVisible();
  });
}

test('the photos of a new listing are put in order before it is added, and stored in that order', async ({
  page,
}) => {
  await sellerByApi(page.request, appOrigin());
  const title = `Ordered lot ${uniqueName('p').replace('_', '')}`;
  await page.goto('/seller/add-listing');
  await fillListing(page, title);
  // Told apart by their sizes once stored.
  await page.getByLabel('Choose photos').setInputFiles([
    { name: 'wide.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#e0286f', 900, 600) },
    { name: 'tall.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#3f7a2a', 600, 800) },
    { name: 'square.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2a5f7a', 700, 700) },
  ]);
  await expect(page.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
  await page.getByRole('button', { name: 'Make photo 3 the cover' }).click();
  await page.getByRole('button', { name: 'Move photo 2 later' }).click();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(toast(page, 'Product added')).toBeVisible();
  const mine = await page.request.get('/api/seller/products');
  const listing = ((await mine.json()) as { id: number; title: string }[]).find((p) => p.title === title);
  // Uploaded one by one once the listing exists (an uploading file has no Remove button): wait for all three.
  await expect.poll(async () => (await photosOf(page, listing?.id as number)).length).toBe(3);
  const stored = await photosOf(page, listing?.id as number);
  // square first (the cover), then tall, then wide: the order set before the listing existed.
  expect(stored.map((p) => `${p.width}x${p.height}`)).toEqual(['700x700', '600x800', '900x600']);
});

test('a listing image that does not load shows its variety’s illustration', async ({ page }) => {
  await sellerByApi(page.request, appOrigin());
  const title = `Lost picture ${uniqueName('p').replace('_', '')}`;
  const created = await page.request.post('/api/products', {
    headers: { origin: appOrigin() },
    data: {
      title,
      description: 'Its picture is gone.',
      variety: 'Dark Star',
      form: 'rooted',
      shipsAs: 'potted',
      price: 30,
      quantity: 3,
      imageUrl: '/images/products/no-such-picture.png',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const picture = page.getByRole('img', { name: 'Dark Star rooted plant' }).first();
  await expect(picture).toHaveAttribute('src', '/images/products/dark-star-rooted.svg');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
});
