import type { Locator, Page } from '@playwright/test';
import {
  addAddress,
  expect,
  PASSWORD,
  PAYMENT_INSTRUCTIONS,
  signUpByApi,
  test,
  toast,
  uniqueName,
} from './support';

interface Picked {
  title: string;
  /** Unit price in cents, as the card shows it. */
  cents: number;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => usd.format(cents / 100);
/** A new nursery's shipping a shipment (its default rates; the demo's nurseries keep them). */
const SHIPPING_CENTS = 1299;

/**
 * What the cart's shipping must be: $12.99 for each nursery in it (every nursery here keeps a new nursery's rates),
 * as the cart's answer names them. The cheapest listings may be of one nursery or of two.
 */
async function expectedShipping(page: Page): Promise<{ cents: number; nurseries: string[] }> {
  const lines = (await (await page.request.get('/api/cart')).json()) as Array<{
    product: { seller: { id: number; name: string } };
  }>;
  const nurseries = [...new Map(lines.map((l) => [l.product.seller.id, l.product.seller.name])).values()];
  return { cents: SHIPPING_CENTS * nurseries.length, nurseries };
}

/**
 * Adds the first `count` listings of /marketplace (cheapest first: they are the well-stocked ones, and the
 * order does not move as other tests buy) and returns what the cards showed.
 */
async function addFromMarketplace(page: Page, count: number): Promise<Picked[]> {
  await page.goto('/marketplace?sort=price-low-high');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  const picked: Picked[] = [];
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const title = await card.getByRole('heading').innerText();
    const price = await card.locator('p', { hasText: /^\$[\d,]+\.\d\d$/ }).innerText();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(toast(page, `${title} was added to your cart`)).toBeVisible();
    picked.push({ title, cents: Math.round(Number(price.replace(/[$,]/g, '')) * 100) });
  }
  await expect(page.getByTestId('cart-count')).toHaveText(String(count));
  return picked;
}

/** The amount shown next to a label (Subtotal, Shipping, Total) in a totals list. */
function amount(scope: Locator, label: string): Locator {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
}

function quantityOf(scope: Locator, title: string): Locator {
  return scope.getByRole('group', { name: `Quantity of ${title}` });
}

async function openCartPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Cart', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(panel).toBeVisible();
  return panel;
}

