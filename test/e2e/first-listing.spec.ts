import { PHOTO_MESSAGES } from '@domain/listings/photos';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  addAddress,
  appOrigin,
  expect,
  listByApi,
  PAYMENT_INSTRUCTIONS,
  sellerByApi,
  signUpByApi,
  test,
  toast,
  uniqueName,
  waitsForAdoption,
} from './support';

/*
 * A nursery's first listing with photos (issue 35, docs/product.md#listing-form and #product): the chosen photos'
 * previews load, a listing needs a photo or an image URL (not a URL), a photo the server refuses keeps the listing and
 * says why, and a nursery buyers cannot pay yet says so on its listings and its dashboard. Each test makes its own
 * nursery.
 */

async function jpeg(colour: string, width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** The add-listing form's required fields, and no image URL. */
async function fillListing(page: Page, title: string): Promise<void> {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Photographed in the greenhouse.');
  await page.getByLabel('Price', { exact: true }).fill('22');
  await page.getByLabel('Quantity', { exact: true }).fill('4');
}

async function listingNamed(page: Page, title: string) {
  const mine = await page.request.get('/api/seller/products');
  return ((await mine.json()) as { id: number; title: string; imageUrl: string }[]).find(
    (p) => p.title === title,
  );
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const viewport of VIEWPORTS) {
  test(`a listing added with photos and no image URL: the previews load, and it goes up (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await sellerByApi(page.request, appOrigin());
    const title = `First lot ${uniqueName('f').replace('_', '')}`;
    await page.goto('/seller/add-listing');
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Listing' })).toBeVisible();
    await fillListing(page, title);

    // Neither a photo nor an image URL: the form says what it needs, and sends nothing.
    await page.getByRole('button', { name: 'Add Product' }).click();
    const imageUrl = page.getByLabel('Image URL', { exact: true });
    await expect(imageUrl).toHaveAccessibleDescription(/Add a photo or an image URL/);

    await page.getByLabel('Choose photos').setInputFiles([
      { name: 'IMG_4021.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#e0286f') },
      { name: 'IMG_4022.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#3f7a2a', 600, 800) },
    ]);
    // The previews are the files themselves (object URLs), drawn before anything is uploaded: the page's CSP lets
    // them load, so the seller can put them in order.
    for (const name of ['IMG_4021.jpg', 'IMG_4022.jpg']) {
      const preview = page.getByRole('img', { name: `${name}, not uploaded yet` });
      await expect(preview).toHaveAttribute('src', /^blob:/);
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    await page.getByRole('button', { name: 'Make photo 2 the cover' }).click();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(toast(page, 'Product added')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(page.getByText('Add a photo or an image URL')).toHaveCount(0);

    const listing = await listingNamed(page, title);
    expect(listing, 'the listing was added without an image URL').toBeDefined();
    // Its drawing stands for it while it has no photo; its photos are what buyers see.
    expect(listing?.imageUrl).toBe('/images/products/sugar-dragon-cutting.svg');
    const detail = await page.request.get(`/api/products/${listing?.id}`);
    const photos = ((await detail.json()) as { photos: { width: number }[] }).photos;
    expect(photos.map((p) => p.width)).toEqual([600, 900]);

    // Its edit page leaves the image URL empty, and saves so while it has photos.
    await page.goto(`/seller/add-listing?id=${listing?.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisible();
    await expect(page.getByLabel('Image URL', { exact: true })).toHaveValue('');
    await expect(page.getByRole('img', { name: '1 of 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(toast(page, 'Product updated')).toBeVisible();
  });

  test(`a photo the server refuses keeps the new listing and says why (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await sellerByApi(page.request, appOrigin());
    const title = `Half lot ${uniqueName('h').replace('_', '')}`;
    await page.goto('/seller/add-listing');
    await fillListing(page, title);
    await page.getByLabel('Choose photos').setInputFiles([
      { name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a jpeg') },
      { name: 'IMG_2.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2a5f7a') },
    ]);
    await page.getByRole('button', { name: 'Add Product' }).click();

    // The listing stays, with the photo that went up; its edit page shows the refused file and the server's reason.
    const reason = new RegExp(
      `^IMG_1\\.jpg was not added: (${escapeRegExp(PHOTO_MESSAGES.notPhoto)}|${escapeRegExp(PHOTO_MESSAGES.damaged)})$`,
    );
    await expect(toast(page, 'Product added')).toBeVisible();
    await expect(toast(page, reason)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisible();
    const listing = await listingNamed(page, title);
    expect(listing).toBeDefined();
    await expect(page).toHaveURL(`/seller/add-listing?id=${listing?.id}`);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByRole('img', { name: '1 of 1' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({
        hasText: new RegExp(
          `${escapeRegExp(PHOTO_MESSAGES.notPhoto)}|${escapeRegExp(PHOTO_MESSAGES.damaged)}`,
        ),
      }),
    ).toBeVisible();
    await expect(page.getByText('IMG_1.jpg', { exact: true })).toBeVisible();
    // Another file may be chosen there: it uploads at once.
    await page.getByRole('button', { name: 'Dismiss IMG_1.jpg' }).click();
    await page.getByLabel('Choose photos').setInputFiles({
      name: 'IMG_3.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg('#e0a028'),
    });
    await expect(page.getByRole('img', { name: '2 of 2' })).toBeVisible();
  });

  test(`a nursery buyers cannot pay yet says so on its listings and its dashboard (${viewport.width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    const origin = appOrigin();
    // The nursery, in a context of its own, without payment instructions.
    const nurseryContext = await browser.newContext({ baseURL, viewport });
    const nursery = waitsForAdoption(await nurseryContext.newPage());
    // A visitor (no cookies), whose pages the page cache keeps.
    const visitorContext = await browser.newContext({ baseURL });
    const visitorPage = async (id: number) => (await visitorContext.request.get(`/product/${id}`)).text();
    try {
      const name = await sellerByApi(nursery.request, origin, 'FL', { paymentInstructions: null });
      const title = `Closed lot ${uniqueName('c').replace('_', '')}`;
      const id = await listByApi(nursery.request, origin, {
        title,
        form: 'cutting',
        shipsAs: 'unrooted-cutting',
        image: 'physical-graffiti-cutting.svg',
      });

      // Server-rendered as such: the page as it arrives says it, with no Add to Cart.
      const html = await visitorPage(id);
      expect(html).toContain('Not taking orders yet');
      expect(html).toContain('is not taking payments yet, so its plants can&#x27;t be bought for now');

      // A buyer with an address in a state it ships to: no "Ships to", no active button.
      await signUpByApi(page, uniqueName('buyer'));
      await addAddress(page);
      await page.goto(`/product/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Not taking orders yet' })).toBeDisabled();
      // (Related listings below, each in its card, have theirs.)
      await expect
        .poll(() =>
          page
            .getByRole('button')
            .evaluateAll(
              (buttons) =>
                buttons.filter((b) => /Add to Cart/.test(b.textContent ?? '') && !b.closest('article'))
                  .length,
            ),
        )
        .toBe(0);
      await expect(
        page.getByText(/is not taking payments yet, so its plants can't be bought for now/),
      ).toBeVisible();
      await expect(page.getByText(/^Ships to/)).toHaveCount(0);

      // Its card in the marketplace and on its storefront.
      await page.goto(`/marketplace?search=${encodeURIComponent(title)}`);
      const card = page
        .getByRole('list', { name: 'Products' })
        .getByRole('article')
        .filter({ hasText: title });
      await expect(card.getByRole('button', { name: 'Not taking orders yet' })).toBeDisabled();
      await page.goto(`/sellers/${name}`);
      const storeCard = page.getByRole('article').filter({ hasText: title });
      await expect(storeCard.getByRole('button', { name: 'Not taking orders yet' })).toBeDisabled();

      // The nursery's dashboard says what is missing, and leads to where it is said.
      await nursery.goto('/seller/dashboard');
      const notice = nursery.getByRole('region', { name: 'Say how buyers pay you to start selling' });
      await expect(notice).toBeVisible();
      await notice.getByRole('link', { name: 'Add payment instructions' }).click();
      await expect(nursery).toHaveURL('/seller/profile');
      await expect(nursery.getByRole('heading', { name: 'How buyers pay you' })).toBeVisible();

      // Once it says how: the notice goes, and a visitor's page (kept by the page cache) offers the plant.
      const saved = await nursery.request.put('/api/seller/profile', {
        headers: { origin },
        data: { shipFromState: 'FL', paymentInstructions: PAYMENT_INSTRUCTIONS },
      });
      expect(saved.status()).toBe(200);
      await nursery.goto('/seller/dashboard');
      await expect(nursery.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();
      await expect(
        nursery.getByRole('region', { name: 'Say how buyers pay you to start selling' }),
      ).toHaveCount(0);
      await expect.poll(() => visitorPage(id)).not.toContain('Not taking orders yet');
      await page.goto(`/product/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Not taking orders yet' })).toHaveCount(0);
      // Its own button comes first, before the related listings' cards.
      await expect(page.getByRole('button', { name: 'Add to Cart', exact: true }).first()).toBeEnabled();
    } finally {
      await nurseryContext.close();
      await visitorContext.close();
    }
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
