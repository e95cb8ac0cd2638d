import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Order } from '../../domain/orders/responses';
import { type StripeApp, test } from './stripe-app';
import {
  addAddress,
  expect,
  listByApi,
  sellerByApi,
  signUpByApi,
  toast,
  uniqueName,
  waitsForAdoption,
} from './support';

/*
 * Card payments end to end (docs/decisions/0021-payments.md), on an app of their own that takes payments by Stripe
 * (./stripe-app.ts), through the local Stripe server's stand-ins for its hosted pages: a nursery connects its account
 * from its profile, a buyer pays on the payment page and comes back to "Payment processing", then "Paid" once the
 * server has Stripe's webhook, and the nursery ships. The return from Stripe is never taken as proof of payment.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A browser context signed in to nobody yet, on the card-paying app, and its first page. */
async function open(browser: Browser, app: StripeApp, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: app.baseURL, viewport });
  return { context, page: waitsForAdoption(await context.newPage()) };
}

/**
 * A nursery whose Stripe account is active, made through the API and the Stripe server's own controls (the profile's
 * "Connect with Stripe" is driven in the first test), with a cutting listed; its name and the listing's id.
 */
async function activeNurseryByApi(request: APIRequestContext, app: StripeApp) {
  const origin = app.baseURL;
  const name = await sellerByApi(request, origin, 'FL');
  const link = await request.post('/api/seller/payout-account', { headers: { origin } });
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const account = decodeURIComponent(/\/onboard\/([^/?]+)/.exec(url)?.[1] ?? '');
  await app.stripe.activate(account);
  const seen = await request.get('/api/seller/payout-account');
  expect(((await seen.json()) as { account: { status: string } }).account.status).toBe('active');
  const productId = await listByApi(request, origin, {
    title: `Card cutting ${name.slice(-6)}`,
    form: 'cutting',
    shipsAs: 'unrooted-cutting',
    image: 'physical-graffiti-cutting.svg',
  });
  return { name, productId };
}

