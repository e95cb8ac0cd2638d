import {
  addAddress,
  appOrigin,
  expect,
  nurseryByApi,
  orderByApi,
  signUpByApi,
  test,
  toast,
  uniqueName,
} from './support';

// Stock held unpaid (docs/product.md#payments, #seller-dashboard): a nursery releases an order not paid yet from its
// Orders tab, its plants back on sale at once and the buyer told; and a buyer cannot hold more than the limit unpaid.

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a nursery releases an unpaid order: its plants back on sale, the buyer told, at ${viewport.width} px`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const seller = await nurseryByApi(browser, baseURL, () => `Held ${uniqueName('plant').replace('_', '')}`);
    try {
      await signUpByApi(page, uniqueName('buyer'));
      await addAddress(page);
      const orderId = await orderByApi(page.request, seller.id);
      const stock = async () =>
        (
          (await (await seller.context.request.get(`/api/products/${seller.id}`)).json()) as {
            quantity: number;
          }
        ).quantity;
      expect(await stock()).toBe(9);

      const dashboard = seller.page;
      await dashboard.setViewportSize(viewport);
      await dashboard.goto('/seller/dashboard?tab=orders');
      const shipment = dashboard
        .getByRole('list', { name: 'To ship shipments' })
        .getByRole('article', { name: new RegExp(`^Order #${orderId} for`) });
      await expect(shipment.getByText("Awaiting the buyer's payment")).toBeVisible();
      // A part awaiting payment says what cancelling it does: "Release unpaid order".
      await expect(shipment.getByRole('button', { name: `Cancel order #${orderId}` })).toHaveCount(0);
      await shipment.getByRole('button', { name: `Release unpaid order #${orderId}` }).click();
      const dialog = dashboard.getByRole('dialog', { name: `Release unpaid order #${orderId}?` });
      await expect(dialog).toContainText('has not paid for it yet');
      await expect(dialog).toContainText('its plants go back on sale now');
      await dialog.getByLabel('Reason (the buyer sees it)').fill('Not paid after three reminders');
      await dialog.getByRole('button', { name: 'Release the plants' }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(dashboard, 'Unpaid order released')).toBeVisible();
      await expect(dashboard.getByRole('button', { name: 'To ship (0)' })).toBeVisible();
      await dashboard.getByRole('button', { name: 'Cancelled (1)' }).click();
      const cancelled = dashboard
        .getByRole('list', { name: 'Cancelled shipments' })
        .getByRole('article', { name: new RegExp(`^Order #${orderId} for`) });
      await expect(cancelled.getByText('Cancelled by you')).toBeVisible();
      await expect(cancelled.getByText('Not paid after three reminders')).toBeVisible();
      expect(await stock()).toBe(10);

      await page.goto('/notifications');
      const notice = page
        .getByRole('list', { name: 'Notifications' })
        .getByRole('listitem')
        .filter({ hasText: `Order #${orderId}: ${seller.name} cancelled its part` });
      await expect(notice).toContainText('Not paid after three reminders');
    } finally {
      await seller.context.close();
    }
  });
}

test('checkout says why when the buyer already has the most orders awaiting payment', async ({
  page,
  browser,
  baseURL,
}) => {
  const seller = await nurseryByApi(browser, baseURL, () => `Held ${uniqueName('plant').replace('_', '')}`);
  try {
    await signUpByApi(page, uniqueName('buyer'));
    await addAddress(page);
    // The default limit: 5 orders awaiting payment.
    for (let n = 0; n < 5; n++) await orderByApi(page.request, seller.id);
    const added = await page.request.post('/api/cart', {
      headers: { origin: appOrigin() },
      data: { productId: seller.id, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);

    await page.goto('/cart');
    await page.getByRole('main').getByRole('button', { name: 'Checkout' }).click();
    await expect(toast(page, 'Checkout failed')).toBeVisible();
    await expect(
      toast(
        page,
        'You have 5 orders awaiting payment, the most one buyer can have at once: pay for one, or cancel it, before ordering again',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
  } finally {
    await seller.context.close();
  }
});
