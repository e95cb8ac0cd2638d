import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { appOrigin, expect, listByApi, sellerByApi, signUpByApi, test, toast, uniqueName } from './support';

// The per-state shipping rules where buyers and sellers meet them (docs/product.md#shipping-rules).

/** A date `days` from today, as the date input takes it. */
function inDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A Florida seller (on its own API context) with a potted dragon fruit plant. */
async function floridaPottedPlant(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
): Promise<{ id: number; title: string }> {
  const origin = new URL(baseURL as string).origin;
  const seller = await playwright.request.newContext({ baseURL });
  try {
    const name = await sellerByApi(seller, origin, 'FL');
    const title = `Potted Pitaya ${name.slice(-6)}`;
    const id = await listByApi(seller, origin, {
      title,
      form: 'rooted',
      shipsAs: 'potted',
      image: 'physical-graffiti-rooted.svg',
    });
    return { id, title };
  } finally {
    await seller.dispose();
  }
}

async function addAddressByApi(page: Page, data: Record<string, unknown>) {
  const res = await page.request.post('/api/addresses', {
    headers: { origin: appOrigin() },
    data,
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a buyer in California sees a Florida rooted plant refused, the cart says why, and a Florida address lets the order through', async ({
  page,
  playwright,
  baseURL,
}) => {
  const plant = await floridaPottedPlant(playwright, baseURL);

  await signUpByApi(page, uniqueName('ca_buyer'));
  await addAddressByApi(page, {
    name: 'Cal Buyer',
    line1: '1 Rodeo Dr',
    city: 'Beverly Hills',
    state: 'CA',
    zip: '90210',
  });
  await addAddressByApi(page, {
    name: 'Flo Buyer',
    line1: '100 Biscayne Blvd',
    city: 'Miami',
    state: 'FL',
    zip: '33132',
  });

  // The product page says it can't go to the default address's state, why in a grower's words first, and the
  // rule with its source one click away; the notice comes before the button, which says what will happen.
  await page.goto(`/product/${plant.id}`);
  await expect(page.getByRole('heading', { level: 1, name: plant.title })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: "Can't ship to California" });
  await expect(notice).toContainText(
    'California lets in cuttings and plants from Florida only with a nematode quarantine certificate, and this nursery does not have one on file.',
  );
  await expect(notice).toContainText('Delivering to California (90210) (your shipping address)');
  const readTheRule = notice.getByRole('link', { name: 'Read the rule' });
  await expect(readTheRule).toBeHidden();
  await notice.getByText('The rule', { exact: true }).click();
  await expect(notice).toContainText('California nematode quarantine (rooted plants and cuttings from FL)');
  await expect(readTheRule).toHaveAttribute('href', 'https://pi.cdfa.ca.gov/pqm/manual/htm/315.htm');
  const addToCart = page.getByRole('button', { name: "Add to Cart (can't ship to CA)" });
  await expect(addToCart).toBeVisible();
  const [noticeBox, buttonBox] = [await notice.boundingBox(), await addToCart.boundingBox()];
  expect((noticeBox?.y ?? 0) < (buttonBox?.y ?? 0)).toBe(true);

  // The cart explains the line, and checkout to California is refused by the server too.
  await addToCart.click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await page.goto('/cart');
  const line = page
    .getByRole('list', { name: 'Cart items' })
    .getByRole('listitem')
    .filter({ hasText: plant.title });
  // The cart says it as the listing's page does, in a grower's words, with the rule one click away.
  await expect(line).toContainText(
    "Can't ship to CA: California lets in cuttings and plants from Florida only with a nematode quarantine certificate, and this nursery does not have one on file.",
  );
  await expect(line).not.toContainText('California nematode quarantine (');
  await expect(line.getByRole('link', { name: 'Read the rule' })).toHaveAttribute('href', /^https:\/\//);
  // Checkout waits, saying why (the server refuses such a checkout too: test/api/shipping-rules.test.ts).
  await expect(
    page.getByText("An item can't ship to CA: remove it or choose another address to check out."),
  ).toBeVisible();
  // aria-disabled, yet focusable: pressing it says why.
  await page.getByRole('button', { name: 'Checkout' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, "Some items can't ship there")).toBeVisible();

  // Changing to the Florida address re-checks at once: the line may go, and the order goes through.
  const shipTo = page.getByRole('region', { name: 'Ship to' });
  await shipTo.getByRole('button', { name: 'Change the shipping address' }).click();
  await shipTo.getByRole('radio', { name: /100 Biscayne Blvd/ }).click();
  await expect(shipTo).toContainText('Miami, FL 33132');
  await expect(line).not.toContainText("Can't ship");
  await expect(page.getByText(/can't ship to CA: remove/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(toast(page, 'Order placed!')).toBeVisible();

  // The order page shows where it goes.
  await page.goto('/orders');
  await page
    .getByRole('link', { name: /^View order/ })
    .first()
    .click();
  await expect(page.getByText(plant.title)).toBeVisible();
  await expect(page.getByText('100 Biscayne Blvd')).toBeVisible();
  await expect(page.getByText('Miami, FL 33132')).toBeVisible();
});

test('a visitor checks a ZIP code on a product page, remembered on the next page', async ({
  page,
  playwright,
  baseURL,
}) => {
  const plant = await floridaPottedPlant(playwright, baseURL);

  await page.goto(`/product/${plant.id}`);
  const zip = page.getByLabel('Check delivery to your ZIP code');
  await zip.fill('123');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByText('Enter a 5-digit ZIP code')).toBeVisible();
  await zip.fill('00000');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByText('ZIP 00000 is not a known US ZIP code')).toBeVisible();
  await zip.fill('85001');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByText("Can't ship to Arizona", { exact: true })).toBeVisible();
  await expect(
    page.getByText('Arizona does not let rooted plants in from Florida, where fire ants live', {
      exact: false,
    }),
  ).toBeVisible();
  // A visitor's Add to Cart (a link to sign in first) says what will happen too.
  await expect(page.getByRole('link', { name: "Add to Cart (can't ship to AZ)" })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Delivering to Arizona (85001)')).toBeVisible();
  await page.getByRole('button', { name: 'Change ZIP code' }).click();
  await page.getByLabel('Check delivery to your ZIP code').fill('10001');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByText('Ships to NY', { exact: true })).toBeVisible();
});

