import type { BrowserContext, Page } from '@playwright/test';
import {
  addAddress,
  expect,
  listByApi,
  nurseryByApi,
  orderByApi,
  sellerByApi,
  signUpByApi,
  test,
  toast,
  uniqueName,
} from './support';

// Fulfilment (docs/product.md#shipments, #notifications): a buyer orders from two nurseries, each says the buyer's
// payment reached it and ships its part with tracking from its Orders tab, the buyer watches the order go from
// pending to partly shipped to shipped, and the bell counts what they were told.

async function shipFromOrdersTab(seller: Page, carrier: string, tracking: string) {
  await seller.goto('/seller/dashboard?tab=orders');
  const shipment = seller.getByRole('list', { name: 'To ship shipments' }).getByRole('article').first();
  // Paid directly: shipping waits for the nursery to say the money arrived.
  await expect(shipment.getByRole('button', { name: /^Mark shipped/ })).toBeDisabled();
  await shipment.getByRole('button', { name: /^Payment received/ }).click();
  await seller.getByRole('dialog').getByRole('button', { name: 'Yes, payment received' }).click();
  await expect(toast(seller, 'Payment received')).toBeVisible();
  await shipment.getByRole('button', { name: /^Mark shipped/ }).click();
  const dialog = seller.getByRole('dialog', { name: /^Ship order #\d+$/ });
  await dialog.getByLabel('Carrier').selectOption(carrier);
  await dialog.getByLabel('Tracking number').fill(tracking);
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(seller, 'Marked as shipped')).toBeVisible();
}

test('two nurseries ship an order with tracking; the buyer sees it partly shipped, then shipped, and the bell counts', async ({
  page,
  browser,
  baseURL,
}) => {
  // The longest journey of the suite: three browsers, two shipments (the printing is tested on its own below).
  test.setTimeout(150_000);
  const contexts: BrowserContext[] = [];
  try {
    const a = await nurseryByApi(browser, baseURL, (name) => `Alpha cutting ${name.slice(-6)}`);
    const b = await nurseryByApi(browser, baseURL, (name) => `Beta cutting ${name.slice(-6)}`);
    contexts.push(a.context, b.context);

    await signUpByApi(page, uniqueName('buyer'));
    await addAddress(page);
    for (const plant of [a, b]) {
      await page.goto(`/product/${plant.id}`);
      // The plant's own button comes before those of the related plants below it.
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();
      await expect(toast(page, `${plant.title} was added to your cart`)).toBeVisible();
    }
    await page.getByRole('button', { name: 'Cart', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await panel.getByLabel('Note to the seller (optional)').fill('Please leave it by the gate');
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(toast(page, /^Your order #\d+ has been placed successfully$/)).toBeVisible();
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    await expect(page.getByText('Status: Pending')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Shipment 1 of 2 from ${a.name}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

    // Alpha ships with USPS, then prints its packing slip.
    await shipFromOrdersTab(a.page, 'USPS', '9400 1000 0000 0000 0000 00');
    await a.page.getByRole('button', { name: /^Shipped \(1\)/ }).click();
    await a.page
      .getByRole('link', { name: /^Packing slip/ })
      .first()
      .click();
    await expect(a.page.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisible();
    await expect(a.page.getByRole('cell', { name: 'Selenicereus hybrid' })).toBeVisible();
    await expect(a.page.getByText('Please leave it by the gate')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Status: Partly shipped: 1 of 2')).toBeVisible();
    await expect(page.getByText('Payment status: Partly paid: 1 of 2 nurseries')).toBeVisible();
    await expect(page.getByRole('link', { name: /9400100000000000000000/ })).toHaveAttribute(
      'href',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    // Placed, Alpha's payment received, Alpha shipped.
    await expect(page.getByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible();

    // Beta ships with FedEx: the whole order has shipped.
    await shipFromOrdersTab(b.page, 'FedEx', '1234 5678 9012');
    await page.reload();
    await expect(page.getByText('Status: Shipped', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `I received it: the shipment from ${a.name}` }).click();
    await expect(toast(page, 'Marked as delivered')).toBeVisible();
    await expect(page.getByText('Status: Partly shipped: 1 of 2')).toHaveCount(0);

    await page.getByRole('link', { name: 'Notifications, 5 unread' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(list).toContainText(`${b.name} shipped your plants`);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

    // The sellers were told too.
    await a.page.goto('/notifications');
    await expect(a.page.getByRole('list', { name: 'Notifications' })).toContainText('delivered');
  } finally {
    for (const c of contexts) await c.close();
  }
});

test('a nursery prints a packing slip with the note of the buyer, without the page around it', async ({
  page,
  browser,
  baseURL,
}) => {
  const a = await nurseryByApi(browser, baseURL, (name) => `Print cutting ${name.slice(-6)}`);
  try {
    await signUpByApi(page, uniqueName('buyer'));
    await addAddress(page);
    await orderByApi(page.request, a.id, 'Ring the bell twice');
    await a.page.goto('/seller/dashboard?tab=orders');
    await a.page
      .getByRole('link', { name: /^Packing slip/ })
      .first()
      .click();
    await expect(a.page.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisible();
    await expect(a.page.getByRole('cell', { name: 'Selenicereus hybrid' })).toBeVisible();
    await expect(a.page.getByText('Ring the bell twice')).toBeVisible();
    await a.page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await a.page.getByRole('button', { name: 'Print' }).click();
    await expect(a.page.locator('body')).toHaveAttribute('data-printed', 'yes');
    await a.page.emulateMedia({ media: 'print' });
    await expect(a.page.getByRole('banner')).toBeHidden();
    await expect(a.page.getByRole('button', { name: 'Print' })).toBeHidden();
  } finally {
    await a.context.close();
  }
});

test('a seller sees "Your listing" on its own plant instead of Add to Cart', async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  await sellerByApi(page.request, origin, 'FL');
  const title = `Own plant ${uniqueName('x').slice(-6)}`;
  const id = await listByApi(page.request, origin, {
    title,
    form: 'cutting',
    shipsAs: 'unrooted-cutting',
    image: 'physical-graffiti-cutting.svg',
  });
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('button', { name: 'Your listing' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Manage it in your listings' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);
});
