import { expect, test } from './support';

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('the chosen theme survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/light/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
});

test('an older dragonfruit-theme setting is adopted', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.removeItem('ui-theme');
    localStorage.setItem('dragonfruit-theme', 'dark');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('dark');
});

test('the header search leads to the marketplace with the term', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('searchbox').first();
  await search.fill('sugar dragon');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\?search=sugar(\+|%20)dragon/);
});

test('a new header search starts from the term alone, keeping only where the plants go', async ({ page }) => {
  await page.goto('/marketplace?search=physical&form=seed&organic=true&minPrice=40&shipsTo=TX&page=2');
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Organic');
  const search = page.getByRole('searchbox').first();
  await search.fill('sugar dragon');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\?search=sugar(\+|%20)dragon&shipsTo=TX$/);
  await expect(page.getByRole('list', { name: 'Active filters' })).not.toContainText('Organic');
  await expect(page.getByRole('status').filter({ hasText: /results?$/ })).not.toHaveText('0 results');
});

test('the mobile menu offers the main links at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Marketplace' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Blog' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Login' })).toBeVisible();
});