test('a ZIP code being looked up says so until its place is known', async ({ page, playwright, baseURL }) => {
  const plant = await floridaPottedPlant(playwright, baseURL);
  // The lookup is held until the test has seen the page say it is checking.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/zips/*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/product/${plant.id}`);
  await page.getByLabel('Check delivery to your ZIP code').fill('85001');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checking delivery to 85001…' })).toBeVisible();
  release();
  await expect(page.getByText("Can't ship to Arizona", { exact: true })).toBeVisible();
  await expect(page.getByText('Checking delivery to 85001…')).toHaveCount(0);
});

test('a new seller is asked where its plants ship from, and keeps a profile with certificates and blocked states', async ({
  page,
}) => {
  await signUpByApi(page, uniqueName('new_nursery'), { seller: true });
  await page.goto('/seller/dashboard');
  const notice = page.getByRole('region', { name: 'Choose where your plants ship from' });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Set up shipping' }).click();
  await expect(page).toHaveURL(/\/seller\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping profile' })).toBeVisible();

  // Without a state the form says so; an expired certificate is refused by the server on its field.
  await page.getByRole('button', { name: 'Save shipping profile' }).click();
  await expect(page.getByText('Choose the state your plants ship from')).toBeVisible();
  await page.getByLabel('Ships from').selectOption('FL');
  await page.getByLabel('Nursery licence or registration number (optional)').fill('FL-NUR-48213');
  await page.getByRole('button', { name: 'Add certificate' }).click();
  await page.getByLabel('Certificate', { exact: true }).selectOption('ca-nematode');
  await page.getByLabel('Certificate number').fill('CA-2231');
  await page.getByLabel('Expires on').fill(inDays(-3));
  await page.getByRole('checkbox', { name: 'Hawaii' }).click();
  await page.getByRole('button', { name: 'Save shipping profile' }).click();
  await expect(page.getByText(/^This certificate expired on /)).toBeVisible();
  await page.getByLabel('Expires on').fill(inDays(200));
  await page.getByRole('button', { name: 'Save shipping profile' }).click();
  await expect(toast(page, 'Shipping profile saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Ships from')).toHaveValue('FL');
  await expect(page.getByLabel('Certificate number')).toHaveValue('CA-2231');
  await expect(page.getByRole('checkbox', { name: 'Hawaii' })).toBeChecked();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Choose where your plants ship from' })).toHaveCount(0);
});

for (const width of [390, 1280])
  test(`at ${width} px, a nursery without certificates is told on its dashboard which growers it cannot reach`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const origin = appOrigin();
    await sellerByApi(page.request, origin, 'FL');
    await listByApi(page.request, origin, {
      title: `Uncertified cutting ${width}`,
      form: 'cutting',
      shipsAs: 'unrooted-cutting',
      image: 'physical-graffiti-cutting.svg',
    });
    await page.goto('/seller/dashboard');
    const notice = page.getByRole('region', { name: "Growers your plants can't reach" });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('listitem').filter({ hasText: /^California:/ })).toContainText(
      'Certificate it needs: California nematode quarantine compliance.',
    );
    await expect(notice.getByRole('listitem').filter({ hasText: /^Texas:/ })).toContainText(
      /\d+ search(es)? from growers there in the last 30 days could not show your listing\./,
    );
    await notice.getByRole('link', { name: 'Add a certificate' }).click();
    await expect(page).toHaveURL(/\/seller\/profile$/);
  });

