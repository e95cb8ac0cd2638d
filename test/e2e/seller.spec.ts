import type { Browser, Locator, Page } from '@playwright/test';
import { axeViolations } from './axe';
import {
  addAddress,
  appOrigin,
  expect,
  listByApi,
  loginThroughForm,
  orderByApi,
  PASSWORD,
  PAYMENT_INSTRUCTIONS,
  sellerByApi,
  signUpByApi,
  test,
  toast,
  uniqueName,
  waitsForAdoption,
} from './support';

/** A listing title no other test uses, made of words the catalog search can find. */
function uniqueTitle(prefix: string): string {
  return `${prefix} ${uniqueName('lot').replace('_', '')}`;
}

interface NewListing {
  title: string;
  variety?: string;
  form?: string;
  cuttingSize?: string;
  price: string;
  quantity: string;
  imageUrl?: string;
  organic?: boolean;
  inStock?: boolean;
}

/** Fills the add-listing form (on /seller/add-listing) and submits it. */
async function addListing(page: Page, listing: NewListing): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Listing' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(listing.title);
  await page.getByLabel('Description', { exact: true }).fill('Healthy, well-callused and ready to root.');
  if (listing.variety) await page.getByLabel('Variety', { exact: true }).selectOption(listing.variety);
  if (listing.form) await page.getByLabel('Form', { exact: true }).selectOption({ label: listing.form });
  if (listing.cuttingSize) {
    await page.getByLabel('Cutting Size', { exact: true }).selectOption({ label: listing.cuttingSize });
  }
  await page.getByLabel('Price', { exact: true }).fill(listing.price);
  await page.getByLabel('Quantity', { exact: true }).fill(listing.quantity);
  await page
    .getByLabel('Image URL', { exact: true })
    .fill(listing.imageUrl ?? '/images/products/sugar-dragon-cutting.svg');
  if (listing.organic) await page.getByLabel('Organic', { exact: true }).check();
  if (listing.inStock === false) await page.getByLabel('In Stock', { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(toast(page, 'Product added')).toBeVisible();
  // The form empties itself for the next listing just after the toast: a listing typed in between was wiped.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
}

/** A new seller, on the empty add-listing page. */
async function newSellerOnAddPage(page: Page): Promise<string> {
  const username = uniqueName('grower');
  await signUpByApi(page, username, { seller: true });
  // Its plants ship from Florida (the profile page itself is driven in shipping-rules.spec.ts).
  const profile = await page.request.put('/api/seller/profile', {
    headers: { origin: appOrigin() },
    data: { shipFromState: 'FL', paymentInstructions: PAYMENT_INSTRUCTIONS },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  await page.goto('/seller/dashboard');
  await page.getByRole('link', { name: 'Add New Product' }).click();
  await expect(page).toHaveURL(/\/seller\/add-listing$/);
  return username;
}

function listingRow(page: Page, title: string): Locator {
  return page.getByRole('list', { name: 'Listings' }).getByRole('listitem').filter({ hasText: title });
}

/** Searches the catalog from the header (a client-side navigation, so cached results must be fresh). */
async function searchMarketplace(page: Page, term: string): Promise<Locator> {
  const box = page.getByRole('searchbox', { name: 'Search dragon fruit plants' });
  await box.fill(term);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\?search=/);
  return page.getByRole('list', { name: 'Products' }).getByRole('article');
}

async function openMyListings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'My Listings' }).click();
  await expect(page).toHaveURL(/\/seller\/listings$/);
}

