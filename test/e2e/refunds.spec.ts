import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import {
  addAddress,
  appOrigin,
  expect,
  nurseryByApi,
  orderByApi,
  paymentReceivedByApi,
  signUpByApi,
  test,
  toast,
  uniqueName,
} from './support';

// A part paid to a nursery directly, then cancelled (docs/decisions/0027-direct-refunds.md): the buyer's order says
// "Refund due" and the part "Refund due from {nursery}" until the nursery records the refund on its Orders tab, with
// a note the buyer reads as written; then "Refunded", "Refund sent by {nursery}", and a notification.
const NOTE = 'Sent by Zelle on Friday, ref 4411\n</script><script>window.__refunded = true</script> $& stays';

/**
 * Screenshots of the page in both themes (looked at by a person), each checked for a page wider than the screen and
 * by axe.
 */
async function shootBothThemes(p: Page, name: string, testInfo: TestInfo, after?: () => Promise<void>) {
  for (const theme of ['light', 'dark']) {
    await p.evaluate((t) => localStorage.setItem('ui-theme', t), theme);
    await p.reload();
    await expect(p.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    if (after) await after();
    await p.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), fullPage: true });
    await expectNoSeriousViolations(p, `${name} (${theme})`);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px, a nursery records a refund sent and the buyer sees it`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const seller = await nurseryByApi(browser, baseURL, () => `Refund cutting ${uniqueName('r').slice(-6)}`);
    try {
      for (const p of [page, seller.page]) await p.setViewportSize(viewport);
      await signUpByApi(page, uniqueName('buyer'));
      await addAddress(page);
      const orderId = await orderByApi(page.request, seller.id);
      const placed = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
        shipments: Array<{ id: number; payment: { amount: number } }>;
      };
      const shipmentId = placed.shipments[0]?.id ?? 0;
      const amount = `$${(placed.shipments[0]?.payment.amount ?? 0).toFixed(2)}`;
      await paymentReceivedByApi(seller.context.request, appOrigin(), shipmentId);
      const cancelled = await page.request.post(`/api/orders/${orderId}/cancel`, {
        headers: { origin: appOrigin() },
        data: { reason: 'Changed my mind' },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);

      // The buyer: the order is a refund due, not "Refunded".
      await page.goto(`/orders/${orderId}`);
      const payment = page.getByRole('region', { name: 'Payment' });
      await expect(payment.getByText('Payment status: Refund due', { exact: true })).toBeVisible();
      const part = page.getByRole('region', { name: new RegExp(`from ${seller.name}`) });
      await expect(part.getByText(`Payment: Refund due from ${seller.name}`, { exact: true })).toBeVisible();
      await expect(part).toContainText(`Refund due from ${seller.name}: ${amount}.`);
      await expect(page.getByText('Refunded')).toHaveCount(0);
      await shootBothThemes(page, `buyer-due-${viewport.width}`, testInfo, () =>
        expect(part).toContainText(`Refund due from ${seller.name}: ${amount}.`),
      );

      // The nursery: "Refund due: $X" on the cancelled part, recorded with a note.
      await seller.page.goto('/seller/dashboard?tab=orders');
      await seller.page.getByRole('button', { name: 'Cancelled (1)' }).click();
      const row = seller.page.getByRole('article', { name: new RegExp(`Order #${orderId} for`) });
      await expect(row).toContainText(`Refund due: ${amount}`);
      await seller.page.screenshot({
        path: testInfo.outputPath(`seller-due-${viewport.width}.png`),
        fullPage: true,
      });
      await row.getByRole('button', { name: `Record refund sent for order #${orderId}` }).click();
      const dialog = seller.page.getByRole('dialog', { name: `Have you sent ${amount} back to` });
      await dialog.getByLabel('Note (the buyer sees it)').fill(NOTE);
      await seller.page.screenshot({ path: testInfo.outputPath(`seller-dialog-${viewport.width}.png`) });
      await expectNoSeriousViolations(seller.page, 'the record-refund dialog');
      await dialog.getByRole('button', { name: 'Record refund sent' }).click();
      await expect(toast(seller.page, 'Refund recorded')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(`Refund sent: ${amount}, recorded`);
      await expect(row).toContainText('</script><script>window.__refunded = true</script> $& stays');
      await expect(row.getByRole('button', { name: /Record refund sent/ })).toHaveCount(0);
      // Focus goes to what stays of the row, not to the page's start.
      await expect(row.getByRole('link', { name: /Packing slip/ })).toBeFocused();
      await shootBothThemes(seller.page, `seller-row-${viewport.width}`, testInfo, async () => {
        await seller.page.getByRole('button', { name: 'Cancelled (1)' }).click();
        await expect(row).toContainText(`Refund sent: ${amount}, recorded`);
      });

      // The buyer again: refunded, with the nursery's note as text, and told.
      await page.reload();
      await expect(payment.getByText('Payment status: Refunded', { exact: true })).toBeVisible();
      await expect(part.getByText(`Payment: Refund sent by ${seller.name}`, { exact: true })).toBeVisible();
      await expect(part).toContainText(`Refund sent by ${seller.name}: ${amount},`);
      await expect(part.getByRole('figure')).toContainText(`Note from ${seller.name}:`);
      await expect(part.getByText('Sent by Zelle on Friday, ref 4411')).toBeVisible();
      expect(await page.evaluate(() => (window as { __refunded?: boolean }).__refunded)).toBeUndefined();
      await shootBothThemes(page, `buyer-order-${viewport.width}`, testInfo, () =>
        expect(part.getByRole('figure')).toBeVisible(),
      );
      await page.goto('/notifications');
      await expect(
        page
          .getByRole('list', { name: 'Notifications' })
          .getByRole('listitem')
          .filter({ hasText: `${seller.name} sent your refund of ${amount} for order #${orderId}` }),
      ).toContainText('Sent by Zelle on Friday, ref 4411');
    } finally {
      await seller.context.close();
    }
  });
}
