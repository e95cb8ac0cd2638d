import {
  expect,
  loginThroughForm,
  logoutThroughMenu,
  PASSWORD,
  registerThroughForm,
  signUpByApi,
  test,
  toast,
  uniqueName,
} from './support';

test('a new seller registers, lands on the seller dashboard, logs out and lands on /', async ({ page }) => {
  const username = uniqueName('grower');
  await page.goto('/register?seller=true');
  await expect(page.getByRole('tab', { name: 'Seller Account' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Bio (optional)')).toBeVisible();
  await page.getByLabel('Location (optional)').fill('Homestead, Florida');
  await registerThroughForm(page, username, { seller: true });

  await expect(page).toHaveURL(/\/seller\/dashboard$/);
  await expect(toast(page, 'Registration successful')).toBeVisible();
  await expect(toast(page, `Welcome, ${username}!`)).toBeVisible();
  const avatar = page.getByRole('button', { name: 'My account' });
  await expect(avatar).toHaveText(username[0]?.toUpperCase() ?? 'U');

  await avatar.click();
  await expect(page.getByRole('menu')).toContainText('My Account');
  await expect(page.getByRole('menuitem', { name: 'Seller Dashboard' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My Listings' })).toBeVisible();
  await page.keyboard.press('Escape');

  await logoutThroughMenu(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a buyer registers and lands on the marketplace, with no seller links', async ({ page }) => {
  const username = uniqueName('buyer');
  await registerThroughForm(page, username);
  await expect(page).toHaveURL(/\/marketplace$/);
  await page.getByRole('button', { name: 'My account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Seller Dashboard' })).toHaveCount(0);
});

test('the register form shows each validation message', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a taken username is reported on its field', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill('demo_buyer');
  await page.getByLabel('Email').fill(`${uniqueName('x')}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Registration failed')).toBeVisible();
  await expect(page.getByText('Username is already taken').first()).toBeVisible();
});

test('the demo buyer signs in from /login?redirect=/cart and lands on /cart', async ({ page }) => {
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcart|\/login\?redirect=\/cart/);
  await expect(page.getByText('demo_buyer')).toBeVisible();
  await loginThroughForm(page, 'demo_buyer', 'demobuyer123');
  // The path: the sign-in page's own address ends with "redirect=/cart" too.
  await expect(page).toHaveURL((url) => url.pathname === '/cart');
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(toast(page, 'Welcome back, demo_buyer!')).toBeVisible();
});

test('login needs both fields and reports wrong credentials', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter both username and password')).toBeVisible();
  await loginThroughForm(page, 'demo_buyer', 'wrong password');
  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(toast(page, 'Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in user opening /login or /register is sent on', async ({ page }) => {
  await signUpByApi(page, uniqueName('buyer'));
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login?redirect=/cart');
  await expect(page).toHaveURL((url) => url.pathname === '/cart');
  // An outside redirect target is never followed.
  await page.goto('/login?redirect=//evil.example/');
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});

test('seller pages send a buyer to /login', async ({ page }) => {
  await signUpByApi(page, uniqueName('buyer'));
  await page.goto('/seller/dashboard');
  // /login sends a signed-in user on to its target, / by default (docs/product.md#screens): the buyer may be seen
  // on /login for a moment, and ends on /, never on the dashboard.
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toHaveCount(0);
});
