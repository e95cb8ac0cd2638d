import type { APIRequestContext } from '@playwright/test';
import { expect, listByApi, sellerByApi, signUpByApi, test, uniqueName } from './support';

// The marketplace's "Ships to <state>" filter (docs/product.md#marketplace): on by default once the buyer's state is
// known, it hides what can't ship there; unchecking it shows everything and says so with a chip.

/** A Florida seller (through the API) with a potted plant and a packet of seeds, both titled with `word`. */
async function floridaSeller(request: APIRequestContext, origin: string, word: string) {
  await sellerByApi(request, origin, 'FL');
  const potted = `Potted ${word}`;
  const seeds = `Seeds ${word}`;
  await listByApi(request, origin, {
    title: potted,
    form: 'rooted',
    shipsAs: 'potted',
    image: 'physical-graffiti-rooted.svg',
  });
  await listByApi(request, origin, {
    title: seeds,
    form: 'seed',
    shipsAs: 'seeds',
    image: 'physical-graffiti-seed.svg',
  });
  return { potted, seeds };
}

test('a buyer with a California address sees the marketplace without a Florida potted plant, unchecks the filter and sees it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = new URL(baseURL as string).origin;
  const word = `shipsto${Date.now().toString(36)}`;
  const seller = await playwright.request.newContext({ baseURL });
  const { potted, seeds } = await floridaSeller(seller, origin, word);
  await seller.dispose();

  await signUpByApi(page, uniqueName('ca_shopper'));
  const added = await page.request.post('/api/addresses', {
    headers: { origin },
    data: { name: 'Cal Shopper', line1: '1 Rodeo Dr', city: 'Beverly Hills', state: 'CA', zip: '90210' },
  });
  expect(added.status(), await added.text()).toBe(201);

  // The filter is on: the seeds may go to California, the potted plant (nematode quarantine) may not. The page,
  // rendered on the server with the buyer's address, is adopted without a hydration warning.
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/hydrat/i.test(m.text())) warnings.push(m.text());
  });
  await page.goto(`/marketplace?search=${word}`);
  const filters = page.getByRole('form', { name: 'Filters' });
  const shipsTo = filters.getByRole('checkbox', { name: 'Ships to California' });
  await expect(shipsTo).toBeChecked();
  const results = page.getByRole('list', { name: 'Products' });
  await expect(results.getByRole('heading', { name: seeds })).toBeVisible();
  await expect(results.getByRole('heading', { name: potted })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /results?$/ })).toHaveText('1 result');
  // Where the results are, what the filter hid.
  await expect(
    page.getByText(
      "Showing the 1 listing that can ship to California · 1 can't (a state rule or the nursery's choice) · Show all",
    ),
  ).toBeVisible();
  expect(warnings).toEqual([]);

  // Unchecked and applied: the URL records it, a chip says so, and the potted plant shows.
  await shipsTo.uncheck();
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/[?&]shipsTo=any(&|$)/);
  await expect(results.getByRole('heading', { name: potted })).toBeVisible();
  await expect(results.getByRole('heading', { name: seeds })).toBeVisible();
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips).toContainText("Including what can't ship to CA");

  // A reload keeps it off; removing the chip turns the filter back on.
  await page.reload();
  await expect(filters.getByRole('checkbox', { name: 'Ships to California' })).not.toBeChecked();
  await expect(results.getByRole('heading', { name: potted })).toBeVisible();
  await chips.getByRole('button', { name: "Remove filter: Including what can't ship to CA" }).click();
  await expect(page).not.toHaveURL(/shipsTo/);
  await expect(filters.getByRole('checkbox', { name: 'Ships to California' })).toBeChecked();
  await expect(results.getByRole('heading', { name: potted })).toHaveCount(0);
  await expect(results.getByRole('heading', { name: seeds })).toBeVisible();
});

test('a visitor without a state has no ships-to filter', async ({ page }) => {
  await page.goto('/marketplace');
  const filters = page.getByRole('form', { name: 'Filters' });
  await expect(filters.getByRole('checkbox', { name: 'In stock only' })).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: /^Ships to / })).toHaveCount(0);
});

for (const width of [390, 1280])
  test(`at ${width} px, a California buyer whose search only the rules empty is told so, shows all, and sees the card marked`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const origin = new URL(baseURL as string).origin;
    // Random letters: a word no other test's listing resembles (the search tolerates typos).
    const word = Array.from({ length: 12 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const seller = await playwright.request.newContext({ baseURL });
    await sellerByApi(seller, origin, 'FL');
    const potted = `Potted ${word}`;
    await listByApi(seller, origin, {
      title: potted,
      form: 'rooted',
      shipsAs: 'potted',
      image: 'physical-graffiti-rooted.svg',
    });
    await seller.dispose();
    await signUpByApi(page, uniqueName('ca_grower'));
    const added = await page.request.post('/api/addresses', {
      headers: { origin },
      data: { name: 'Davis Grower', line1: '1 Shields Ave', city: 'Davis', state: 'CA', zip: '95616' },
    });
    expect(added.status(), await added.text()).toBe(201);

    await page.goto(`/marketplace?search=${word}`);
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(
      page.getByText(
        "None of the listings that match can ship to California: 1 can't (a state rule or the nursery's choice).",
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        "None of these listings can ship to California · 1 can't (a state rule or the nursery's choice) · Show all",
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Show all' }).first().click();
    await expect(page).toHaveURL(/[?&]shipsTo=any(&|$)/);
    const card = page
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .filter({ hasText: potted });
    await expect(card).toContainText("Can't ship to CA");
  });
