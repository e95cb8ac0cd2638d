import type { CartLine } from '@domain/cart/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, registerUser, type TestApp, uniqueUsername } from '../support/app';
import { insertListing, insertSeller } from '../support/catalog';

// The pages' plain form posts (docs/decisions/0033-before-adoption.md): what a browser sends when a form is submitted
// before the page is adopted, or without JavaScript. No server renderer is built here: a refused form sends the
// browser back to its page (303); the rendered form with its messages is driven in test/e2e/before-adoption.spec.ts.

let t: TestApp;
let sellerId: number;

beforeAll(async () => {
  t = await createTestApp({ AUTH_MAX_ATTEMPTS_PER_IP: '20', WRITE_LIMIT_PER_IP: '1000000' });
  sellerId = await insertSeller(t.database.db, uniqueUsername('form_seller'));
});
afterAll(async () => {
  await t?.close();
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('POST /login as a form', () => {
  it('signs in, sets the session cookie and goes to the redirect target of this site', async () => {
    const { password, user } = await registerUser(t.server);
    const browser = new Client(t.server, { ip: '10.1.0.1' });
    const res = await browser.post(
      '/login?redirect=/cart',
      form({ username: user.username, password }),
      FORM,
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/cart');
    expect(browser.sessionCookie).toBeTruthy();
    expect((await browser.get<{ username: string }>('/api/auth/me')).body.username).toBe(user.username);

    // Another site's address, or one browsers read as another host, is never followed.
    for (const target of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const again = await new Client(t.server, { ip: '10.1.0.2' }).post(
        `/login?redirect=${encodeURIComponent(target)}`,
        form({ username: user.username, password }),
        FORM,
      );
      expect(again.status, target).toBe(303);
      expect(again.headers.location, target).toBe('/');
    }
  });

  it('refuses without the Origin of this site, and takes only form bodies', async () => {
    const { password, user } = await registerUser(t.server);
    for (const origin of [null, 'https://evil.example']) {
      const res = await new Client(t.server, { origin, ip: '10.1.1.1' }).post(
        '/login',
        form({ username: user.username, password }),
        FORM,
      );
      expect(res.status, String(origin)).toBe(403);
      expect(res.headers['set-cookie'], String(origin)).toBeUndefined();
    }
    const json = await new Client(t.server, { ip: '10.1.1.2' }).post('/login', {
      username: user.username,
      password,
    });
    expect(json.status).toBe(415);
  });

  it('sends a refused sign-in back to its page, without a session, and counts it against the address', async () => {
    const { user } = await registerUser(t.server);
    const browser = new Client(t.server, { ip: '10.1.2.1' });
    for (let i = 0; i < 20; i++) {
      const res = await browser.post(
        '/login',
        form({ username: user.username, password: 'wrong password' }),
        FORM,
      );
      // No renderer here: the page is asked for again (303).
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/login');
    }
    expect(browser.sessionCookie).toBeUndefined();
    // The form's attempts counted against the address (AUTH_MAX_ATTEMPTS_PER_IP=20): the next one is throttled.
    const api = await browser.post<{ message: string }>('/api/auth/login', {
      username: user.username,
      password: 'wrong password',
    });
    expect(api.status).toBe(429);
  });
});

describe('POST /register as a form', () => {
  it('signs a buyer up and goes to the marketplace; a seller to the dashboard; the redirect target wins', async () => {
    for (const [accountType, query, expected] of [
      ['buyer', '', '/marketplace'],
      ['seller', '?seller=true', '/seller/dashboard'],
      ['buyer', '?redirect=/product/5?add=2', '/product/5?add=2'],
    ] as const) {
      const username = uniqueUsername('formsignup');
      const browser = new Client(t.server, { ip: `10.2.0.${accountType.length + query.length}` });
      const res = await browser.post(
        `/register${query}`,
        form({
          accountType,
          username,
          email: `${username}@example.com`,
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
          terms: 'on',
          businessName: accountType === 'seller' ? `Shop ${username}` : '',
        }),
        FORM,
      );
      expect(res.status, query).toBe(303);
      expect(res.headers.location, query).toBe(expected);
      const me = await browser.get<{ username: string; isSeller: boolean }>('/api/auth/me');
      expect(me.body).toMatchObject({ username, isSeller: accountType === 'seller' });
    }
  });

  it('checks the form as the browser does (passwords alike, terms) and makes no account when refused', async () => {
    const username = uniqueUsername('formrefused');
    const browser = new Client(t.server, { ip: '10.2.1.1' });
    for (const fields of [
      { confirmPassword: 'another password', terms: 'on' } as Record<string, string>,
      { confirmPassword: 'correct horse battery' },
    ]) {
      const res = await browser.post(
        '/register',
        form({ username, email: `${username}@example.com`, password: 'correct horse battery', ...fields }),
        FORM,
      );
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/register');
      expect(browser.sessionCookie).toBeUndefined();
    }
    const login = await browser.post('/api/auth/login', { username, password: 'correct horse battery' });
    expect(login.status).toBe(401);
  });
});

describe('POST /cart/add as a form', () => {
  it('adds to the signed-in buyer’s cart and goes to the cart', async () => {
    const { id } = await insertListing(t.database.db, sellerId, { quantity: 5 });
    const { client } = await registerUser(t.server);
    const res = await client.post('/cart/add', form({ productId: String(id), quantity: '2' }), FORM);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/cart');
    const cart = await client.get<CartLine[]>('/api/cart');
    expect(cart.body.map((l) => [l.productId, l.quantity])).toEqual([[id, 2]]);
  });

  it('sends a visitor to sign in and come back to the plant with it added', async () => {
    const { id } = await insertListing(t.database.db, sellerId, { quantity: 5 });
    const res = await new Client(t.server).post(
      '/cart/add',
      form({ productId: String(id), quantity: '3' }),
      FORM,
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/login?redirect=/product/${id}%3Fadd%3D3`);
  });

  it('refuses what the API refuses (more than the stock, no Origin), adding nothing', async () => {
    const { id } = await insertListing(t.database.db, sellerId, { quantity: 1 });
    const { client } = await registerUser(t.server);
    const tooMany = await client.post('/cart/add', form({ productId: String(id), quantity: '4' }), FORM);
    expect(tooMany.status).toBe(303);
    expect(tooMany.headers.location).toBe(`/product/${id}`);
    const noOrigin = await client.post('/cart/add', form({ productId: String(id), quantity: '1' }), {
      ...FORM,
      origin: '',
    });
    expect(noOrigin.status).toBe(403);
    expect((await client.get<CartLine[]>('/api/cart')).body).toEqual([]);
    const nonsense = await client.post('/cart/add', form({ productId: 'x$&</script>', quantity: '1' }), FORM);
    expect(nonsense.status).toBe(400);
  });
});
