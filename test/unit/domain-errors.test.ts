import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Conflict,
  type DomainError,
  Forbidden,
  InvalidInput,
  NotFound,
  TooManyRequests,
  Unauthorized,
} from '../../server/src/errors';
import { registerErrorHandling } from '../../server/src/plugins/errors';

// Each domain error thrown by a handler, through the real error plugin on a bare Fastify app.
const thrown: Record<string, () => DomainError> = {
  invalid: () => new InvalidInput('Your cart is empty', { cart: 'Your cart is empty' }),
  unauthorized: () => new Unauthorized(),
  credentials: () => new Unauthorized('Invalid username or password'),
  forbidden: () => new Forbidden('You cannot buy your own listing'),
  'not-found': () => new NotFound('Product not found'),
  'not-found-default': () => new NotFound(),
  conflict: () => new Conflict('Username is already taken', { username: 'Username is already taken' }),
  'conflict-plain': () => new Conflict('This order is already cancelled'),
  'too-many': () => new TooManyRequests(61),
  'too-many-short': () => new TooManyRequests(1),
};

const app = Fastify();
beforeAll(async () => {
  registerErrorHandling(app);
  for (const [name, make] of Object.entries(thrown))
    app.get(`/${name}`, async () => {
      throw make();
    });
  await app.ready();
});
afterAll(() => app.close());

describe('the error plugin maps each domain error to its status, body and headers', () => {
  it.each([
    ['invalid', 400, { message: 'Your cart is empty', errors: { cart: 'Your cart is empty' } }],
    ['unauthorized', 401, { message: 'Please log in' }],
    ['credentials', 401, { message: 'Invalid username or password' }],
    ['forbidden', 403, { message: 'You cannot buy your own listing' }],
    ['not-found', 404, { message: 'Product not found' }],
    ['not-found-default', 404, { message: 'Not found' }],
    [
      'conflict',
      409,
      { message: 'Username is already taken', errors: { username: 'Username is already taken' } },
    ],
    ['conflict-plain', 409, { message: 'This order is already cancelled' }],
  ])('%s: %i', async (name, status, body) => {
    const res = await app.inject({ method: 'GET', url: `/${name}` });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toStrictEqual(body);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it.each([
    ['too-many', '61', 'Too many attempts. Please wait 2 minutes and try again.'],
    ['too-many-short', '1', 'Too many attempts. Please wait 1 minute and try again.'],
  ])('%s: 429 with Retry-After %s', async (name, retryAfter, message) => {
    const res = await app.inject({ method: 'GET', url: `/${name}` });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(retryAfter);
    expect(res.json()).toStrictEqual({ message });
  });
});
