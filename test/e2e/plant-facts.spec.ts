import { expect, signUpByApi, test, toast, uniqueName, waitsForAdoption } from './support';

// A listing's plant facts (docs/product.md#listing-form, #product, #marketplace): set by the seller in the listing
// form's Plant section, filtered by buyers, shown on the product page.

test('a seller adds a grafted potted listing; a buyer filters Grafted, finds it and reads its plant facts', async ({
  page,
  browser,
}) => {
  const title = `Grafted Yellow Dragon ${uniqueName('lot').replace('_', '')}`;
  await signUpByApi(page, uniqueName('grafter'), { seller: true });
  await page.goto('/seller/dashboard');
  await page.getByRole('link', { name: 'Add New Product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Listing' })).toBeVisible();

  // A cutting ships as an unrooted cutting and may be callused; the rootstock is asked of grafted plants only.
  const plant = page.getByRole('group', { name: 'Plant' });
  await expect(plant.getByLabel('Ships as', { exact: true })).toHaveValue('unrooted-cutting');
  await expect(plant.getByLabel('Callused', { exact: true })).toBeVisible();
  await expect(plant.getByLabel('Rootstock', { exact: true })).toHaveCount(0);

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Grafted for vigour, two years old.');
  await page.getByLabel('Variety', { exact: true }).selectOption('Yellow Dragon');
  await page.getByLabel('Form', { exact: true }).selectOption({ label: 'Rooted Plant' });
  // Ships as follows the form's default: a rooted plant ships potted, and is not asked whether it is callused.
  await expect(plant.getByLabel('Ships as', { exact: true })).toHaveValue('potted');
  await expect(plant.getByLabel('Callused', { exact: true })).toHaveCount(0);
  await plant.getByLabel('Length (inches)', { exact: true }).fill('20');
  await plant.getByLabel('Segments', { exact: true }).fill('3');
  await plant.getByLabel('Grafted', { exact: true }).check();
  await plant.getByLabel('Rootstock', { exact: true }).fill('Vietnamese White (Hylocereus undatus)');
  await page.getByLabel('Price', { exact: true }).fill('44');
  await page.getByLabel('Quantity', { exact: true }).fill('2');
  await page.getByLabel('Image URL', { exact: true }).fill('/images/products/yellow-dragon-rooted.svg');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(toast(page, 'Product added')).toBeVisible();
  // The form starts again from the defaults, following the form once more.
  await expect(plant.getByLabel('Ships as', { exact: true })).toHaveValue('unrooted-cutting');
  await expect(plant.getByLabel('Grafted', { exact: true })).not.toBeChecked();

  const buyerContext = await browser.newContext();
  try {
    const buyer = waitsForAdoption(await buyerContext.newPage());
    await signUpByApi(buyer, uniqueName('buyer'));
    await buyer.goto('/marketplace');
    const filters = buyer.getByRole('complementary');
    await filters.getByRole('checkbox', { name: 'Grafted', exact: true }).check();
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(buyer).toHaveURL(/grafted=true/);
    await expect(buyer.getByRole('button', { name: 'Remove filter: Grafted' })).toBeVisible();
    await buyer.getByLabel('Sort by').selectOption('newest');
    const card = buyer
      .getByRole('list', { name: 'Products' })
      .getByRole('article')
      .filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await card.getByRole('link', { name: title }).first().click();

    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const facts = buyer.getByRole('region', { name: 'Plant facts' });
    await expect(facts.getByRole('term')).toHaveText([
      'Ships as',
      'Roots',
      'Length',
      'Segments',
      'Grafted',
      'Pollination',
    ]);
    await expect(facts.getByRole('definition')).toHaveText([
      'Potted in soil',
      'Rooted',
      '20 inches',
      '3 segments',
      'Grafted on Vietnamese White (Hylocereus undatus)',
      'Self-fertile',
    ]);
  } finally {
    await buyerContext.close();
  }
});
