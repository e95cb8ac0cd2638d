import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, registerUser, type TestApp, uniqueUsername } from '../support/app';

interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

describe('security baseline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a state-changing request from another origin, or with no origin, with 403', async () => {
    const { user, password } = await registerUser(t.server);
    for (const origin of ['https://evil.example', 'null', null]) {
      const client = new Client(t.server, { origin });
      const res = await client.post<ErrorBody>('/api/auth/login', { username: user.username, password });
      expect(res.status, `origin ${origin}`).toBe(403);
      expect(res.body.message).toBe('Cross-site request refused');
      expect(client.sessionCookie).toBeUndefined();
    }
    // A same-site Referer is accepted when the browser sends no Origin.
    const viaReferer = new Client(t.server, { origin: null });
    const ok = await viaReferer.post(
      '/api/auth/login',
      { username: user.username, password },
      {
        referer: 'http://localhost:80/login',
      },
    );
    expect(ok.status).toBe(200);
  });

  it('a signed-in user cannot be logged out by another site', async () => {
    const { client } = await registerUser(t.server);
    const cookie = client.sessionCookie as string;
    const attacker = new Client(t.server, { origin: 'https://evil.example' });
    attacker.cookies.set('sid', cookie);
    expect((await attacker.post('/api/auth/logout')).status).toBe(403);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('sends the security headers', async () => {
    const res = await new Client(t.server).get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers malformed input with 4xx and the JSON error shape, never a 500', async () => {
    const client = new Client(t.server);
    const cases: Array<[string, string | undefined, Record<string, string>, number]> = [
      ['invalid JSON', '{"username": ', { 'content-type': 'application/json' }, 400],
      ['a JSON array', '[]', { 'content-type': 'application/json' }, 400],
      ['a JSON string', '"hello"', { 'content-type': 'application/json' }, 400],
      ['null', 'null', { 'content-type': 'application/json' }, 400],
      [
        'form encoding',
        'username=a&password=b',
        { 'content-type': 'application/x-www-form-urlencoded' },
        415,
      ],
      [
        'an oversized body',
        JSON.stringify({ username: 'x'.repeat(200_000), password: 'y' }),
        { 'content-type': 'application/json' },
        413,
      ],
    ];
    for (const [name, payload, headers, status] of cases) {
      const res = await client.request<ErrorBody>('POST', '/api/auth/register', payload, headers);
      expect(res.status, name).toBe(status);
      expect(res.body.message, name).toBeTypeOf('string');
      expect(JSON.stringify(res.body), name).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('answers a malformed or overlong URL path with the JSON error shape and the security headers', async () => {
    // Found by the fuzz tests: Fastify's router answered these itself, as {error, code, message, statusCode}.
    const client = new Client(t.server);
    for (const [url, status, message] of [
      ['/api/products/%C0%AF', 400, 'Malformed URL'],
      ['/api/orders/%ED%A0%80/cancel', 400, 'Malformed URL'],
      [`/api/products/${'1'.repeat(201)}`, 414, 'A part of the URL path is too long'],
    ] as const) {
      const res = await client.get<ErrorBody>(url);
      expect(res.status, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.body, url).toEqual({ message });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBeDefined();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await new Client(t.server).get<ErrorBody>('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('/api/no-such-thing');
  });
});

describe('rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', AUTH_MAX_ATTEMPTS_PER_IP: '8' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 after repeated failed logins for one account, even with the right password', async () => {
    const { user, password } = await registerUser(t.server, {}); // counts 1 attempt for the default IP
    const attacker = new Client(t.server, { ip: '203.0.113.7' });
    for (let i = 0; i < 3; i++) {
      expect(
        (await attacker.post('/api/auth/login', { username: user.username, password: 'nope nope' })).status,
      ).toBe(401);
    }
    const blocked = await new Client(t.server, { ip: '203.0.113.8' }).post<ErrorBody>('/api/auth/login', {
      username: user.username,
      password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 to one address making too many attempts', async () => {
    const client = new Client(t.server, { ip: '198.51.100.23' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/auth/login', {
        username: uniqueUsername('ghost'),
        password: 'whatever1',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    // Another address is not affected.
    const other = await new Client(t.server, { ip: '198.51.100.24' }).post('/api/auth/login', {
      username: uniqueUsername('ghost'),
      password: 'whatever1',
    });
    expect(other.status).toBe(401);
  });
});

describe('the Origin check', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const app = async (env: Record<string, string> = {}) => {
    const a = await createTestApp(env);
    apps.push(a);
    return a;
  };
  /** A state-changing request with exactly these headers; its status. */
  const logout = async (a: TestApp, headers: Record<string, string>) =>
    (await new Client(a.server, { origin: null }).post('/api/auth/logout', undefined, headers)).status;

  it('compares the scheme too: an https page may not post to the http site, nor the reverse', async () => {
    const a = await app();
    expect(await logout(a, { host: 'shop.test', origin: 'http://shop.test' })).toBe(200);
    expect(await logout(a, { host: 'shop.test', origin: 'https://shop.test' })).toBe(403);
    expect(await logout(a, { host: 'shop.test:443', origin: 'https://shop.test' })).toBe(403);
    expect(await logout(a, { host: 'shop.test', referer: 'https://shop.test/cart' })).toBe(403);
  });

  it('takes the scheme from X-Forwarded-Proto only behind a trusted proxy', async () => {
    const trusting = await app({ TRUST_PROXY: 'true' });
    const https = { host: 'shop.test', origin: 'https://shop.test', 'x-forwarded-proto': 'https' };
    expect(await logout(trusting, https)).toBe(200);
    expect(await logout(trusting, { ...https, origin: 'http://shop.test' })).toBe(403);
    expect(await logout(await app(), https)).toBe(403);
  });

  it('with PUBLIC_ORIGIN, accepts exactly that origin whatever Host the proxy sent, and nothing else', async () => {
    const a = await app({ PUBLIC_ORIGIN: 'https://shop.example.com' });
    const behindProxy = { host: '10.0.0.5:5000' };
    expect(await logout(a, { ...behindProxy, origin: 'https://shop.example.com' })).toBe(200);
    expect(await logout(a, { ...behindProxy, origin: 'https://shop.example.com:443' })).toBe(200);
    expect(await logout(a, { ...behindProxy, referer: 'https://shop.example.com/cart' })).toBe(200);
    for (const origin of [
      'http://shop.example.com',
      'https://shop.example.com:8443',
      'https://evil.example',
      'http://10.0.0.5:5000',
      'null',
    ])
      expect(await logout(a, { ...behindProxy, origin }), origin).toBe(403);
    // The request's own Host no longer makes an origin acceptable.
    expect(await logout(a, { host: 'evil.example', origin: 'http://evil.example' })).toBe(403);
    expect(await logout(a, behindProxy)).toBe(403);
  });
});

describe('a header no answer can carry', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Routes that put text from the request into a header, as a redirect or a download's file name would.
    t = await createTestApp(
      {},
      {
        addRoutes: (server) => {
          server.get('/api/test/download', async (request, reply) =>
            reply
              .header(
                'content-disposition',
                `attachment; filename="${(request.query as { name: string }).name}"`,
              )
              .send({ ok: true }),
          );
          server.get('/api/test/redirect', async (request, reply) =>
            reply.redirect((request.query as { to: string }).to),
          );
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('turns into a 500 of the JSON shape with the security headers, never Fastify’s own answer', async () => {
    const client = new Client(t.server);
    for (const url of [
      '/api/test/download?name=%E6%97%A5%E6%9C%AC.txt',
      '/api/test/download?name=a%0D%0ASet-Cookie:%20sid=x',
      '/api/test/redirect?to=/%E6%97%A5%E6%9C%AC',
    ]) {
      const res = await client.get<ErrorBody>(url);
      expect(res.status, url).toBe(500);
      expect(res.body, url).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-disposition'], url).toBeUndefined();
      expect(res.headers.location, url).toBeUndefined();
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    const fine = await client.get('/api/test/download?name=report.txt');
    expect(fine.status).toBe(200);
    expect(fine.headers['content-disposition']).toBe('attachment; filename="report.txt"');
  });
});

describe('production settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('marks the cookie Secure and sends HSTS', async () => {
    const res = await new Client(t.server).post('/api/auth/register', {
      username: uniqueUsername(),
      email: `${uniqueUsername()}@example.com`,
      password: 'correct horse battery',
    });
    expect(res.status).toBe(201);
    expect(res.headers['set-cookie']?.toString()).toContain('Secure');
    expect(String(res.headers['strict-transport-security'])).toContain('max-age=31536000');
  });
});