test('without JavaScript, the ZIP check is a plain form: the server remembers the code and the page says where it ships', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const plant = await floridaPottedPlant(playwright, baseURL);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`/product/${plant.id}`);
    await page.getByLabel('Check delivery to your ZIP code').fill('85001');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${plant.id}$`));
    await expect(page.getByText("Can't ship to Arizona", { exact: true })).toBeVisible();
    await expect(page.getByText('Delivering to Arizona (85001)')).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'ship_zip')?.value).toBe('85001');
    // The form's redirect stays on this site, whatever the address it was sent from.
    const sent = await fetch(`${new URL(baseURL as string).origin}//evil.example/x?zip=10001`, {
      redirect: 'manual',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/');
  } finally {
    await context.close();
  }
});

for (const width of [390, 1280])
  test(`at ${width} px, a nursery sets its ship days and a holiday, and its storefront says them`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const name = await sellerByApi(page.request, appOrigin(), 'FL');
    await page.goto('/seller/profile');
    const when = page.getByRole('region', { name: 'When you ship' });
    await expect(when.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await when.getByRole('checkbox', { name: 'Tuesday' }).click();
    await when.getByRole('checkbox', { name: 'Wednesday' }).click();
    await when.getByRole('checkbox', { name: 'Thursday' }).click();
    // A holiday that ended yesterday is refused on its field.
    await when.getByLabel('Away until (optional)').fill(inDays(-1));
    await page.getByRole('button', { name: 'Save shipping profile' }).click();
    await expect(
      when.getByText(/^The holiday's last day, .+, has passed: enter today or a later day$/),
    ).toBeVisible();
    const until = inDays(20);
    await when.getByLabel('Away until (optional)').fill(until);
    await when
      .getByRole('checkbox', { name: 'Take orders while away (they ship after the holiday)' })
      .click();
    await page.getByRole('button', { name: 'Save shipping profile' }).click();
    await expect(toast(page, 'Shipping profile saved')).toBeVisible();

    await page.goto(`/sellers/${name}`);
    const policy = page.getByRole('region', { name: 'Shipping policy' });
    await expect(policy.getByText('Monday and Thursday', { exact: true })).toBeVisible();
    const day = new Date(`${until}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    await expect(
      policy.getByText(`Away until ${day} and not taking orders until then`, { exact: true }),
    ).toBeVisible();
  });

for (const width of [390, 1280])
  test(`at ${width} px, a grower's ZIP code says how the plant fits its hardiness zone`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const plant = await floridaPottedPlant(playwright, baseURL);
    await page.goto(`/product/${plant.id}`);
    await page.getByLabel('Check delivery to your ZIP code').fill('10001');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByText('Zone 7b (New York, NY):', { exact: true })).toBeVisible();
    await expect(page.getByText('Container or greenhouse in zone 7b', { exact: true })).toBeVisible();
    // Rendered by the server with the page: the ZIP code is remembered in its cookie.
    await page.reload();
    await expect(page.getByText('Container or greenhouse in zone 7b', { exact: true })).toBeVisible();
    // The marketplace's cards say it too, for the same ZIP code, rendered with the page.
    await page.goto(`/marketplace?search=${encodeURIComponent(plant.title)}&shipsTo=any`);
    const card = page
      .getByRole('list', { name: 'Products' })
      .getByRole('article')
      .filter({ hasText: plant.title });
    await expect(card.getByText('Container or greenhouse in zone 7b', { exact: true })).toBeVisible();
    await page.goto(`/product/${plant.id}`);
    await page.getByRole('button', { name: 'Change ZIP code' }).click();
    await page.getByLabel('Check delivery to your ZIP code').fill('33130');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByText('Zone 11a (Miami, FL):', { exact: true })).toBeVisible();
    await expect(page.getByText('Grows outdoors in your zone', { exact: true })).toBeVisible();
    await page.goto(`/marketplace?search=${encodeURIComponent(plant.title)}&shipsTo=any`);
    await expect(
      page
        .getByRole('list', { name: 'Products' })
        .getByRole('article')
        .filter({ hasText: plant.title })
        .getByText('Grows outdoors in your zone', { exact: true }),
    ).toBeVisible();
    await page.goto(`/product/${plant.id}`);
    // A Miami ZIP code the zone table lacks: said so, no zone guessed.
    await page.getByRole('button', { name: 'Change ZIP code' }).click();
    await page.getByLabel('Check delivery to your ZIP code').fill('33101');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByText('No hardiness zone is known for ZIP 33101', { exact: true })).toBeVisible();
  });

