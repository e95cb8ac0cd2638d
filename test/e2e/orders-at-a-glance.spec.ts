import {
  addAddress,
  appOrigin,
  expect,
  nurseryByApi,
  orderByApi,
  paymentReceivedByApi,
  signUpByApi,
  test,
  uniqueName,
} from './support';

// What a buyer and a nursery see of an order at a glance (docs/product.md#notifications, #seller-dashboard): the
// shipped notification's tracking page as a link, and the dashboard's overview saying orders wait to be shipped.

test("the shipped notification links the carrier's tracking page", async ({ page, browser, baseURL }) => {
  const seller = await nurseryByApi(browser, baseURL, () => `Glance ${uniqueName('plant').replace('_', '')}`);
  try {
    await signUpByApi(page, uniqueName('buyer'));
    await addAddress(page);
    const orderId = await orderByApi(page.request, seller.id, 'Visit https://example.com/not-a-link please');
    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
      shipments: Array<{ id: number }>;
    };
    const shipmentId = order.shipments[0]?.id ?? 0;
    await paymentReceivedByApi(seller.context.request, appOrigin(), shipmentId);
    const shipped = await seller.context.request.post(`/api/seller/shipments/${shipmentId}/ship`, {
      headers: { origin: appOrigin() },
      data: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    await page.goto('/notifications');
    const notice = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: `${seller.name} shipped your plants` });
    const url = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    const link = notice.getByRole('link', { name: url });
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(notice).toContainText(`Follow it: ${url}`);

    // The seller's "new order" quotes the buyer's note: a web address a person wrote stays words.
    await seller.page.goto('/notifications');
    const received = seller.page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first();
    await expect(received).toContainText('Visit https://example.com/not-a-link please');
    await expect(received.getByRole('link', { name: /example\.com/ })).toHaveCount(0);
  } finally {
    await seller.context.close();
  }
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the dashboard's overview says how many orders wait to be shipped, and leads to them, at ${viewport.width} px`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const seller = await nurseryByApi(
      browser,
      baseURL,
      () => `Glance ${uniqueName('plant').replace('_', '')}`,
    );
    try {
      await signUpByApi(page, uniqueName('buyer'));
      await addAddress(page);
      await orderByApi(page.request, seller.id);
      await orderByApi(page.request, seller.id);

      const dashboard = seller.page;
      await dashboard.setViewportSize(viewport);
      await dashboard.goto('/seller/dashboard');
      await expect(dashboard.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
      const overview = dashboard.getByRole('tabpanel', { name: 'Overview' });
      const waiting = overview.getByRole('region', { name: '2 orders are waiting to be shipped' });
      await expect(waiting).toBeVisible();
      await expect(waiting).toContainText(/The oldest was ordered \w{3} \d{1,2}, \d{4}\./);
      await waiting.getByRole('link', { name: 'View orders to ship' }).click();

      await expect(dashboard).toHaveURL(/\/seller\/dashboard\?tab=orders$/);
      await expect(dashboard.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
      const toShip = dashboard.getByRole('list', { name: 'To ship shipments' }).getByRole('article');
      await expect(toShip).toHaveCount(2);

      // Once both are cancelled (released: neither is paid), nothing waits: the overview says nothing of it.
      for (let i = 0; i < 2; i++) {
        await toShip
          .first()
          .getByRole('button', { name: /^Release unpaid order #\d+$/ })
          .click();
        const dialog = dashboard.getByRole('dialog', { name: /^Release unpaid order #\d+\?$/ });
        await dialog.getByLabel('Reason (the buyer sees it)').fill('Frost damage');
        await dialog.getByRole('button', { name: 'Release the plants' }).click();
        await expect(dialog).toBeHidden();
        await expect(toShip).toHaveCount(1 - i);
      }
      await expect(dashboard.getByRole('button', { name: 'To ship (0)' })).toBeVisible();
      await dashboard.getByRole('tab', { name: 'Overview' }).click();
      await expect(dashboard).toHaveURL(/\/seller\/dashboard$/);
      await expect(overview.getByRole('heading', { name: 'Recent Listings' })).toBeVisible();
      await expect(overview.getByRole('region', { name: /waiting to be shipped/ })).toHaveCount(0);
    } finally {
      await seller.context.close();
    }
  });
}