/** No WCAG 2.x A/AA violations on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

function statCard(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: 'Inventory summary' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('a seller adds a cutting, finds it in their listings and the marketplace, edits it and deletes it', async ({
  page,
}) => {
  await newSellerOnAddPage(page);
  const title = uniqueTitle('Sunrise Yellow Dragon cutting');
  // Defaults (docs/product.md#listing-form): Sugar Dragon, cutting, self-pollinating, quantity 1, in stock.
  await expect(page.getByLabel('Variety', { exact: true })).toHaveValue('Sugar Dragon');
  await expect(page.getByLabel('Form', { exact: true })).toHaveValue('cutting');
  await expect(page.getByLabel('Pollination', { exact: true })).toHaveValue('self');
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('1');
  await expect(page.getByLabel('In Stock', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Organic', { exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Pesticide-free', { exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Price', { exact: true })).toHaveAttribute('step', '0.01');
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveAttribute('min', '1');

  await addListing(page, {
    title,
    variety: 'Yellow Dragon',
    cuttingSize: '12 inch (30cm)',
    price: '18.5',
    quantity: '3',
    imageUrl: '/images/products/yellow-dragon-cutting.svg',
    organic: true,
  });
  await expect(toast(page, 'Your product has been added successfully')).toBeVisible();
  // The form is reset for the next listing, and the seller stays.
  await expect(page).toHaveURL(/\/seller\/add-listing$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('1');
  await expect(page.getByLabel('Variety', { exact: true })).toHaveValue('Sugar Dragon');
  await expect(page.getByLabel('Organic', { exact: true })).not.toBeChecked();

  await openMyListings(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Listings (1)' })).toBeVisible();
  const row = listingRow(page, title);
  await expect(row).toContainText('Yellow Dragon');
  await expect(row).toContainText('In Stock');
  await expect(row).toContainText('Qty: 3');
  await expect(row).toContainText('$18.50');

  let cards = await searchMarketplace(page, title);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(title);
  await expect(cards.first()).toContainText('$18.50');

  // Edit the price.
  await openMyListings(page);
  await listingRow(page, title).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/seller\/add-listing\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Variety', { exact: true })).toHaveValue('Yellow Dragon');
  await expect(page.getByLabel('Cutting Size', { exact: true })).toHaveValue('12 inch');
  await expect(page.getByLabel('Organic', { exact: true })).toBeChecked();
  await page.getByLabel('Price', { exact: true }).fill('21.75');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page, 'Product updated')).toBeVisible();
  await expect(toast(page, 'Your product has been updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/seller\/listings$/);
  await expect(listingRow(page, title)).toContainText('$21.75');

  // The marketplace shows the new price without a reload.
  cards = await searchMarketplace(page, title);
  await expect(cards.first()).toContainText('$21.75');

  // Delete through the dialog: Cancel keeps it, Delete removes it.
  await openMyListings(page);
  const deleteButton = listingRow(page, title).getByRole('button', { name: 'Delete' });
  await deleteButton.click();
  let dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this product?' });
  await expect(dialog).toContainText('This action cannot be undone');
  await expect(dialog).toContainText('permanently delete the product');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(listingRow(page, title)).toHaveCount(1);

  await deleteButton.click();
  dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this product?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Product deleted')).toBeVisible();
  await expect(toast(page, 'Your product has been deleted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(listingRow(page, title)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Your First Product' })).toHaveAttribute(
    'href',
    '/seller/add-listing',
  );

  await searchMarketplace(page, title);
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
});

test('the listing form shows the spec messages on bad input and creates nothing', async ({ page }) => {
  const created: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/products') created.push(r.url());
  });
  await newSellerOnAddPage(page);

  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();
  await expect(page.getByText('Price must be positive')).toBeVisible();
  // Without photos, the image URL is needed (a listing needs a photo or an image URL).
  await expect(page.getByText('Add a photo or an image URL')).toBeVisible();
  // The first invalid field gets focus.
  await expect(page.getByLabel('Title', { exact: true })).toBeFocused();

  await page.getByLabel('Title', { exact: true }).fill('A fine cutting');
  await page.getByLabel('Description', { exact: true }).fill('Rooted in a week.');
  const price = page.getByLabel('Price', { exact: true });
  const quantity = page.getByLabel('Quantity', { exact: true });
  const imageUrl = page.getByLabel('Image URL', { exact: true });
  await price.fill('-5');
  await quantity.fill('0');
  await imageUrl.fill('not a url');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Price must be positive')).toBeVisible();
  await expect(page.getByText('Quantity must be a positive integer')).toBeVisible();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();
  await expect(page.getByText('Title is required')).toHaveCount(0);
  await expectAccessible(page);
  // Each message belongs to its field.
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveAccessibleDescription(/Price must be positive/);
  await expect(quantity).toHaveAccessibleDescription('Quantity must be a positive integer');
  await expect(imageUrl).toHaveAccessibleDescription('Please enter a valid URL');

  await price.fill('12.345');
  await quantity.fill('1.5');
  await imageUrl.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Price can have at most 2 decimal places')).toBeVisible();
  await expect(page.getByText('Quantity must be a positive integer')).toBeVisible();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();

  // Cutting size belongs to cuttings only.
  await expect(page.getByLabel('Cutting Size', { exact: true })).toBeVisible();
  await page.getByLabel('Form', { exact: true }).selectOption({ label: 'Rooted Plant' });
  await expect(page.getByLabel('Cutting Size', { exact: true })).toHaveCount(0);

  expect(created).toEqual([]);

  // The server's own field errors land on their fields too (here a refusal the form cannot know about).
  await page.route('**/api/products', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'That image is not available',
        errors: { imageUrl: 'That image is not available' },
      }),
    }),
  );
  await page.getByLabel('Form', { exact: true }).selectOption({ label: 'Cutting' });
  await price.fill('12.50');
  await quantity.fill('2');
  await imageUrl.fill('https://example.com/cutting.jpg');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(toast(page, 'Failed to add product')).toBeVisible();
  await expect(imageUrl).toHaveAccessibleDescription('That image is not available');
  await expect(imageUrl).toBeFocused();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('A fine cutting');
  await page.unroute('**/api/products');
  created.length = 0;

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/seller\/listings$/);
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  expect(created).toEqual([]);
});

