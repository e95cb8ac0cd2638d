import { eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { connect } from '../../server/src/db/connect';
import { knownDevices, newsletterSubscribers, rateLimits } from '../../server/src/db/schema';
import { DatabaseRateLimitStore } from '../../server/src/plugins/rate-limit';
import { Client, createTestApp, registerUser, type TestApp, uniqueUsername } from '../support/app';
import { testDatabaseKind } from '../support/database';

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
    // The listing form previews chosen photos from object URLs: blob: in img-src, and nowhere else.
    const directives = csp.split(';').map((d) => d.trim());
    expect(directives.find((d) => d.startsWith('img-src '))?.split(' ')).toContain('blob:');
    expect(directives.filter((d) => d.includes('blob:')).map((d) => d.split(' ')[0])).toEqual(['img-src']);
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

  it('walls off the address that failed for an account, not the account: the owner elsewhere still signs in', async () => {
    const { user, password } = await registerUser(t.server, {}); // counts 1 attempt for the default IP
    const attacker = new Client(t.server, { ip: '203.0.113.7' });
    for (let i = 0; i < 3; i++) {
      expect(
        (await attacker.post('/api/auth/login', { username: user.username, password: 'nope nope' })).status,
      ).toBe(401);
    }
    // The attacker's address is refused, even with the right password, so it cannot go on guessing.
    const blocked = await attacker.post<ErrorBody>('/api/auth/login', { username: user.username, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from an address with no failures for the account, is not locked out (this was 429).
    const owner = await new Client(t.server, { ip: '203.0.113.8' }).post('/api/auth/login', {
      username: user.username.toUpperCase(),
      password,
    });
    expect(owner.status).toBe(200);
    expect(
      (await attacker.post('/api/auth/login', { username: user.username, password: 'nope again' })).status,
    ).toBe(429);
  });

  it("clears an address's count for an account when it signs in", async () => {
    const { user, password } = await registerUser(t.server, {});
    const client = new Client(t.server, { ip: '203.0.113.9' });
    const wrong = { username: user.username, password: 'nope nope' };
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await client.post('/api/auth/login', wrong)).status).toBe(401);
      expect((await client.post('/api/auth/login', { username: user.username, password })).status).toBe(200);
    }
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

describe('guesses at one account from many addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL: '5',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("past the account's limit from everywhere, only the owner's known browsers get to the password check", async () => {
    const { client: owner, user, password } = await registerUser(t.server);
    expect(owner.cookies.get('device')).toMatch(/^[\w-]{43}$/);
    await owner.post('/api/auth/logout');
    expect(owner.cookies.has('device')).toBe(true);
    const wrong = { username: user.username, password: 'nope nope' };
    const right = { username: user.username, password };
    const statuses: number[] = [];
    for (let a = 0; a < 3; a++)
      for (let i = 0; i < 2; i++)
        statuses.push(
          (await new Client(t.server, { ip: `198.51.100.${70 + a}` }).post('/api/auth/login', wrong)).status,
        );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // A fresh address, a made-up device cookie, or the attacker's own account's device cookie: held back.
    expect((await new Client(t.server, { ip: '198.51.100.80' }).post('/api/auth/login', right)).status).toBe(
      429,
    );
    const madeUp = new Client(t.server, { ip: '198.51.100.81' });
    madeUp.cookies.set('device', 'A'.repeat(43));
    expect((await madeUp.post('/api/auth/login', right)).status).toBe(429);
    const { client: attacker } = await registerUser(t.server);
    expect((await attacker.at('198.51.100.82').post('/api/auth/login', right)).status).toBe(429);
    // The owner's browser, from any address, still signs in.
    const back = await owner.at('198.51.100.83').post<{ id: number }>('/api/auth/login', right);
    expect(back.status).toBe(200);
    expect(back.body.id).toBe(user.id);
  });

  it("lets the owner's known browser in from an address walled off for the account", async () => {
    const { client: owner, user, password } = await registerUser(t.server);
    const attacker = new Client(t.server, { ip: '198.51.100.90' });
    for (let i = 0; i < 3; i++)
      expect(
        (await attacker.post('/api/auth/login', { username: user.username, password: 'nope nope' })).status,
      ).toBe(401);
    expect((await attacker.post('/api/auth/login', { username: user.username, password })).status).toBe(429);
    expect(
      (await owner.at('198.51.100.90').post('/api/auth/login', { username: user.username, password })).status,
    ).toBe(200);
    // The known browser has its own count: three wrong passwords from it and it is held back too.
    const known = owner.at('198.51.100.91');
    for (let i = 0; i < 3; i++)
      expect(
        (await known.post('/api/auth/login', { username: user.username, password: 'typo typo' })).status,
      ).toBe(401);
    expect((await known.post('/api/auth/login', { username: user.username, password })).status).toBe(429);
  });
});