for (const width of [390, 1280])
  test(`at ${width} px, a nursery sets its shipping rates, and its storefront, listing and a buyer's cart charge them`, async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const nursery = await sellerByApi(page.request, appOrigin(), 'FL');
    await page.goto('/seller/profile');
    const rates = page.getByRole('region', { name: 'Shipping rates' });
    const cuttings = rates.getByRole('group', { name: 'Unrooted cuttings' });
    await expect(cuttings.getByLabel('First item')).toHaveValue('12.99');
    await expect(cuttings.getByLabel('Each additional')).toHaveValue('0.00');
    // Three decimals are refused on the field, in the words of the API.
    await cuttings.getByLabel('First item').fill('6.505');
    await page.getByRole('button', { name: 'Save shipping profile' }).click();
    await expect(
      cuttings.getByText(
        'Unrooted cuttings: first item must be an amount in dollars from 0 to 1000, with at most two decimals (e.g. 12.99)',
      ),
    ).toBeVisible();
    await cuttings.getByLabel('First item').fill('6.50');
    await cuttings.getByLabel('Each additional').fill('1.25');
    await rates.getByLabel('Free shipping over (optional)').fill('100');
    await rates.getByLabel('Freight for potted plants taller than, in inches (optional)').fill('48');
    await page.getByRole('button', { name: 'Save shipping profile' }).click();
    await expect(toast(page, 'Shipping profile saved')).toBeVisible();
    const tall = await listByApi(page.request, appOrigin(), {
      title: `Tall plant ${nursery.slice(-6)}`,
      form: 'mature',
      shipsAs: 'potted',
      image: 'physical-graffiti-mature.svg',
      price: 219.99,
      lengthInches: 60,
    });
    const cutting = await listByApi(page.request, appOrigin(), {
      title: `Rated cutting ${nursery.slice(-6)}`,
      form: 'cutting',
      shipsAs: 'unrooted-cutting',
      image: 'physical-graffiti-cutting.svg',
      price: 15,
    });

    await page.goto(`/sellers/${nursery}`);
    const policy = page.getByRole('region', { name: 'Shipping policy' });
    await expect(
      policy.getByText('Unrooted cuttings: $6.50 for the first, $1.25 for each more', { exact: true }),
    ).toBeVisible();
    await expect(
      policy.getByText('Potted plants: $12.99 a shipment, however many', { exact: true }),
    ).toBeVisible();
    await expect(
      policy.getByText('Free shipping on $100.00 or more of its plants', { exact: true }),
    ).toBeVisible();

    // A buyer of two of its cuttings and a potted plant of a nursery at a new nursery's rates.
    const other = await floridaPottedPlant(playwright, baseURL);
    const buyer = await browser.newPage({ viewport: { width, height: 900 } });
    try {
      await signUpByApi(buyer, uniqueName('buyer'));
      // Too tall for a parcel: listed, bought by contacting the nursery.
      await buyer.goto(`/product/${tall}`);
      await expect(buyer.getByRole('button', { name: 'Freight: contact the nursery' })).toBeDisabled();
      await expect(
        buyer.getByText('This plant is too tall to ship as a parcel', { exact: false }),
      ).toBeVisible();
      await buyer.goto(`/product/${cutting}`);
      await expect(
        buyer.getByText('Shipping: $6.50 for the first, $1.25 for each more', { exact: false }),
      ).toBeVisible();
      for (const [productId, quantity] of [
        [cutting, 2],
        [other.id, 1],
      ] as const) {
        const added = await buyer.request.post('/api/cart', {
          headers: { origin: appOrigin() },
          data: { productId, quantity },
        });
        expect(added.status(), await added.text()).toBe(201);
      }
      await buyer.goto('/cart');
      const summary = buyer.getByRole('region', { name: 'Order Summary' });
      const amount = (label: string) =>
        summary
          .locator('dl > div')
          .filter({ has: buyer.getByText(label, { exact: true }) })
          .locator('dd');
      // $6.50 + $1.25 for the cuttings, $12.99 for the other nursery's plant.
      await expect(amount('Shipping')).toHaveText('$20.74');
      await expect(amount(`From ${nursery}`)).toHaveText('$7.75');
      await expect(amount('Subtotal')).toHaveText('$54.00');
      await expect(amount('Total')).toHaveText('$74.74');
    } finally {
      await buyer.close();
    }
  });

