import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, signUpByApi, test, toast, uniqueName } from './support';

/** The address card of this street line (its accessible name starts with the name and the street). */
function card(page: Page, street: string) {
  return page
    .getByRole('list', { name: 'Your addresses' })
    .getByRole('article', { name: new RegExp(street) });
}

test('a buyer keeps an address book: the city comes from the ZIP code, a ZIP of another state is refused, and the default moves', async ({
  page,
}) => {
  await signUpByApi(page, uniqueName('addr'));
  await page.goto('/marketplace');

  // From the account menu.
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No addresses yet' })).toBeVisible();

  // A first address: the city and the state are filled from the ZIP code.
  await page.getByRole('button', { name: 'Add address' }).click();
  const form = page.getByRole('region', { name: 'New address' });
  await expect(form.getByLabel('Full name')).toBeFocused();
  await form.getByLabel('Full name').fill('Ana Pérez');
  await form.getByLabel('Street address').fill('100 Biscayne Blvd');
  await form.getByLabel('ZIP code').fill('33101');
  await expect(form.getByLabel('City')).toHaveValue('Miami');
  await expect(form.getByLabel('State')).toHaveValue('FL');
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(toast(page, 'Address added')).toBeVisible();
  const first = card(page, '100 Biscayne Blvd');
  await expect(first).toContainText('Miami, FL 33101');
  await expect(first.getByText('Default', { exact: true })).toBeVisible();

  // Editing it: a ZIP code of another state is flagged at once, and refused by the server on the field.
  await first.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('region', { name: 'Edit address' });
  await edit.getByLabel('ZIP code').fill('90210');
  await expect(edit.getByText('ZIP 90210 is in CA, not FL')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Use Beverly Hills' })).toBeVisible();
  await edit.getByRole('button', { name: 'Save address' }).click();
  // The server's answer lands on the ZIP field (and the form's own warning stays).
  await expect(edit.getByText('ZIP 90210 is in CA, not FL')).toHaveCount(2);
  await expect(edit.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');

  // A ZIP code of the right state, and its city offered in place of the one typed.
  await edit.getByLabel('ZIP code').fill('32801');
  await expect(edit.getByText('ZIP 90210 is in CA, not FL')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Use Orlando' }).click();
  await expect(edit.getByLabel('City')).toHaveValue('Orlando');
  await edit.getByLabel('Street address').fill('200 Orange Ave');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(toast(page, 'Address saved')).toBeVisible();
  const edited = card(page, '200 Orange Ave');
  await expect(edited).toContainText('Orlando, FL 32801');
  await expect(edited.getByText('Default', { exact: true })).toBeVisible();

  // A second address, in the District of Columbia; then it is made the default.
  await page.getByRole('button', { name: 'Add address' }).click();
  const second = page.getByRole('region', { name: 'New address' });
  await second.getByLabel('Full name').fill('Bo Chen');
  await second.getByLabel('Street address').fill('1600 Pennsylvania Ave NW');
  await second.getByLabel('ZIP code').fill('20500');
  await expect(second.getByLabel('City')).toHaveValue('Washington');
  await expect(second.getByLabel('State')).toHaveValue('DC');
  await second.getByRole('button', { name: 'Add address' }).click();
  await expect(toast(page, 'Address added')).toBeVisible();
  const dc = card(page, '1600 Pennsylvania Ave NW');
  await expect(dc.getByText('Default', { exact: true })).toHaveCount(0);

  const violations = await axeViolations(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await dc.getByRole('button', { name: /^Make default/ }).click();
  await expect(toast(page, 'Default address changed')).toBeVisible();
  await expect(dc.getByText('Default', { exact: true })).toBeVisible();
  await expect(edited.getByText('Default', { exact: true })).toHaveCount(0);

  // The default comes first, also after a reload.
  await page.reload();
  const cards = page.getByRole('list', { name: 'Your addresses' }).getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('1600 Pennsylvania Ave NW');

  // Deleting asks first.
  await edited.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this address?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Address deleted')).toBeVisible();
  await expect(cards).toHaveCount(1);
});
