import {
  appOrigin,
  expect,
  listByApi,
  orderByApi,
  PASSWORD,
  sellerByApi,
  test,
  toast,
  uniqueName,
} from './support';

// The packing slip's shipper (issue 24): the seller's business name and return address from the shipping profile;
// until the profile has a return address, the slip says where to add it (on screen only: the printout goes in the
// parcel).

for (const width of [390, 1280])
  test(`at ${width} px, a nursery adds its business name and return address, and its packing slip prints them`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const origin = appOrigin();
    const nursery = await sellerByApi(page.request, origin, 'FL');
    const plant = await listByApi(page.request, origin, {
      title: `Slip cutting ${nursery.slice(-6)}`,
      form: 'cutting',
      shipsAs: 'unrooted-cutting',
      image: 'physical-graffiti-cutting.svg',
    });
    // A buyer in Miami orders it, on a context of its own.
    const buyer = uniqueName('buyer');
    const headers = { origin };
    const registered = await request.post('/api/auth/register', {
      headers,
      data: { username: buyer, email: `${buyer}@example.com`, password: PASSWORD, isSeller: false },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const address = await request.post('/api/addresses', {
      headers,
      data: { name: 'Slip Buyer', line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' },
    });
    expect(address.status(), await address.text()).toBe(201);
    await orderByApi(request, plant);

    // No return address yet: the slip names the nursery by its username and says where to add one.
    await page.goto('/seller/dashboard?tab=orders');
    await page
      .getByRole('link', { name: /^Packing slip/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisible();
    const slipUrl = page.url();
    const shipper = page.getByRole('region', { name: 'Shipper' });
    await expect(shipper.getByText(nursery, { exact: true })).toBeVisible();
    const addIt = shipper.getByRole('link', { name: 'Add your return address in your shipping profile' });
    await expect(addIt).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(addIt).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await addIt.click();

    await expect(page).toHaveURL(/\/seller\/profile$/);
    // Shop names are unique: each run of this test (one per width) names its own.
    const shopName = `Homestead Pitaya ${nursery}`;
    await page.getByLabel('Shop name (optional)').fill(shopName);
    // Half an address is refused on its fields.
    await page.getByLabel('Street address').fill('24550 SW 187th Ave');
    await page.getByRole('button', { name: 'Save shipping profile' }).click();
    await expect(page.getByText('Enter the city')).toBeVisible();
    await page.getByLabel('Apartment, suite, etc. (optional)').fill('Gate 2');
    // The ZIP code fills the empty city and state, as in the address book.
    await page.getByLabel('ZIP code').fill('33031');
    await expect(page.getByLabel('City')).toHaveValue('Homestead');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('FL');
    await page.getByRole('button', { name: 'Save shipping profile' }).click();
    await expect(toast(page, 'Shipping profile saved')).toBeVisible();

    await page.goto(slipUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisible();
    await expect(shipper).toContainText(shopName);
    await expect(shipper).toContainText('24550 SW 187th Ave');
    await expect(shipper).toContainText('Gate 2');
    await expect(shipper).toContainText('Homestead, FL 33031');
    await expect(shipper).toContainText('Ships from: FL');
    await expect(shipper.getByText(nursery, { exact: true })).toHaveCount(0);
    await expect(shipper.getByRole('link', { name: /return address/ })).toHaveCount(0);
    // The printout keeps the shipper.
    await page.emulateMedia({ media: 'print' });
    await expect(shipper.getByText('Homestead, FL 33031')).toBeVisible();
  });
