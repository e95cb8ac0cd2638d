import type { Page } from '@playwright/test';
import {
  addAddress,
  appOrigin,
  expect,
  listByApi,
  sellerByApi,
  signUpByApi,
  test,
  toast,
  uniqueName,
  waitsForAdoption,
} from './support';

// How buyers pay a nursery directly (docs/decisions/0021-payments.md): the nursery writes its instructions in its
// profile. The page's own request context shares the browser's cookies, so the seller made through the API is the one
// signed in on the page.
test('a nursery writes how buyers pay it, on several lines, and finds them kept', async ({ page }) => {
  await sellerByApi(page.request, appOrigin());
  await page.goto('/seller/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'How buyers pay you' })).toBeVisible();
  const field = page.getByLabel('Payment instructions');
  await field.fill('Zelle: orders@homestead-pitaya.example\nOr a cheque to Homestead Pitaya, 28 SW 1st St');
  await page.getByRole('button', { name: 'Save shipping profile' }).click();
  await expect(toast(page, 'Shipping profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Payment instructions')).toHaveValue(
    'Zelle: orders@homestead-pitaya.example\nOr a cheque to Homestead Pitaya, 28 SW 1st St',
  );
});

// The default way of paying, end to end: the buyer checks out, lands on the order's page with whom to pay and how (the
// nursery's words verbatim, markup and all, as text), the nursery cannot ship before it says the money arrived, then
// ships, and the buyer's page says Paid.
const INSTRUCTIONS = [
  'Zelle to pay@tricky.example, memo: $& and $1 stay as typed',
  '</script><script>window.__paid = true</script>',
  '<b>Or</b> a cheque to 1 Main St, Homestead',
].join('\n');

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px, a buyer pays a nursery directly, and it ships once it says the money arrived`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = appOrigin();
    const context = await browser.newContext({ baseURL, viewport });
    try {
      const name = await sellerByApi(context.request, origin, 'FL', { paymentInstructions: INSTRUCTIONS });
      const title = `Paid cutting ${name.slice(-6)}`;
      const productId = await listByApi(context.request, origin, {
        title,
        form: 'cutting',
        shipsAs: 'unrooted-cutting',
        image: 'physical-graffiti-cutting.svg',
      });

      // The buyer checks out on the cart page and lands on the order's page: the confirmation.
      await page.setViewportSize(viewport);
      const buyerName = uniqueName('buyer');
      await signUpByApi(page, buyerName);
      await addAddress(page);
      const added = await page.request.post('/api/cart', {
        headers: { origin },
        data: { productId, quantity: 1 },
      });
      expect(added.status(), await added.text()).toBe(201);
      await page.goto('/cart');
      await page.getByRole('main').getByRole('button', { name: 'Checkout' }).click();
      await expect(toast(page, 'Order placed!')).toBeVisible();
      await expect(page).toHaveURL(/\/orders\/\d+$/);
      const orderId = Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
      const payment = page.getByRole('region', { name: 'Payment', exact: true });
      await expect(payment.getByText('Payment status: Awaiting payment')).toBeVisible();
      const pay = payment.getByRole('article', { name: `Pay ${name} $36.99` });
      await expect(pay).toBeVisible();
      // The nursery's words, line for line, as text: nothing in them became markup or ran.
      expect(await pay.locator('p').innerText()).toBe(INSTRUCTIONS);
      await expect(pay.locator('b, script')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __paid?: boolean }).__paid)).toBeUndefined();
      await expect(payment).toContainText(`Mention order #${orderId} with your payment.`);
      await expect(payment).toContainText(
        /If a nursery has not received your payment by \w+ \d{1,2}, \d{4}, its part of the order is cancelled/,
      );
      await expect(payment).toContainText('Each nursery ships once your payment reaches it.');
      const shipmentCard = page.getByRole('region', { name: `Shipment from ${name}` });
      await expect(shipmentCard.getByText('Payment: Awaiting payment')).toBeVisible();
      await expectNoSideScroll(page);

      // The nursery sees it awaiting payment and cannot ship it yet.
      const seller = waitsForAdoption(await context.newPage());
      await seller.goto('/seller/dashboard?tab=orders');
      const shipment = seller
        .getByRole('list', { name: 'To ship shipments' })
        .getByRole('article', { name: new RegExp(`^Order #${orderId} for`) });
      await expect(shipment.getByText('Payment: Awaiting payment')).toBeVisible();
      await expect(shipment).toContainText('Awaiting payment: $36.99');
      await expect(shipment.getByText("Awaiting the buyer's payment")).toBeVisible();
      const ship = shipment.getByRole('button', { name: `Mark shipped for order #${orderId}` });
      await expect(ship).toBeDisabled();
      await expectNoSideScroll(seller);

      // "Payment received", confirmed: a mis-click is kept from the buyer by "Not yet".
      const received = shipment.getByRole('button', { name: `Payment received for order #${orderId}` });
      await received.click();
      const confirm = seller.getByRole('dialog', { name: `Has $36.99 from ${buyerName} reached you?` });
      await confirm.getByRole('button', { name: 'Not yet' }).click();
      await expect(confirm).toBeHidden();
      await expect(ship).toBeDisabled();
      await received.click();
      await confirm.getByRole('button', { name: 'Yes, payment received' }).click();
      await expect(toast(seller, 'Payment received')).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(shipment.getByText('Payment: Paid')).toBeVisible();
      await expect(received).toHaveCount(0);
      await expect(ship).toBeEnabled();
      await expect(ship).toBeFocused();

      // Now it ships.
      await ship.click();
      const dialog = seller.getByRole('dialog', { name: `Ship order #${orderId}` });
      await dialog.getByLabel('Carrier').selectOption('USPS');
      await dialog.getByLabel('Tracking number').fill('9400 1000 0000 0000 0000 00');
      await dialog.getByRole('button', { name: 'Mark shipped' }).click();
      await expect(toast(seller, 'Marked as shipped')).toBeVisible();

      // The buyer's page says Paid, and what comes next.
      await page.reload();
      await expect(payment.getByText('Payment status: Paid')).toBeVisible();
      await expect(payment.getByRole('article')).toHaveCount(0);
      await expect(shipmentCard.getByText('Payment: Paid')).toBeVisible();
      await expect(page.getByText('Status: Shipped', { exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test('a nursery without payment instructions: its cart line says it is not taking payments, and Checkout waits', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = appOrigin();
  const context = await browser.newContext({ baseURL });
  try {
    const name = await sellerByApi(context.request, origin, 'FL', { paymentInstructions: null });
    const title = `Unpayable cutting ${name.slice(-6)}`;
    const productId = await listByApi(context.request, origin, {
      title,
      form: 'cutting',
      shipsAs: 'unrooted-cutting',
      image: 'physical-graffiti-cutting.svg',
    });
    await signUpByApi(page, uniqueName('buyer'));
    await addAddress(page);
    const added = await page.request.post('/api/cart', {
      headers: { origin },
      data: { productId, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(201);

    await page.goto('/cart');
    const line = page.getByRole('main').getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(line).toContainText(`${name} is not taking payments yet`);
    await expect(
      page.getByText(
        "An item can't be paid for yet, as its nursery isn't taking payments: remove it to check out.",
      ),
    ).toBeVisible();
    // aria-disabled, yet focusable: pressing it says why.
    await page.getByRole('main').getByRole('button', { name: 'Checkout' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, "Some items can't be paid for yet")).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
  } finally {
    await context.close();
  }
});

/** The page is no wider than the window: nothing makes a phone scroll sideways. */
async function expectNoSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
