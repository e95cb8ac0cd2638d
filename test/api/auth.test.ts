import type { SessionUser } from '@domain/accounts/responses';
import { MESSAGES } from '@domain/accounts/schemas';
import { DEMO_BUYER, DEMO_SELLER } from '@domain/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/src/db/schema';
import { seedDemoData } from '../../server/src/seed';
import { Client, createTestApp, registerUser, type TestApp, uniqueUsername } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type UserBody = SessionUser & { password?: string };
interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

const validBody = (username = uniqueUsername()) => ({
  username,
  email: `${username}@example.com`,
  password: 'correct horse battery',
  isSeller: false,
});

describe('register', () => {
  it('creates a buyer, signs them in and never exposes the password', async () => {
    const client = new Client(t.server);
    const body = validBody();
    const res = await client.post<UserBody>('/api/auth/register', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: body.username, email: body.email, isSeller: false });
    expect(res.body.password).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    const me = await client.get<UserBody>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(body.username);
  });

  it('creates a seller with location and bio', async () => {
    const client = new Client(t.server);
    const res = await client.post<UserBody>('/api/auth/register', {
      ...validBody(),
      isSeller: true,
      location: 'Homestead, Florida',
      bio: 'We grow pitaya.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      isSeller: true,
      location: 'Homestead, Florida',
      bio: 'We grow pitaya.',
    });
  });

  it('stores an argon2id hash, never the password', async () => {
    const { user, password } = await registerUser(t.server);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password).not.toContain(password);
  });

  it.each([
    ['a short username', { username: 'ab' }, 'username', MESSAGES.usernameMin],
    ['an invalid email', { email: 'not-an-email' }, 'email', MESSAGES.email],
    ['a short password', { password: 'short' }, 'password', MESSAGES.passwordMin],
    ['a missing username', { username: undefined }, 'username', MESSAGES.usernameMin],
    ['a number as email', { email: 42 }, 'email', MESSAGES.email],
  ])('refuses %s with the spec message', async (_name, change, field, message) => {
    const res = await new Client(t.server).post<ErrorBody>('/api/auth/register', {
      ...validBody(),
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors?.[field]).toBe(message);
  });

  it('refuses a location or bio with a NUL or another control character (a NUL used to be a 500)', async () => {
    for (const [field, value, message] of [
      ['location', 'Miami\u0000', MESSAGES.locationControl],
      ['bio', 'Grower\u001b[0m', MESSAGES.bioControl],
    ] as const) {
      const body = validBody();
      const res = await new Client(t.server).post<ErrorBody>('/api/auth/register', {
        ...body,
        [field]: value,
      });
      expect(res.status, field).toBe(400);
      expect(res.body.errors, field).toEqual({ [field]: message });
      const [row] = await t.database.db.select().from(users).where(eq(users.username, body.username));
      expect(row, field).toBeUndefined();
    }
    const multiline = await new Client(t.server).post<SessionUser>('/api/auth/register', {
      ...validBody(),
      bio: 'Grower.\nSince 2019.',
    });
    expect(multiline.status).toBe(201);
    expect(multiline.body.bio).toBe('Grower.\nSince 2019.');
  });

  it('refuses a taken username, ignoring case, and says so', async () => {
    const { user } = await registerUser(t.server);
    const res = await new Client(t.server).post<ErrorBody>('/api/auth/register', {
      ...validBody(user.username.toUpperCase()),
      email: `other_${user.username}@example.com`,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Username is already taken');
    expect(res.body.errors).toEqual({ username: 'Username is already taken' });
  });

  it('refuses a taken email, ignoring case, and says so', async () => {
    const { user } = await registerUser(t.server);
    const res = await new Client(t.server).post<ErrorBody>('/api/auth/register', {
      ...validBody(),
      email: `${user.username}@EXAMPLE.com`,
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ email: 'An account with this email already exists' });
  });

  it('gives one account when the same username is registered twice at once', async () => {
    const username = uniqueUsername();
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        new Client(t.server).post('/api/auth/register', {
          ...validBody(username),
          email: `${username}.${n}@example.com`,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await t.database.db.select().from(users).where(eq(users.username, username));
    expect(rows).toHaveLength(1);
  });
});

describe('login, me and logout', () => {
  it('signs in with the right password, case-insensitively on the username', async () => {
    const { user, password } = await registerUser(t.server);
    const client = new Client(t.server);
    const res = await client.post<UserBody>('/api/auth/login', {
      username: user.username.toUpperCase(),
      password,
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect(res.body.password).toBeUndefined();
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const { user } = await registerUser(t.server);
    const wrong = await new Client(t.server).post<ErrorBody>('/api/auth/login', {
      username: user.username,
      password: 'wrong password',
    });
    const unknown = await new Client(t.server).post<ErrorBody>('/api/auth/login', {
      username: uniqueUsername('nobody'),
      password: 'wrong password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('needs both fields', async () => {
    const res = await new Client(t.server).post<ErrorBody>('/api/auth/login', {
      username: 'someone',
      password: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.loginRequired);
    const empty = await new Client(t.server).post<ErrorBody>('/api/auth/login', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.loginRequired);
  });

  it('answers a username with a control character with 400 (a NUL used to be a 500)', async () => {
    const res = await new Client(t.server).post<ErrorBody>('/api/auth/login', {
      username: 'someone\u0000',
      password: 'correct horse battery',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: MESSAGES.usernameControl,
      errors: { username: MESSAGES.usernameControl },
    });
  });

  it('answers 401 to me when signed out, and for a made-up cookie', async () => {
    expect((await new Client(t.server).get('/api/auth/me')).status).toBe(401);
    const forged = new Client(t.server);
    forged.cookies.set('sid', 'made-up-token');
    const res = await forged.get<ErrorBody>('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTypeOf('string');
  });

  it('issues a new session token on every login and stores only its hash', async () => {
    const { user, password } = await registerUser(t.server);
    const client = new Client(t.server);
    await client.post('/api/auth/login', { username: user.username, password });
    const first = client.sessionCookie;
    await client.post('/api/auth/login', { username: user.username, password });
    const second = client.sessionCookie;
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(second?.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toBe(first);
      expect(row.tokenHash).not.toBe(second);
    }
    // The earlier session of this browser was ended by the second login.
    const replay = new Client(t.server);
    replay.cookies.set('sid', first as string);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('ends the session server-side on logout: the old cookie replayed gets 401', async () => {
    const { client } = await registerUser(t.server);
    const token = client.sessionCookie as string;
    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.headers['set-cookie']?.toString()).toMatch(/sid=;/);
    const replay = new Client(t.server);
    replay.cookies.set('sid', token);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('ends a session unused for 30 days', async () => {
    const { client, user } = await registerUser(t.server);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('ends a session past its absolute cap however active', async () => {
    const { client, user } = await registerUser(t.server);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ (Secure only in production)', async () => {
    const { client } = await registerUser(t.server);
    const { user, password } = await registerUser(t.server);
    const res = await client.post('/api/auth/login', { username: user.username, password });
    const cookie = res.headers['set-cookie']?.toString() ?? '';
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
  });

  it('gives a signing-in browser a device cookie (HttpOnly, for /api/auth only) that outlives logout, and keeps it', async () => {
    const { client, user, password } = await registerUser(t.server);
    const device = client.cookies.get('device');
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await client.post('/api/auth/logout');
    const res = await client.post('/api/auth/login', { username: user.username, password });
    const cookie = (
      res.raw.cookies as Array<{ name: string; value: string; path?: string; httpOnly?: boolean }>
    ).find((c) => c.name === 'device');
    expect(cookie).toMatchObject({ value: device, path: '/api/auth', httpOnly: true, sameSite: 'Lax' });
  });
});

describe('the signed_in hint cookie', () => {
  it('is set readable by scripts with the session, and cleared with it', async () => {
    const { client } = await registerUser(t.server);
    expect(client.cookies.get('signed_in')).toBe('1');
    const cookies = [(await client.get('/api/auth/me')).headers['set-cookie']].flat();
    expect(cookies.filter(Boolean)).toEqual([]); // nothing to change while the session is valid
    const out = await client.post('/api/auth/logout');
    const cleared = [out.headers['set-cookie']].flat().join('\n');
    expect(cleared).toMatch(/signed_in=;/);
    expect(client.cookies.has('signed_in')).toBe(false);
  });

  it('is cleared when the browser has it without a session', async () => {
    const client = new Client(t.server);
    client.cookies.set('signed_in', '1');
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(client.cookies.has('signed_in')).toBe(false);
  });

  it('comes back with the next request of a session that lacks it', async () => {
    const { client } = await registerUser(t.server);
    client.cookies.delete('signed_in');
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect(client.cookies.get('signed_in')).toBe('1');
  });

  it('is HttpOnly-free but otherwise like the session cookie', async () => {
    const { user, password } = await registerUser(t.server);
    const res = await new Client(t.server).post('/api/auth/login', { username: user.username, password });
    const hint = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('signed_in=')) ?? '';
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toContain('HttpOnly');
    expect(hint).toContain('SameSite=Lax');
    expect(hint).toContain('Path=/');
  });
});

describe('demo accounts endpoint', () => {
  it('answers 404 when the database has no demo accounts', async () => {
    expect((await new Client(t.server).get('/api/auth/demo')).status).toBe(404);
  });

  it('answers the demo credentials when demo data was asked for and seeded', async () => {
    const demo = await createTestApp({ SEED_DEMO: 'true' });
    try {
      expect(await seedDemoData(demo.database, { seedDemo: true })).toBe(true);
      const res = await new Client(demo.server).get('/api/auth/demo');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ buyer: DEMO_BUYER, seller: DEMO_SELLER });
    } finally {
      await demo.close();
    }
  });
});
