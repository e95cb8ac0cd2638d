import { expect, type Page } from '@playwright/test';

/** A username no other test (or run) uses, within the 32-character limit. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export const PASSWORD = 'correct horse battery';

/** A toast's title or description. Radix repeats toast text in a hidden live region, so match exactly. */
export function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

export async function registerThroughForm(
  page: Page,
  username: string,
  { seller = false } = {},
): Promise<void> {
  await page.goto(seller ? '/register?seller=true' : '/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function loginThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function logoutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
}