describe('sign-in throttle under parallel guesses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '5' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('checks at most the limit of 24 parallel wrong guesses for one account; the rest get 429', async () => {
    const { user } = await registerUser(t.server);
    const client = new Client(t.server, { ip: '192.0.2.44' });
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        client.post('/api/auth/login', { username: user.username, password: `wrong guess ${i}` }),
      ),
    ).then((answers) => answers.map((a) => a.status));
    // Each 401 is one password checked: the count is taken before the check, so it cannot lag behind.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
  });
});

describe('TRUST_PROXY', () => {
  /** One sign-in attempt to an unknown account, from `from`, carrying the X-Forwarded-For header given. */
  const attempt = (t: TestApp, from: string, forwardedFor: string) =>
    new Client(t.server, { ip: from })
      .post(
        '/api/auth/login',
        { username: uniqueUsername('ghost'), password: 'whatever1' },
        {
          'x-forwarded-for': forwardedFor,
        },
      )
      .then((res) => res.status);

  // With one proxy in front, the client's address is the last X-Forwarded-For entry (the one the proxy appended);
  // whatever the client wrote before it must not change it.
  it.each([
    ['1', '10.0.0.1'],
    ['10.0.0.1', '10.0.0.1'],
    ['10.0.0.0/8, 192.0.2.1', '10.1.2.3'],
  ])(
    'TRUST_PROXY=%s: a client rotating its own X-Forwarded-For entries is still limited',
    async (trust, proxy) => {
      const t = await createTestApp({ TRUST_PROXY: trust, AUTH_MAX_ATTEMPTS_PER_IP: '4' });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++)
          statuses.push(await attempt(t, proxy, `10.${i}.${i}.${i}, 203.0.113.${100 + i}, 198.51.100.50`));
        expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      } finally {
        await t.close();
      }
    },
  );

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.0.0.1', AUTH_MAX_ATTEMPTS_PER_IP: '4' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push(await attempt(t, '192.0.2.77', `203.0.113.${i}`));
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      // Through the proxy, the same client is the address it names, and is limited as such.
      expect(await attempt(t, '10.0.0.1', '192.0.2.77')).toBe(429);
      expect(await attempt(t, '10.0.0.1', '192.0.2.78')).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('the limit on writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WRITE_LIMIT_PER_IP: '5', WRITE_LIMIT_PER_ACCOUNT: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 to one address past its writes per minute, in the JSON error shape with the headers', async () => {
    const client = new Client(t.server, { ip: '198.51.100.60' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await client.post('/api/newsletter', { email: `many${i}_${process.pid}@example.com` })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await client.post<ErrorBody>('/api/newsletter', {
      email: `one_more_${process.pid}@example.com`,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.stringMatching(/^Too many attempts/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['content-security-policy']).toContain("default-src 'self'");
    // Any write counts, whatever the route; reading is not limited; another address is not affected.
    expect((await client.post('/api/auth/logout')).status).toBe(429);
    expect((await client.get('/api/products')).status).toBe(200);
    const other = new Client(t.server, { ip: '198.51.100.61' });
    expect((await other.post('/api/newsletter', { email: `other_${process.pid}@example.com` })).status).toBe(
      200,
    );
  });

  it("counts a signed-in write's address and account in one statement", async () => {
    let statements: string[] | null = null;
    const database = await connect({ logQuery: (query) => statements?.push(query) });
    await database.migrate();
    const app = await buildApp({ database, config: t.config });
    try {
      const { client } = await registerUser(app.server);
      statements = [];
      expect((await client.at('192.0.2.150', app.server).post('/api/cart', {})).status).toBe(400);
      expect((statements as string[]).filter((q) => q.includes('rate_limits'))).toHaveLength(1);
      // Both counts were taken: the account's limit (3) is reached on the fourth write, from any address.
      for (let i = 0; i < 2; i++) await client.at(`192.0.2.${151 + i}`, app.server).post('/api/cart', {});
      expect((await client.at('192.0.2.153', app.server).post('/api/cart', {})).status).toBe(429);
    } finally {
      await app.server.close();
      await database.close();
    }
  });

  it('lets exactly the limit of 12 parallel writes from one address through', async () => {
    const client = new Client(t.server, { ip: '198.51.100.66' });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client
          .post('/api/newsletter', { email: `parallel${i}_${process.pid}@example.com` })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const client = new Client(t.server, { ip: `2001:db8:77:1::${i.toString(16)}` });
      statuses.push(
        (await client.post('/api/newsletter', { email: `v6_${i}_${process.pid}@example.com` })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const next = new Client(t.server, { ip: '2001:db8:77:2::1' });
    expect((await next.post('/api/newsletter', { email: `v6_next_${process.pid}@example.com` })).status).toBe(
      200,
    );
  });

  it('maintenance deletes counters whose window has ended and browsers not seen for a year, and nothing else', async () => {
    const { user } = await registerUser(t.server);
    const { db } = t.database;
    const hour = 60 * 60 * 1000;
    await db.insert(rateLimits).values([
      { key: 'ip=192.0.2.200', count: 9, expiresAt: new Date(Date.now() - hour) },
      { key: 'ip=192.0.2.201', count: 9, expiresAt: new Date(Date.now() + hour) },
    ]);
    await db.insert(knownDevices).values([
      { tokenHash: 'old', userId: user.id, signedInAt: new Date(Date.now() - 366 * 24 * hour) },
      { tokenHash: 'recent', userId: user.id, signedInAt: new Date(Date.now() - 300 * 24 * hour) },
    ]);
    await t.maintenance();
    const limits = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, 'ip=192.0.2.20%'));
    expect(limits.map((r) => r.key)).toEqual(['ip=192.0.2.201']);
    const devices = await db
      .select({ tokenHash: knownDevices.tokenHash })
      .from(knownDevices)
      .where(eq(knownDevices.userId, user.id));
    expect(devices.map((d) => d.tokenHash).sort()).toEqual(expect.arrayContaining(['recent']));
    expect(devices.map((d) => d.tokenHash)).not.toContain('old');
  });

  it('counts a write whatever the spelling of its path: /%61pi/newsletter is /api/newsletter', async () => {
    const client = new Client(t.server, { ip: '198.51.100.70' });
    const spellings = [
      '/%61pi/newsletter',
      '/%61%70%69/newsletter',
      '/api/%6Eewsletter',
      '/%61pi/newslette%72',
    ];
    const statuses: number[] = [];
    for (const [i, url] of [...spellings, '/api/newsletter', '/%61pi/newsletter'].entries())
      statuses.push((await client.post(url, { email: `spelt${i}_${process.pid}@example.com` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Past the limit, every spelling is refused, and nothing more is stored.
    for (const url of ['/api/newsletter', ...spellings])
      expect((await client.post(url, { email: `late_${process.pid}@example.com` })).status, url).toBe(429);
    const stored = await t.database.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(like(newsletterSubscribers.email, `%_${process.pid}@example.com`));
    expect(stored.map((r) => r.email).filter((e) => /^(spelt|late)/.test(e))).toHaveLength(5);
  });

  it('answers 429 to one account past its writes per minute, from whichever address', async () => {
    const { client } = await registerUser(t.server, { address: false }); // one write from the default address, signed out
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await client.at(`192.0.2.${100 + i}`).post('/api/cart', {})).status);
    // Three writes get through (and are refused for their empty body), the fourth is over the account's limit.
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Signed out, the same address is counted only for itself.
    expect(
      (
        await new Client(t.server, { ip: '192.0.2.103' }).post('/api/newsletter', {
          email: `x_${process.pid}@example.com`,
        })
      ).status,
    ).toBe(200);
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
    const trusting = await app({ TRUST_PROXY: '1' });
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
          server.get(
            '/api/test/download',
            { config: { access: 'public' }, schema: { hide: true } },
            async (request, reply) =>
              reply
                .header(
                  'content-disposition',
                  `attachment; filename="${(request.query as { name: string }).name}"`,
                )
                .send({ ok: true }),
          );
          server.get(
            '/api/test/redirect',
            { config: { access: 'public' }, schema: { hide: true } },
            async (request, reply) => reply.redirect((request.query as { to: string }).to),
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
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://localhost' });
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

describe.runIf(testDatabaseKind() === 'postgres')('the write-limit store under concurrent batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the keys of a batch in one order, so batches sharing keys on other connections never deadlock', async () => {
    const store = new DatabaseRateLimitStore(t.database.db);
    const incr = (key: string) =>
      new Promise<number>((resolve, reject) => {
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result?.current ?? 0)));
      });
    for (let round = 0; round < 30; round++) {
      const [a, b] = [`deadlock_${round}_a_${process.pid}`, `deadlock_${round}_b_${process.pid}`];
      const batches: Array<Promise<number[]>> = [];
      for (let i = 0; i < 10; i++) {
        // Asked for in opposite orders, each pair its own statement (the store sends a batch a turn).
        batches.push(Promise.all(i % 2 ? [incr(a), incr(b)] : [incr(b), incr(a)]));
        await Promise.resolve();
      }
      const counts = await Promise.all(batches);
      expect(counts.flat().sort((x, y) => x - y)).toEqual([
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
      ]);
    }
  });
});

// The router decodes percent-escapes before it matches (`/%61pi/newsletter` is /api/newsletter), so every hook
// decides by the route that matched, never by the URL as sent (issue 35, defect 2).
describe('a real /api path spelt with percent-escapes', () => {
  let t: TestApp;
  let buyer: Client;
  let ips = 0;
  beforeAll(async () => {
    t = await createTestApp();
    ({ client: buyer } = await registerUser(t.server));
  });
  afterAll(async () => {
    await t?.close();
  });

  const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  type Method = (typeof METHODS)[number];
  const routes = () =>
    t.routes
      .flatMap((r) => [r.method].flat().map((method) => ({ method: method as Method, url: r.url })))
      .filter((r) => r.url.startsWith('/api/') && (METHODS as readonly string[]).includes(r.method))
      // A path of the route: each parameter a plain id, a wildcard a plain name.
      .map((r) => ({ method: r.method, path: r.url.replace(/:\w+/g, '1').replace(/\*$/, 'x') }));
  /** The path with the characters `mask` picks written as %XX (one of "api" always), in either case of hex. */
  const spell = (path: string, mask: boolean[], upper: boolean) => {
    const forced = mask[1] || mask[2] || mask[3] ? -1 : 1;
    return [...path]
      .map((c, i) => {
        if (c === '/' || !(mask[i % mask.length] || i === forced)) return c;
        const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
        return `%${upper ? hex.toUpperCase() : hex}`;
      })
      .join('');
  };
  const spelling = () =>
    fc.record({
      route: fc.constantFrom(...routes()),
      mask: fc.array(fc.boolean(), { minLength: 48, maxLength: 48 }),
      upper: fc.boolean(),
    });

  it('reads: the same status and Cache-Control as the path itself, for a signed-in buyer', async () => {
    await fc.assert(
      fc.asyncProperty(
        spelling().filter(({ route }) => route.method === 'GET'),
        async ({ route, mask, upper }) => {
          const url = spell(route.path, mask, upper);
          const [canonical, spelt] = [await buyer.get(route.path), await buyer.get(url)];
          expect(spelt.status, url).toBe(canonical.status);
          expect(spelt.headers['cache-control'], url).toBe(canonical.headers['cache-control']);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes: counted by the write limit, and answered as the path itself', async () => {
    await fc.assert(
      fc.asyncProperty(
        spelling().filter(({ route }) => route.method !== 'GET'),
        async ({ route, mask, upper }) => {
          const url = spell(route.path, mask, upper);
          ips += 1;
          const ip = `198.18.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
          const visitor = new Client(t.server, { ip });
          const canonical = await new Client(t.server, { ip: '198.19.0.1' }).request(
            route.method,
            route.path,
          );
          const spelt = await visitor.request(route.method, url);
          expect(spelt.status, `${route.method} ${url}`).toBe(canonical.status);
          expect(spelt.headers['cache-control'], `${route.method} ${url}`).toBe(
            canonical.headers['cache-control'],
          );
          const [counted] = await t.database.db
            .select({ count: rateLimits.count })
            .from(rateLimits)
            .where(eq(rateLimits.key, `ip=${ip}`));
          expect(counted?.count, `${route.method} ${url}`).toBe(1);
        },
      ),
      { numRuns: 60 },
    );
  });
});
