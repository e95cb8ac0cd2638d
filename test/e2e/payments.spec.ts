import { appOrigin, expect, sellerByApi, test, toast } from './support';

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
