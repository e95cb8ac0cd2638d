import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, registerUser, type TestApp } from '../support/app';

// Answers that depend on who asks must be kept by no cache: a shared cache that stored a buyer's address book
// would hand it to the next person behind the same proxy (issue 23, defect 7).
describe('Cache-Control of answers that depend on the session', () => {
  let t: TestApp;
  // A built client of the smallest kind: index.html and a server renderer that renders every page.
  const dir = mkdtempSync(path.join(tmpdir(), 'mail-cache-'));
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'client'));
    mkdirSync(path.join(dir, 'ssr'));
    writeFileSync(
      path.join(dir, 'client', 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(dir, 'ssr', 'entry-server.js'),
      'export async function render() { return { status: 200, title: "Page", html: "<p>page</p>", state: {} }; }\n',
    );
    t = await createTestApp(
      {},
      {
        configure: (config) => {
          config.clientDir = path.join(dir, 'client');
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('marks every signed-in API answer private and no-store', async () => {
    const { client } = await registerUser(t.server);
    const seller = await registerUser(t.server, { isSeller: true });
    for (const url of [
      '/api/auth/me',
      '/api/addresses',
      '/api/orders',
      '/api/cart',
      '/api/notifications',
      '/api/notifications/unread',
      // A public read asked with a session: the answer carries the session's cookies.
      '/api/products?limit=1',
    ]) {
      const res = await client.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const profile = await seller.client.get('/api/seller/profile');
    expect(profile.status).toBe(200);
    expect(profile.headers['cache-control']).toBe('private, no-store');
    // Errors too: a buyer's 403 on a seller's route, a 400 on a body.
    const refused = await client.get('/api/seller/profile');
    expect(refused.status).toBe(403);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const bad = await client.post('/api/addresses', { name: '' });
    expect(bad.status).toBe(400);
    expect(bad.headers['cache-control']).toBe('private, no-store');
  });

  it('marks the auth calls and the user routes private and no-store for a visitor too', async () => {
    const visitor = new Client(t.server);
    const me = await visitor.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.headers['cache-control']).toBe('private, no-store');
    const orders = await visitor.get('/api/orders');
    expect(orders.status).toBe(401);
    expect(orders.headers['cache-control']).toBe('private, no-store');
    const { user, password } = await registerUser(t.server);
    const login = await visitor.post('/api/auth/login', { username: user.username, password });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('private, no-store');
  });

  it('marks the session cookie private and no-store whatever the spelling of the path: /%61pi/auth/login', async () => {
    const { user, password } = await registerUser(t.server);
    for (const url of ['/%61pi/auth/login', '/api/%61uth/login', '/%61%70%69/%61%75%74%68/%6C%6F%67%69%6E']) {
      const visitor = new Client(t.server);
      const login = await visitor.post(url, { username: user.username, password });
      expect(login.status, url).toBe(200);
      expect(visitor.sessionCookie, url).toBeDefined();
      expect(login.headers['cache-control'], url).toBe('private, no-store');
      // Signed in, a spelt read is the session's too.
      const me = await visitor.get('/%61pi/auth/me');
      expect(me.status, url).toBe(200);
      expect(me.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('answers an unknown path under a spelt /api with a JSON 404, never a page', async () => {
    const res = await new Client(t.server).get('/%61pi/no-such-thing');
    expect(res.status).toBe(404);
    expect(String(res.headers['content-type'])).toContain('application/json');
  });

  it("leaves a visitor's public catalog read as it was", async () => {
    const res = await new Client(t.server).get('/api/products?limit=1');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it("keeps a signed-in visitor's server-rendered page out of every cache", async () => {
    const { client } = await registerUser(t.server);
    const page = await client.get('/');
    expect(page.status).toBe(200);
    expect(String(page.raw.headers['content-type'])).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const visitor = await new Client(t.server).get('/');
    expect(visitor.status).toBe(200);
    expect(visitor.headers['cache-control']).toBe('private, no-cache');
  });
});