for (const width of [390, 1280])
  test(`at ${width} px, a New York grower's cart in January says the cold holds a live plant, and Miami's when it arrives`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // The browser's today: Thursday, January 7, 2027, noon in New York.
    await page.clock.setFixedTime(new Date('2027-01-07T17:00:00Z'));
    const plant = await floridaPottedPlant(playwright, baseURL);
    await signUpByApi(page, uniqueName('grower'));
    await addAddressByApi(page, {
      name: 'NY Grower',
      line1: '350 5th Ave',
      city: 'New York',
      state: 'NY',
      zip: '10001',
    });
    const added = await page.request.post('/api/cart', {
      headers: { origin: appOrigin() },
      data: { productId: plant.id, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto('/cart');
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await expect(delivery.getByText('Zone 7b (New York, NY)', { exact: true })).toBeVisible();
    await expect(
      delivery.getByText(/^Held until about (March|April) \d+ for cold in zone 7b$/),
    ).toBeVisible();
    await expect(delivery.getByText(/^Ships (March|April) \d+, arrives about /)).toBeVisible();

    // Shipped to Miami instead, it leaves on Monday the 11th.
    await addAddressByApi(page, {
      name: 'FL Grower',
      line1: '100 Biscayne Blvd',
      city: 'Miami',
      state: 'FL',
      zip: '33132',
    });
    await page.reload();
    const shipTo = page.getByRole('region', { name: 'Ship to' });
    await shipTo.getByRole('button', { name: 'Change the shipping address' }).click();
    // Choosing one closes the list, so it is clicked (a check would wait for the radio it took away).
    await shipTo.getByRole('radio', { name: /FL Grower/ }).click();
    await expect(
      delivery.getByText('Ships Monday, arrives about Tuesday to Wednesday', { exact: true }),
    ).toBeVisible();
    await expect(delivery.getByText(/^Held until/)).toHaveCount(0);
    await expect(delivery.getByText('Zone 11a (Miami, FL)', { exact: true })).toBeVisible();
  });