test('a buyer fills the cart from the marketplace, checks out in the panel and finds the order', async ({
  page,
}) => {
  await signUpByApi(page, uniqueName('buyer'));
  const [first, second] = await addFromMarketplace(page, 2);
  if (!first || !second) throw new Error('two products were expected');

  const panel = await openCartPanel(page);
  await expect(panel.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('button', { name: `Decrease quantity of ${first.title}` })).toBeDisabled();
  await panel.getByRole('button', { name: `Increase quantity of ${first.title}` }).click();
  await expect(quantityOf(panel, first.title)).toContainText('2');
  await expect(panel.getByRole('button', { name: `Decrease quantity of ${first.title}` })).toBeEnabled();

  const subtotal = first.cents * 2 + second.cents;
  const shipping = await expectedShipping(page);
  await expect(amount(panel, 'Subtotal')).toHaveText(money(subtotal));
  await expect(amount(panel, 'Shipping')).toHaveText(money(shipping.cents));
  // With two nurseries, each one's shipment is listed under the sum.
  for (const name of shipping.nurseries.length > 1 ? shipping.nurseries : [])
    await expect(amount(panel, `From ${name}`)).toHaveText(money(SHIPPING_CENTS));
  await expect(amount(panel, 'Total')).toHaveText(money(subtotal + shipping.cents));
  await expect(panel.getByRole('link', { name: 'View cart' })).toBeVisible();

  // There are no promotions: Apply says so honestly.
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText('Please enter a promo code')).toBeVisible();
  await panel.getByLabel('Promo code').fill('DRAGON10');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText('This promo code is not valid')).toBeVisible();
  await expect(amount(panel, 'Total')).toHaveText(money(subtotal + shipping.cents));

  // No address yet: the panel asks for one above Checkout; the city comes from the ZIP code.
  const shipTo = panel.getByRole('region', { name: 'Ship to' });
  await expect(shipTo.getByText('Add a shipping address to check out.')).toBeVisible();
  await shipTo.getByLabel('Full name').fill('Ana Pérez');
  await shipTo.getByLabel('Street address').fill('100 Biscayne Blvd');
  await shipTo.getByLabel('ZIP code').fill('33132');
  await expect(shipTo.getByLabel('City')).toHaveValue('Miami');
  await shipTo.getByRole('button', { name: 'Add address' }).click();
  await expect(shipTo).toContainText('Miami, FL 33132');
  await expect(shipTo.getByRole('button', { name: 'Change the shipping address' })).toBeVisible();

  await panel.getByRole('button', { name: 'Checkout' }).click();
  await expect(toast(page, 'Order placed!')).toBeVisible();
  await expect(toast(page, /^Your order #\d+ has been placed successfully$/)).toBeVisible();
  const placedId = /#(\d+)/.exec((await toast(page, /^Your order #\d+/).textContent()) ?? '')?.[1];
  // The order's own page is the confirmation.
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/orders/${placedId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${placedId}` })).toBeVisible();
  await expect(page.getByText('Payment status: Awaiting payment')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // The empty panel offers nothing to check out: no Checkout, no promo field taking the focus; Escape closes it.
  const emptyPanel = await openCartPanel(page);
  await expect(emptyPanel.getByText('Your cart is empty')).toBeVisible();
  await expect(emptyPanel.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
  await expect(emptyPanel.getByLabel('Promo code')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(emptyPanel).toBeHidden();

  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('article').first();
  await expect(order).toContainText(first.title);
  await expect(order).toContainText(second.title);
  await expect(order).toContainText('Pending');
  await expect(order).toContainText(`Qty 2 × ${money(first.cents)}`);
  await expect(amount(order, 'Total')).toHaveText(money(subtotal + shipping.cents));
  await expect(page.getByRole('link', { name: /^View order/ })).toHaveCount(1);
});

test('the cart page changes quantities, removes a line and clears the cart', async ({ page }) => {
  await signUpByApi(page, uniqueName('buyer'));
  const [first, second] = await addFromMarketplace(page, 2);
  if (!first || !second) throw new Error('two products were expected');

  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  const main = page.getByRole('main');
  const lines = main.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(main.getByRole('link', { name: first.title })).toHaveAttribute('href', /^\/product\/\d+$/);

  const decrease = main.getByRole('button', { name: `Decrease quantity of ${first.title}` });
  const increase = main.getByRole('button', { name: `Increase quantity of ${first.title}` });
  await expect(decrease).toBeDisabled();
  await increase.click();
  await increase.click();
  await expect(quantityOf(main, first.title)).toContainText('3');
  await expect(amount(main, 'Subtotal')).toHaveText(money(first.cents * 3 + second.cents));
  await decrease.click();
  await expect(quantityOf(main, first.title)).toContainText('2');
  await decrease.click();
  await expect(quantityOf(main, first.title)).toContainText('1');
  await expect(decrease).toBeDisabled();
  // The server kept the last change.
  await page.reload();
  await expect(quantityOf(main, first.title)).toContainText('1');
  const shipping = await expectedShipping(page);
  await expect(amount(main, 'Total')).toHaveText(money(first.cents + second.cents + shipping.cents));

  await main.getByRole('button', { name: `Remove ${first.title}` }).click();
  await expect(toast(page, 'Item removed')).toBeVisible();
  await expect(toast(page, 'Item has been removed from your cart')).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(amount(main, 'Total')).toHaveText(money(second.cents + SHIPPING_CENTS));

  await main.getByRole('button', { name: 'Clear cart' }).click();
  await expect(main.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await page.reload();
  await expect(main.getByText('Your cart is empty')).toBeVisible();
  await main.getByRole('link', { name: 'Browse the marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
});

test('a pending order is cancelled from its page', async ({ page }) => {
  await signUpByApi(page, uniqueName('buyer'));
  await addAddress(page);
  const [item] = await addFromMarketplace(page, 1);
  if (!item) throw new Error('a product was expected');

  await page.goto('/cart');
  await page.getByRole('main').getByRole('button', { name: 'Checkout' }).click();
  await expect(toast(page, 'Order placed!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/\d+$/);

  await page.goto('/orders');
  await page.getByRole('link', { name: /^View order/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(item.title);
  await expect(page.getByRole('main')).toContainText('Pending');
  await expect(amount(page.getByRole('main'), 'Total')).toHaveText(money(item.cents + SHIPPING_CENTS));

  // Keeping the order closes the dialog and changes nothing.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main')).toContainText('Pending');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main')).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await page.getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('article').first()).toContainText(
    'Cancelled',
  );
});

test('orders need sign-in, and an unknown or non-numeric order is not found', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login\?redirect=\/orders$/);

  await signUpByApi(page, uniqueName('buyer'));
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'You have no orders yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the marketplace' })).toHaveAttribute(
    'href',
    '/marketplace',
  );

  // No request for an order that is not a number: any the first page made would have been seen before the
  // second page's own request for /api/orders/999999999 was answered.
  const orderRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/orders\/(?!999999999)/.test(r.url())) orderRequests.push(r.url());
  });
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/orders/999999999'));
  await page.goto('/orders/not-a-number');
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();

  await page.goto('/orders/999999999');
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await asked;
  expect(orderRequests).toEqual([]);
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

test('a price the seller changes while the listing is in the cart is shown, and must be accepted before checkout', async ({
  page,
  playwright,
  baseURL,
}) => {
  const headers = { origin: new URL(baseURL as string).origin };
  const seller = await playwright.request.newContext({ baseURL });
  try {
    const sellerName = uniqueName('seller');
    const registered = await seller.post('/api/auth/register', {
      headers,
      data: { username: sellerName, email: `${sellerName}@example.com`, password: PASSWORD, isSeller: true },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const profile = await seller.put('/api/seller/profile', {
      headers,
      data: { shipFromState: 'FL', paymentInstructions: PAYMENT_INSTRUCTIONS },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const listing = {
      title: `Repriced Sugar Dragon ${uniqueName('lot').replace('_', '')}`,
      description: 'A cutting whose seller changes the price.',
      variety: 'Sugar Dragon',
      form: 'cutting',
      cuttingSize: '12 inch',
      price: 5,
      quantity: 10,
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
    };
    const created = await seller.post('/api/products', { headers, data: listing });
    expect(created.status(), await created.text()).toBe(201);
    const productId = ((await created.json()) as { id: number }).id;

    await signUpByApi(page, uniqueName('buyer'));
    await addAddress(page);
    const added = await page.request.post('/api/cart', { headers, data: { productId, quantity: 1 } });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto('/marketplace');
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // The panel shows $5.00; then the seller asks $99,999.00, and the buyer checks out from the panel as it was.
    const panel = await openCartPanel(page);
    await expect(amount(panel, 'Total')).toHaveText('$17.99');
    const edited = await seller.put(`/api/products/${productId}`, {
      headers,
      data: { ...listing, price: 99_999 },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(toast(page, 'Prices changed')).toBeVisible();
    await expect(
      toast(
        page,
        `Prices changed since you last looked: ${listing.title} from $5.00 to $99,999.00. Review your cart and accept the new prices to check out.`,
      ),
    ).toBeVisible();
    // The refetched cart shows the change, and checkout waits for the buyer to accept it.
    await expect(panel.getByText('Price changed from $5.00 to $99,999.00')).toBeVisible();
    await expect(amount(panel, 'Total')).toHaveText('$100,011.99');
    await expect(panel.getByRole('button', { name: 'Checkout' })).toHaveAttribute('aria-disabled', 'true');
    await expect(
      panel.getByText('A price changed since you added it: accept the new price to check out.'),
    ).toBeVisible();

    // The cart page says the same.
    await page.goto('/cart');
    const main = page.getByRole('main');
    await expect(main.getByText('Price changed from $5.00 to $99,999.00')).toBeVisible();
    const checkout = main.getByRole('button', { name: 'Checkout' });
    await expect(checkout).toHaveAttribute('aria-disabled', 'true');
    // Blocked, but focusable: pressing it only says why (Playwright will not click an aria-disabled button).
    await checkout.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Accept the new prices in your cart to check out')).toBeVisible();
    await main.getByRole('button', { name: `Accept the new price of ${listing.title}` }).click();
    await expect(main.getByText('Price changed from $5.00 to $99,999.00')).toHaveCount(0);
    await expect(checkout).not.toHaveAttribute('aria-disabled');
    await checkout.click();
    await expect(toast(page, 'Order placed!')).toBeVisible();

    await page.goto('/orders');
    const order = page.getByRole('list', { name: 'Orders' }).getByRole('article').first();
    await expect(order).toContainText(listing.title);
    await expect(order).toContainText('Qty 1 × $99,999.00');
    await expect(amount(order, 'Total')).toHaveText('$100,011.99');
  } finally {
    await seller.dispose();
  }
});

for (const height of [420, 667]) {
  test(`on a ${height} px tall phone, the address being typed in the cart panel is never under Checkout`, async ({
    page,
  }) => {
    // 420 px: a 390 × 844 phone with its keyboard open; 667 px: a small phone.
    await page.setViewportSize({ width: 390, height });
    await signUpByApi(page, uniqueName('buyer'));
    await addFromMarketplace(page, 2);
    const panel = await openCartPanel(page);
    const checkout = panel.getByRole('button', { name: 'Checkout' });
    for (const label of ['Full name', 'Street address', 'ZIP code', 'City']) {
      const field = panel.getByLabel(label, { exact: true });
      await field.click();
      await field.pressSequentially('12');
      await expect(field).toBeFocused();
      // The field, top to bottom, and its label are in sight: nothing (the header, the Checkout block) lies over
      // them, and no scroll area too small to show them cuts them off.
      const inSight = await field.evaluate((el) => {
        const input = el as HTMLInputElement;
        const shows = (target: Element, y: (r: DOMRect) => number) => {
          const r = target.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, y(r));
          return hit !== null && (hit === target || target.contains(hit));
        };
        const labelEl = input.labels?.[0];
        // What a buyer does to read what the field is for: bring its label into sight. A scroll area with room for
        // the label and the field shows both.
        labelEl?.scrollIntoView({ block: 'nearest' });
        return (
          shows(input, (r) => r.top + 3) &&
          shows(input, (r) => r.bottom - 3) &&
          labelEl !== undefined &&
          shows(labelEl, (r) => r.top + r.height / 2)
        );
      });
      expect(inSight, label).toBe(true);
    }
    // Checkout is still reached, by scrolling the panel.
    await checkout.scrollIntoViewIfNeeded();
    await expect(checkout).toBeInViewport();
  });
}
