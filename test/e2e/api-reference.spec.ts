import { expect, test } from './support';

// The API reference page (docs/architecture.md#api-reference). It is not the app, so it gets a page of its own rather
// than the `page` that waits for the app to adopt it.
test('the API reference page lists the areas and shows an operation and its answers, with nothing refused', async ({
  browser,
  baseURL,
}) => {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(`${baseURL}/api/docs`);
  // Swagger UI is a large script of its own: on a busy 2-core machine it takes a while to draw the page.
  await expect(page.getByRole('heading', { name: /Dragon Fruit Marketplace API/ })).toBeVisible({
    timeout: 60_000,
  });
  for (const area of ['catalog', 'cart', 'orders', 'shipping'])
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${area}\\b`) })).toBeVisible();
  // An operation's button names its method, its path and its summary.
  await page.getByRole('button', { name: /^GET \/api\/products\/\{id\}\W+One listing/ }).click();
  await expect(page.getByRole('heading', { name: 'Responses' }).first()).toBeVisible();
  await expect(page.getByText('Not found, or not yours').first()).toBeVisible();
  expect(problems).toEqual([]);
  await page.close();
});
