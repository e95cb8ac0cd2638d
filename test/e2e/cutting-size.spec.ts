import {
  appOrigin,
  expect,
  PAYMENT_INSTRUCTIONS,
  signUpByApi,
  test,
  toast,
  uniqueName,
  waitsForAdoption,
} from './support';

// A cutting's size follows from its length (docs/product.md#plant-facts): in the seller's form, on the product
// page's chip beside the plant facts, and in the cutting-size filter.

test('a 14-inch cutting: the form moves its size to 12 inch and refuses 6 inch; the product page and the filter follow the length', async ({
  page,
  browser,
}) => {
  const title = `Long Sugar Dragon ${uniqueName('lot').replace('_', '')}`;
  await signUpByApi(page, uniqueName('longcut'), { seller: true });
  const profile = await page.request.put('/api/seller/profile', {
    headers: { origin: appOrigin() },
    data: { shipFromState: 'FL', paymentInstructions: PAYMENT_INSTRUCTIONS },
  });
  expect(profile.status()).toBe(200);
  await page.goto('/seller/add-listing');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Listing' })).toBeVisible();

  const size = page.getByLabel('Cutting Size', { exact: true });
  await expect(size).toHaveAccessibleDescription(
    'Follows the length when you give one: up to 9 inches is 6 inch, longer is 12 inch.',
  );
  await size.selectOption({ label: '6 inch (15cm)' });
  const plant = page.getByRole('group', { name: 'Plant' });
  await plant.getByLabel('Length (inches)', { exact: true }).fill('14');
  // The length is the truth: the size follows it.
  await expect(size).toHaveValue('12 inch');

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Fourteen inches, callused.');
  await page.getByLabel('Price', { exact: true }).fill('16');
  await page.getByLabel('Image URL', { exact: true }).fill('/images/products/sugar-dragon-cutting.svg');
  // A size the length contradicts is refused, under the size.
  await size.selectOption({ label: '6 inch (15cm)' });
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(
    page.getByText('Cutting size must be 12 inch or multi-tip for a 14-inch cutting'),
  ).toBeVisible();
  await expect(size).toHaveAttribute('aria-invalid', 'true');
  await size.selectOption({ label: '12 inch (30cm)' });
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(toast(page, 'Product added')).toBeVisible();

  const buyerContext = await browser.newContext();
  try {
    const buyer = waitsForAdoption(await buyerContext.newPage());
    await buyer.goto(`/marketplace?cuttingSize=12%20inch&search=${encodeURIComponent(title)}`);
    await expect(buyer.getByRole('button', { name: 'Remove filter: 12 inch (30cm)' })).toBeVisible();
    const card = buyer
      .getByRole('list', { name: 'Products' })
      .getByRole('article')
      .filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await card.getByRole('link', { name: title }).click();
    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const chips = buyer.getByRole('list', { name: 'Product details' });
    await expect(chips.getByRole('listitem')).toHaveText(['Cutting', '14 inch (36cm)', 'Self-pollinating']);
    const facts = buyer.getByRole('region', { name: 'Plant facts' });
    await expect(facts.getByRole('definition').nth(3)).toHaveText('14 inches');

    await buyer.goto(`/marketplace?cuttingSize=6%20inch&search=${encodeURIComponent(title)}`);
    await expect(buyer.getByRole('heading', { name: 'No products found' })).toBeVisible();
  } finally {
    await buyerContext.close();
  }
});
