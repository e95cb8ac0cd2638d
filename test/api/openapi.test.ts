import { readFileSync } from 'node:fs';
import { shipmentPaymentSchema } from '@domain/payments/responses';
import { noContent } from '@domain/responses';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OPENAPI_FILE, openApiText, REFERENCE_ENV } from '../../scripts/openapi';
import { Conflict } from '../../server/src/errors';
import { errors } from '../../server/src/http/error-answers';
import { registerErrorHandling } from '../../server/src/plugins/errors';
import { registerResponses } from '../../server/src/plugins/responses';
import { createTestApp, type TestApp } from '../support/app';

type Operation = {
  summary?: string;
  operationId?: string;
  security?: unknown;
  responses: Record<string, { content?: unknown }>;
};

// The API reference (docs/architecture.md#api-reference): built from the routes' own schemas, committed as
// docs/openapi.json, and true to what the app answers (every API test holds each answer to its route's schema).
describe('the API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Built as the committed reference is: with Stripe's routes (its webhooks) too.
    t = await createTestApp(REFERENCE_ENV, {
      addRoutes(server) {
        const r = server.withTypeProvider<ZodTypeProvider>();
        const answer = z.object({ name: z.string(), count: z.int() });
        const options = {
          config: { access: 'public' as const },
          schema: { hide: true, response: { 200: answer } },
        };
        r.get('/api/test-contract/right', options, async () => ({ name: 'a', count: 1 }));
        // Handlers that do not keep to their schema: an extra field, a wrong type, a missing field.
        r.get(
          '/api/test-contract/extra',
          options,
          async () => ({ name: 'a', count: 1, secret: 'x' }) as never,
        );
        r.get('/api/test-contract/type', options, async () => ({ name: 'a', count: '1' }) as never);
        r.get('/api/test-contract/missing', options, async () => ({ name: 'a' }) as never);
        r.delete(
          '/api/test-contract/none',
          { ...options, schema: { hide: true, response: { 204: noContent } } },
          async (_q, reply) => reply.code(204).send(),
        );
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is served at /api/openapi.json as OpenAPI 3.1, and the committed docs/openapi.json is that document', async () => {
    const res = await t.server.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const served = res.json();
    expect(served.openapi).toBe('3.1.0');
    // The routes the test added are hidden, as the reference's own are.
    expect(
      Object.keys(served.paths).filter(
        (p) => p.includes('test-contract') || p.includes('openapi') || p.includes('docs'),
      ),
    ).toEqual([]);
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    expect(committed, 'docs/openapi.json is stale: run `npm run openapi` and commit it').toBe(
      openApiText(served),
    );
  });

  it('documents every /api route with its answers, and the error shape every error uses', async () => {
    const { paths, components } = (await t.server.inject({ url: '/api/openapi.json' })).json();
    const documented = Object.entries(
      paths as Record<string, Record<string, { responses: Record<string, unknown> }>>,
    );
    const routes = t.routes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !(r.schema as { hide?: boolean } | undefined)?.hide &&
        r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(35);
    for (const route of routes) {
      const at = route.url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
      const operation = paths[at]?.[String(route.method).toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(
        Object.keys(operation.responses).some((s) => s.startsWith('2')),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
    expect(documented.length).toBe(new Set(routes.map((r) => r.url.replace(/(.)\/$/, '$1'))).size);
    expect(components.schemas.Error.required).toEqual(['message']);
    expect(paths['/api/cart'].post.responses['401']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });

  it('names every operation: a summary, and an operationId that is camelCase and its own', async () => {
    const { paths } = (await t.server.inject({ url: '/api/openapi.json' })).json();
    const operations = Object.entries(paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, ops]) => Object.entries(ops).map(([method, op]) => ({ at: `${method} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(35);
    for (const { at, op } of operations) {
      expect(op.summary, at).toMatch(/^\S/);
      expect(op.operationId, at).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks the signed-in calls with the session cookie and says the others need none', async () => {
    const { paths, components } = (await t.server.inject({ url: '/api/openapi.json' })).json();
    expect(components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'sid' });
    const routes = t.routes.filter(
      (r) => r.url.startsWith('/api/') && !(r.schema as { hide?: boolean } | undefined)?.hide,
    );
    for (const route of routes.filter((r) => r.method !== 'HEAD')) {
      const at = route.url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
      const op: Operation = paths[at][String(route.method).toLowerCase()];
      const access = (route.config as { access?: string }).access;
      expect(op.security, `${route.method} ${route.url}`).toEqual(
        access === 'user' || access === 'seller' ? [{ session: [] }] : [],
      );
    }
  });

  it('declares the errors each call answers, 409 among them, all as the one error shape', async () => {
    const { paths } = (await t.server.inject({ url: '/api/openapi.json' })).json();
    const statuses = (path: string, method: string) =>
      Object.keys((paths[path][method] as Operation).responses);
    // What a route says of itself: inputs (400), access (401, 403), a path id (404), a body (413, 415), a write (429).
    expect(statuses('/api/cart/{id}', 'put')).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '409', '413', '415', '429', '503']),
    );
    // What its own code answers: a service's Conflict, a NotFound with no path id, wrong credentials.
    expect(statuses('/api/orders', 'post')).toEqual(expect.arrayContaining(['404', '409']));
    expect(statuses('/api/auth/login', 'post')).toContain('401');
    expect(statuses('/api/auth/demo', 'get')).toContain('404');
    // And nothing it cannot: a read takes no body and is not write-limited.
    expect(statuses('/api/orders', 'get')).toEqual(['200', '401', '503']);
    for (const [path, ops] of Object.entries(paths as Record<string, Record<string, Operation>>))
      for (const [method, op] of Object.entries(ops))
        for (const [status, answer] of Object.entries(op.responses))
          if (Number(status) >= 400)
            expect(answer.content, `${method} ${path} ${status}`).toEqual({
              'application/json': { schema: { $ref: '#/components/schemas/Error' } },
            });
  });

  it('answers 500 in the tests for a status the route does not declare, and the declared one as it is', async () => {
    // The app's own answer checking and error handling, on a bare server: no database to make.
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandling(app);
    registerResponses(app, { check: true });
    const route = (operationId: string, more: object = {}) => ({
      schema: { summary: 'A test', operationId, response: { 200: z.object({}), ...more } },
    });
    app.post('/api/test-status/declared', route('declaredConflict', errors(409)), async () => {
      throw new Conflict('Sold out');
    });
    app.post('/api/test-status/undeclared', route('undeclaredConflict'), async () => {
      throw new Conflict('Sold out');
    });
    try {
      const declared = await app.inject({ method: 'POST', url: '/api/test-status/declared' });
      expect(declared.statusCode).toBe(409);
      expect(declared.json()).toEqual({ message: 'Sold out' });
      const undeclared = await app.inject({ method: 'POST', url: '/api/test-status/undeclared' });
      expect(undeclared.statusCode).toBe(500);
      expect(undeclared.body).not.toContain('Sold out');
      // The errors a write answers by what it is are declared for it: here, a body that is not JSON (400).
      const bad = await app.inject({
        method: 'POST',
        url: '/api/test-status/undeclared',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Request body is not valid JSON' });
    } finally {
      await app.close();
    }
  });

  it('will not start with an /api route without a summary, an operationId, a camelCase one or its own', async () => {
    const start = async (schema: object, twice = false) => {
      const app = Fastify().withTypeProvider<ZodTypeProvider>();
      try {
        registerResponses(app, { check: false });
        const options = { schema: { response: { 200: z.object({}) }, ...schema } };
        app.get('/api/test-named/one', options, async () => ({}));
        if (twice) app.get('/api/test-named/two', options, async () => ({}));
        await app.ready();
      } finally {
        await app.close();
      }
    };
    await expect(start({ operationId: 'getOne' })).rejects.toThrow(
      'GET /api/test-named/one has no summary or operationId',
    );
    await expect(start({ summary: 'One' })).rejects.toThrow('has no summary or operationId');
    await expect(start({ summary: 'One', operationId: 'get-one' })).rejects.toThrow(
      'operationId get-one is not camelCase',
    );
    await expect(start({ summary: 'One', operationId: 'getOne' }, true)).rejects.toThrow(
      "GET /api/test-named/two: operationId getOne is already GET /api/test-named/one's",
    );
    await expect(start({ summary: 'One', operationId: 'getOne' })).resolves.toBeUndefined();
  });

  it('has every operation described once in docs/product.md#calls, and no call there that the app lacks', async () => {
    const { paths } = (await t.server.inject({ url: '/api/openapi.json' })).json();
    const operations = Object.entries(paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const product = readFileSync(new URL('../../docs/product.md', import.meta.url), 'utf8');
    const calls = product.slice(product.indexOf('\n## Calls\n'), product.indexOf('\n## Errors\n'));
    // The first cell of each row names its calls: `GET /api/orders`, `GET /api/orders/{id}`.
    const described = calls
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [
        ...(line.split(' | ')[0] ?? '').matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`\s?]*)`/g),
      ])
      .map((m) => `${m[1]} ${m[2]}`);
    expect(described.length).toBe(new Set(described).size);
    const hidden = ['GET /api/openapi.json', 'GET /api/docs'];
    expect(described.filter((d) => !hidden.includes(d)).sort()).toEqual([...operations].sort());
  });

  it('holds every answer to its schema: an undeclared field, a wrong type or a missing field is a 500', async () => {
    expect((await t.server.inject({ url: '/api/test-contract/right' })).json()).toEqual({
      name: 'a',
      count: 1,
    });
    for (const wrong of ['extra', 'type', 'missing']) {
      const res = await t.server.inject({ url: `/api/test-contract/${wrong}` });
      expect(res.statusCode, wrong).toBe(500);
      expect(res.body, wrong).not.toContain('secret');
    }
    const none = await t.server.inject({
      method: 'DELETE',
      url: '/api/test-contract/none',
      headers: { origin: 'http://localhost:80' },
    });
    expect(none.statusCode).toBe(204);
  });

  it('will not start with an /api route that declares no answer, naming the route', async () => {
    await expect(
      createTestApp(
        {},
        {
          addRoutes(server) {
            server.get('/api/undeclared', { config: { access: 'public' } }, async () => ({ ok: true }));
          },
        },
      ),
    ).rejects.toThrow('GET /api/undeclared declares no answer');
  });

  it('has a page at /api/docs outside production, its assets from the installed package, and nothing else', async () => {
    const page = await t.server.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'text/javascript'],
      ['swagger-ui.css', 'text/css'],
      ['start.js', 'text/javascript'],
    ]) {
      const res = await t.server.inject({ url: `/api/docs/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type'], file).toContain(type);
    }
    for (const path of [
      '/api/docs/package.json',
      '/api/docs/..%2Fpackage.json',
      '/api/docs/index.html',
      '/api/docs/%00',
    ]) {
      const res = await t.server.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message, path).toBeTypeOf('string');
    }
  });

  it('keeps the document and leaves out the page in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example' });
    try {
      expect((await production.server.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
      expect((await production.server.inject({ url: '/api/docs' })).statusCode).toBe(404);
      expect((await production.server.inject({ url: '/api/docs/swagger-ui-bundle.js' })).statusCode).toBe(
        404,
      );
    } finally {
      await production.close();
    }
  });

  it('is made by a second app after another copy of a domain schema took its id (the server renderer has one)', async () => {
    // The built server renderer bundles the domain's schemas again, and they register their ids in zod's one
    // registry when it loads: the bench then made its next app, which failed to start ("Duplicate schema id").
    const own = z.globalRegistry.get(shipmentPaymentSchema);
    const copy = z.object({ state: z.string() }).meta({ id: 'ShipmentPayment' });
    expect(z.globalRegistry._idmap.get('ShipmentPayment')).toBe(copy);
    try {
      const second = await createTestApp(REFERENCE_ENV);
      try {
        const res = await second.server.inject({ url: '/api/openapi.json' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual((await t.server.inject({ url: '/api/openapi.json' })).json());
      } finally {
        await second.close();
      }
    } finally {
      z.globalRegistry.remove(copy);
      z.globalRegistry.add(shipmentPaymentSchema, own ?? {});
    }
  });
});