/** A buyer with an address and the listing in their cart, signed in on `page`. */
async function buyerWithCart(page: Page, app: StripeApp, productId: number): Promise<string> {
  const name = uniqueName('cardbuyer');
  await signUpByApi(page, name, { origin: app.baseURL });
  await addAddress(page, app.baseURL);
  const added = await page.request.post('/api/cart', {
    headers: { origin: app.baseURL },
    data: { productId, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  return name;
}

/** The buyer's newest order, as the API answers it. */
async function newestOrder(page: Page): Promise<Order> {
  const res = await page.request.get('/api/orders');
  expect(res.ok()).toBe(true);
  const [order] = (await res.json()) as Order[];
  if (!order) throw new Error('the buyer has no order');
  return order;
}

/** Checkout from the cart page, which sends the browser to the payment page; the order and its amount in words. */
async function checkoutToPaymentPage(page: Page, app: StripeApp) {
  await page.goto('/cart');
  await page.getByRole('main').getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${app.stripe.url}/pay/cs_`));
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const order = await newestOrder(page);
  expect(order.payment.provider).toBe('stripe');
  return { order, amount: `$${order.payment.due.toFixed(2)}`, payPage: page.url() };
}

/** The page is no wider than the window: nothing makes a phone scroll sideways. */
async function expectNoSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px, a nursery connects with Stripe, a buyer pays by card, and the nursery ships once Stripe confirms`, async ({
    browser,
    stripeApp,
  }) => {
    test.setTimeout(180_000);
    const seller = await open(browser, stripeApp, viewport);
    const buyer = await open(browser, stripeApp, viewport);
    try {
      // The nursery connects its Stripe account from its profile, through Stripe's onboarding.
      const name = await sellerByApi(seller.context.request, stripeApp.baseURL, 'FL');
      await seller.page.goto('/seller/profile');
      const card = seller.page.getByRole('region', { name: 'Card payments' });
      await expect(card.getByRole('status')).toHaveText('Your Stripe account: Not connected');
      await expect(seller.page.getByLabel('Payment instructions')).toHaveCount(0);
      await expectNoSideScroll(seller.page);
      await card.getByRole('button', { name: 'Connect with Stripe' }).click();
      await expect(seller.page.getByRole('heading', { level: 1, name: 'Set up payouts' })).toBeVisible();
      await seller.page.getByRole('button', { name: 'Finish onboarding' }).click();
      await expect(seller.page).toHaveURL(`${stripeApp.baseURL}/seller/profile?onboarding=return`);
      await expect(card.getByRole('status')).toHaveText('Your Stripe account: Ready to sell by card');
      await expect(card).toContainText('Buyers can check out your plants by card.');
      await expect(card.getByRole('button')).toHaveCount(0);

      const productId = await listByApi(seller.context.request, stripeApp.baseURL, {
        title: `Card cutting ${name.slice(-6)}`,
        form: 'cutting',
        shipsAs: 'unrooted-cutting',
        image: 'physical-graffiti-cutting.svg',
      });

      // The buyer checks out and lands on Stripe's payment page; the webhook is held back, so the order page is
      // seen waiting for Stripe's word, however fast the machine.
      await buyerWithCart(buyer.page, stripeApp, productId);
      const { order, amount } = await checkoutToPaymentPage(buyer.page, stripeApp);
      stripeApp.stripe.hold();
      await buyer.page.getByRole('button', { name: `Pay ${amount}` }).click();
      await expect(buyer.page).toHaveURL(`${stripeApp.baseURL}/orders/${order.id}?payment=return`);
      const payment = buyer.page.getByRole('region', { name: 'Payment', exact: true });
      await expect(payment.getByText('Payment status: Payment processing')).toBeVisible();
      await expect(
        payment.getByText('Payment processing: we will show it here as soon as Stripe confirms it.'),
      ).toBeVisible();
      await expect(payment.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
      await expectNoSideScroll(buyer.page);

      // Stripe's webhook arrives; the page, reading the order again, says Paid without a reload.
      const deliveries = await stripeApp.stripe.release();
      expect(deliveries.map((d) => [d.type, d.status])).toContainEqual(['checkout.session.completed', 200]);
      await expect(payment.getByText('Payment status: Paid')).toBeVisible();
      await expect(payment).toContainText('Stripe has confirmed your payment.');
      await expect(
        buyer.page.getByRole('region', { name: `Shipment from ${name}` }).getByText('Payment: Paid'),
      ).toBeVisible();

      // The nursery sees it paid, and ships it.
      await seller.page.goto('/seller/dashboard?tab=orders');
      const shipment = seller.page
        .getByRole('list', { name: 'To ship shipments' })
        .getByRole('article', { name: new RegExp(`^Order #${order.id} for`) });
      await expect(shipment.getByText('Payment: Paid')).toBeVisible();
      await expect(
        shipment.getByRole('button', { name: `Payment received for order #${order.id}` }),
      ).toHaveCount(0);
      await shipment.getByRole('button', { name: `Mark shipped for order #${order.id}` }).click();
      const dialog = seller.page.getByRole('dialog', { name: `Ship order #${order.id}` });
      await dialog.getByLabel('Carrier').selectOption('USPS');
      await dialog.getByLabel('Tracking number').fill('9400 1000 0000 0000 0000 00');
      await dialog.getByRole('button', { name: 'Mark shipped' }).click();
      await expect(toast(seller.page, 'Marked as shipped')).toBeVisible();
    } finally {
      await seller.context.close();
      await buyer.context.close();
    }
  });

  test(`at ${viewport.width} px, a buyer who cancels on the payment page is told it is not paid, and Pay now leads back to it`, async ({
    browser,
    stripeApp,
  }) => {
    test.setTimeout(150_000);
    const seller = await open(browser, stripeApp, viewport);
    const buyer = await open(browser, stripeApp, viewport);
    try {
      const { productId } = await activeNurseryByApi(seller.context.request, stripeApp);
      await buyerWithCart(buyer.page, stripeApp, productId);
      const { order, amount, payPage } = await checkoutToPaymentPage(buyer.page, stripeApp);

      await buyer.page.getByRole('button', { name: 'Cancel' }).click();
      await expect(buyer.page).toHaveURL(`${stripeApp.baseURL}/orders/${order.id}?payment=cancel`);
      const payment = buyer.page.getByRole('region', { name: 'Payment', exact: true });
      await expect(payment.getByText('Payment status: Awaiting payment')).toBeVisible();
      await expect(payment.getByText('Payment not completed: your card was not charged.')).toBeVisible();
      await expect(payment).toContainText(`Pay ${amount} by card on Stripe's secure payment page.`);
      await expectNoSideScroll(buyer.page);

      // Pay now leads to the same payment page, still open; paying there makes the order paid.
      await payment.getByRole('button', { name: 'Pay now' }).click();
      await expect(buyer.page).toHaveURL(payPage);
      await buyer.page.getByRole('button', { name: `Pay ${amount}` }).click();
      await expect(buyer.page).toHaveURL(`${stripeApp.baseURL}/orders/${order.id}?payment=return`);
      await expect(payment.getByText('Payment status: Paid')).toBeVisible();
    } finally {
      await seller.context.close();
      await buyer.context.close();
    }
  });
}