/**
 * A seller signed in on `page` with a Dark Star rooted plant at $34.25 (2 in stock), and a buyer in Miami on a
 * browser context of its own who ordered one; all through the API (the add-listing form is driven above, ordering
 * from the marketplace in cart-checkout.spec.ts). The buyer's context is closed by `done`.
 */
async function soldListing(page: Page, browser: Browser) {
  const origin = appOrigin();
  await signUpByApi(page, uniqueName('grower'), { seller: true });
  const profile = await page.request.put('/api/seller/profile', {
    headers: { origin },
    data: { shipFromState: 'FL', paymentInstructions: PAYMENT_INSTRUCTIONS },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const title = uniqueTitle('Dark Star rooted');
  const id = await listByApi(page.request, origin, {
    title,
    variety: 'Dark Star',
    form: 'rooted',
    shipsAs: 'potted',
    image: 'dark-star-rooted.svg',
    price: 34.25,
    quantity: 2,
  });
  const buyerContext = await browser.newContext();
  const buyer = waitsForAdoption(await buyerContext.newPage());
  const buyerName = uniqueName('buyer');
  await signUpByApi(buyer, buyerName);
  await addAddress(buyer);
  await orderByApi(buyer.request, id);
  return { title, buyer, buyerName, done: () => buyerContext.close() };
}

test('the seller marks an order shipped with a checked tracking number, and the buyer sees it shipped', async ({
  page,
  browser,
}) => {
  const { title, buyer, buyerName, done } = await soldListing(page, browser);
  try {
    // The seller ships it from the dashboard's Orders tab, with the carrier and the tracking number.
    await page.goto('/seller/dashboard');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByRole('button', { name: 'To ship (1)' })).toHaveAttribute('aria-pressed', 'true');
    const shipment = page
      .getByRole('list', { name: 'To ship shipments' })
      .getByRole('article')
      .filter({ hasText: title });
    await expect(shipment.getByRole('heading')).toContainText(`for ${buyerName}`);
    await expect(shipment).toContainText('× 1 at $34.25');
    await expect(shipment).toContainText('To ship');
    // Paid directly: Mark shipped waits until the nursery says the buyer's money reached it.
    await expect(shipment).toContainText("Awaiting the buyer's payment");
    await expect(shipment.getByRole('button', { name: /^Mark shipped/ })).toBeDisabled();
    await shipment.getByRole('button', { name: /^Payment received/ }).click();
    await page
      .getByRole('dialog', { name: /reached you\?$/ })
      .getByRole('button', { name: 'Yes, payment received' })
      .click();
    await expect(toast(page, 'Payment received')).toBeVisible();
    await expect(shipment.getByText('Payment: Paid')).toBeVisible();
    await shipment.getByRole('button', { name: /^Mark shipped/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Ship order #\d+$/ });
    await dialog.getByLabel('Carrier').selectOption('UPS');
    await dialog.getByLabel('Tracking number').fill('9400 1000 0000 0000 0000 00');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog.getByText(/That is not a UPS tracking number/)).toBeVisible();
    await dialog.getByLabel('Carrier').selectOption('USPS');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(toast(page, 'Marked as shipped')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Shipped (1)' }).click();
    const sent = page
      .getByRole('list', { name: 'Shipped shipments' })
      .getByRole('article')
      .filter({ hasText: title });
    await expect(sent).toContainText('USPS 9400100000000000000000');

    await buyer.goto('/orders');
    const order = buyer.getByRole('list', { name: 'Orders' }).getByRole('article').first();
    await expect(order).toContainText(title);
    await expect(order).toContainText('Status: Shipped');
    await order.getByRole('link', { name: /^View order/ }).click();
    await expect(buyer.getByRole('link', { name: /9400100000000000000000/ })).toHaveAttribute(
      'href',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
  } finally {
    await done();
  }
});

test('a sale takes a unit off the stock, and deleting an ordered listing keeps it in the order history', async ({
  page,
  browser,
}) => {
  const { title, buyer, done } = await soldListing(page, browser);
  try {
    await page.goto('/seller/dashboard');
    await openMyListings(page);
    const row = listingRow(page, title);
    await expect(row).toContainText('Qty: 1');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to delete this product?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(toast(page, 'Product deleted')).toBeVisible();
    await expect(
      toast(page, 'Your product has been removed from the marketplace and kept in your order history'),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
    await buyer.goto('/orders');
    await expect(buyer.getByRole('list', { name: 'Orders' }).getByRole('article').first()).toContainText(
      title,
    );
  } finally {
    await done();
  }
});

test('a new seller sees zero stats and empty states; the stats follow the listings', async ({ page }) => {
  await signUpByApi(page, uniqueName('grower'), { seller: true });
  await page.goto('/seller/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();
  for (const [title, note] of [
    ['Total Products', 'products in your inventory'],
    ['In Stock', 'available for purchase'],
    ['Out of Stock', 'need restocking'],
    ['Varieties', 'unique varieties'],
  ] as const) {
    await expect(statCard(page, title)).toContainText(note);
    await expect(statCard(page, title).getByText('0', { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'No listings yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a Product' })).toHaveAttribute(
    'href',
    '/seller/add-listing',
  );
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/seller/listings');
  await expect(page.getByRole('link', { name: 'Manage Inventory' })).toHaveAttribute(
    'href',
    '/seller/listings',
  );
  await expect(page.getByRole('link', { name: 'View Marketplace' })).toHaveAttribute('href', '/marketplace');
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('coming soon');

  // Two listings, one out of stock.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('link', { name: 'Add a Product' }).click();
  const inStock = uniqueTitle('Sugar Dragon seed pack');
  const soldOut = uniqueTitle('Valdivia Roja mature');
  await addListing(page, { title: inStock, form: 'Seeds', price: '6', quantity: '40' });
  await addListing(page, {
    title: soldOut,
    variety: 'Valdivia Roja',
    form: 'Mature Plant',
    price: '120',
    quantity: '1',
    inStock: false,
  });

  await page.getByRole('link', { name: 'Seller Dashboard' }).first().click();
  await expect(statCard(page, 'Total Products').getByText('2', { exact: true })).toBeVisible();
  await expect(statCard(page, 'In Stock').getByText('1', { exact: true })).toBeVisible();
  await expect(statCard(page, 'Out of Stock').getByText('1', { exact: true })).toBeVisible();
  await expect(statCard(page, 'Varieties').getByText('2', { exact: true })).toBeVisible();
  const recent = page.getByRole('list', { name: 'Recent listings' }).getByRole('listitem');
  await expect(recent).toHaveCount(2);
  await expect(recent.first()).toContainText(soldOut);
  await expect(recent.first()).toContainText('Out of Stock');
  await expect(recent.first()).toContainText('$120.00');
  await expect(recent.nth(1)).toContainText('In Stock');
  await expectAccessible(page);

  // Search and stock filter on the listings page.
  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Listings (2)' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Listings' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expectAccessible(page);
  await page.getByLabel('Filter by stock').selectOption({ label: 'Out of Stock' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(soldOut);
  await page.getByLabel('Filter by stock').selectOption({ label: 'All Products' });
  await page.getByLabel('Search listings').fill('VALDIVIA');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Valdivia Roja');
  await page.getByLabel('Search listings').fill('seed PACK');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(inStock);
  await page.getByLabel('Search listings').fill('no such plant');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByLabel('Search listings')).toHaveValue('');
  await expect(rows).toHaveCount(2);

  // An id that is not one of the seller's listings goes to the add page.
  await page.goto('/seller/add-listing?id=999999999');
  await expect(page).toHaveURL(/\/seller\/add-listing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Listing' })).toBeVisible();
});

test('seller pages show Loading... while the session resolves and send buyers and visitors to /login', async ({
  page,
  baseURL,
}) => {
  // A browser that may have a session (the signed_in cookie) asks for it; a slow answer shows Loading....
  await page.context().addCookies([{ name: 'signed_in', value: '1', url: baseURL as string }]);
  // The answer is held until the test has seen Loading..., then let through.
  let answer = () => {};
  const seen = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/auth/me', async (route) => {
    await seen;
    await route.continue();
  });
  await page.goto('/seller/dashboard');
  await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
  answer();
  // A visitor signs in and comes back to the seller page it opened.
  await expect(page).toHaveURL(/\/login\?redirect=\/seller\/dashboard$/);
  await page.unroute('**/api/auth/me');

  await signUpByApi(page, uniqueName('buyer'));
  // A buyer is sent to /login, which sends a signed-in user on to its target (/ by default, docs/product.md#screens).
  for (const path of ['/seller/dashboard', '/seller/listings', '/seller/add-listing']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/(login)?$/);
    await expect(
      page.getByRole('heading', { level: 1, name: /Seller Dashboard|Your Listings|Add New Listing/ }),
    ).toHaveCount(0);
  }
});

test('a signed-out seller returns to the seller page it opened; a new seller is welcomed, not welcomed back', async ({
  page,
  playwright,
  baseURL,
}) => {
  // The nursery's account is made on a context of its own, so this browser is signed out.
  const api = await playwright.request.newContext({ baseURL });
  const name = await sellerByApi(api, new URL(baseURL as string).origin);
  await api.dispose();

  await page.goto('/seller/listings');
  await expect(page).toHaveURL(/\/login\?redirect=\/seller\/listings$/);
  await loginThroughForm(page, name, PASSWORD);
  // The path itself: the sign-in page's own address ends with "redirect=/seller/listings" too, and leaving it
  // before the sign-in answers would leave the browser signed out.
  await expect(page).toHaveURL((url) => url.pathname === '/seller/listings');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Listings' })).toBeVisible();

  await page.goto('/seller/dashboard');
  await expect(page.getByText(`Welcome, ${name}: add your first listing to start selling.`)).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  await listByApi(page.request, appOrigin(), {
    title: `${name}'s first cutting`,
    form: 'cutting',
    shipsAs: 'unrooted-cutting',
    image: 'sugar-dragon-cutting.svg',
  });
  await page.reload();
  await expect(page.getByText(`Welcome back, ${name}.`)).toBeVisible();
});
