/**
 * Storefronts (issue 27, docs/decisions/0024-storefronts.md): a nursery chooses its shop name at sign-up and says
 * who it is in its profile; a visitor goes from a listing to the nursery's storefront, and browses its listings with
 * the marketplace's filters there.
 */
import {
  appOrigin,
  expect,
  listByApi,
  PAYMENT_INSTRUCTIONS,
  sellerByApi,
  submitRegisterForm,
  test,
  uniqueName,
} from './support';

test('a nursery names its shop at sign-up, and a visitor opens its storefront from a listing', async ({
  browser,
  page,
  baseURL,
}) => {
  // The nursery signs up through the form with a shop name, and says where it is and who it is in its profile.
  const nursery = await browser.newContext({ baseURL });
  const seller = await nursery.newPage();
  const username = uniqueName('shop');
  const shopName = `Sunshine Pitaya ${username.slice(-6)}`;
  await seller.goto('/register?seller=true');
  await seller.getByLabel('Shop name (optional)').fill(shopName);
  await submitRegisterForm(seller, username);
  await expect(seller).toHaveURL(/\/seller\/dashboard/);

  await seller.goto('/seller/profile');
  await expect(seller.getByLabel('Shop name (optional)')).toHaveValue(shopName);
  await seller.getByLabel('Ships from').selectOption('FL');
  await seller.getByLabel('Location (optional)').fill('Homestead, Florida');
  await seller.getByLabel('About your nursery (optional)').fill('We graft and root our own plants.');
  await seller.getByLabel('Payment instructions').fill(PAYMENT_INSTRUCTIONS);
  await seller.getByRole('button', { name: 'Save shipping profile' }).click();
  await expect(seller.getByText('Shipping profile saved', { exact: true })).toBeVisible();

  const origin = appOrigin();
  const cuttingTitle = `Storefront cutting ${username.slice(-6)}`;
  const seedTitle = `Storefront seeds ${username.slice(-6)}`;
  const cutting = await listByApi(nursery.request, origin, {
    title: cuttingTitle,
    form: 'cutting',
    shipsAs: 'unrooted-cutting',
    image: 'physical-graffiti-cutting.svg',
  });
  await listByApi(nursery.request, origin, {
    title: seedTitle,
    form: 'seed',
    shipsAs: 'seeds',
    image: 'physical-graffiti-cutting.svg',
  });

  // A visitor on the listing follows "Sold by" to the storefront.
  await page.goto(`/product/${cutting}`);
  await page.getByRole('link', { name: shopName }).click();
  await expect(page).toHaveURL(new RegExp(`/sellers/${username}$`));
  await expect(page.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
  await expect(page.getByText('Homestead, Florida').first()).toBeVisible();
  await expect(page.getByText('We graft and root our own plants.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shipping policy' })).toBeVisible();
  await expect(page.getByText('2 results')).toBeVisible();
  await expect(page.getByRole('link', { name: cuttingTitle })).toBeVisible();

  // The marketplace's filters, on the storefront's own address.
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByRole('group', { name: 'Form' }).getByLabel('Seeds').check();
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/sellers/${username}\\?form=seed$`));
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: seedTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: cuttingTitle })).toHaveCount(0);

  // Search engines get an Organization for it.
  const html = await (await page.request.get(`/sellers/${username}`)).text();
  expect(html).toContain('"@type":"Organization"');
  expect(html).toContain(`"name":"${shopName}"`);

  // The nursery finds its storefront from its profile.
  await seller.getByRole('link', { name: 'View your storefront' }).click();
  await expect(seller.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
  await nursery.close();
});

test('a nursery with nothing for sale yet has a storefront that says so', async ({
  browser,
  page,
  baseURL,
}) => {
  const nursery = await browser.newContext({ baseURL });
  const name = await sellerByApi(nursery.request, appOrigin());
  await nursery.close();
  const response = await page.goto(`/sellers/${name}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('No listings yet')).toBeVisible();
  await expect(page.getByText(`${name} has nothing for sale yet.`)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Filters' })).toHaveCount(0);
});

test('a storefront that does not exist is a 404 page', async ({ page }) => {
  const response = await page.goto(`/sellers/${uniqueName('nobody')}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Nursery Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
});
