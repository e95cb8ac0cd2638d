import { readFile } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiErrorSchema } from '@domain/responses';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from './errors';
import { edgeErrors } from './responses';
import { SESSION_COOKIE } from './session';

/** What an error status means where the route's own code answers it (the edge's own: `edgeErrors`). */
const ERROR_MEANINGS: Record<string, string> = {
  400: 'Bad input: `message` says what is wrong, `errors` names each field',
  401: 'Not signed in, or the credentials are wrong',
  403: 'Not allowed',
  404: 'Not found, or not yours',
  409: 'Refused in the state things are in (sold out, already shipped, paid, cancelled, taken…): `message` says which',
  413: 'The body is larger than this call takes',
  429: 'Too many attempts: wait for Retry-After seconds',
  503: 'Busy or briefly unavailable; nothing was written: try again after Retry-After',
};

/**
 * The schemas the reference names: those the server's own modules registered under an id in zod's registry, as they
 * were when the first app of the process made its document (takeOwnSchemas). Zod keeps one registry per process, and
 * the server renderer carries a copy of the domain's schemas that registers the same ids when it loads; a second app
 * made in the same process afterwards (the bench makes one per catalog size) would otherwise meet two schemas under
 * one id and fail to start. Nested schemas' descriptions are still read from zod's registry.
 */
const ownSchemas = new z.core.$ZodRegistry<z.core.GlobalMeta>();
ownSchemas._map = z.globalRegistry._map;

function takeOwnSchemas(): void {
  if (ownSchemas._idmap.size > 0) return;
  for (const [id, schema] of z.globalRegistry._idmap) ownSchemas._idmap.set(id, schema);
}

const toJson = createJsonSchemaTransform({ skipList: [], schemaRegistry: ownSchemas });
const toComponents = createJsonSchemaTransformObject({ schemaRegistry: ownSchemas });

interface OpenApiDocument {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * The document without the components nothing refers to, the others in order of name: every named schema is made both as a request's and as an
 * answer's (`CartLineInput` and `CartLine`), and most are only one of them.
 */
function withoutUnused<T extends OpenApiDocument>(document: T): T {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) {
        const name = key === '$ref' && typeof child === 'string' ? child.split('/').pop() : undefined;
        if (name !== undefined && !used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        } else visit(child);
      }
  };
  visit(document.paths);
  // By name: the registry lists them in the order their modules loaded, which differs between a server and a test
  // worker that loaded other modules first, and the committed document must be the same either way.
  const kept = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { ...document, components: { ...document.components, schemas: kept } };
}

/**
 * The API reference, built from the routes' own zod schemas (docs/architecture.md#api-reference): the OpenAPI 3.1
 * document at /api/openapi.json (committed as docs/openapi.json, which test/api/openapi.test.ts holds to it), and,
 * outside production, a page to read it at /api/docs (Swagger UI, served from the installed swagger-ui-dist: nothing
 * from the internet). Only /api routes appear; the reference's own routes are hidden. Registered before any route.
 */
export async function registerApiReference(app: FastifyInstance, { page }: { page: boolean }): Promise<void> {
  // The error shape is a named component that every error answer refers to: its schema carries the id.
  if (z.globalRegistry.get(apiErrorSchema)?.id !== 'Error') throw new Error('apiErrorSchema lost its id');
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dragon Fruit Marketplace API',
        version: '1',
        description:
          'JSON over HTTP under /api. What each call does, its rules and its messages: docs/product.md#calls and ' +
          "#errors. Money is in dollars. Calls that change anything must come from the site's own pages (Origin), except the payment provider's webhooks, which are signed instead.",
      },
      // The site that serves the document serves the API: the paths are absolute (/api/…).
      servers: [{ url: '/', description: 'The site serving this document' }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: (input) => {
      takeOwnSchemas();
      const { url, route } = input;
      if (!url.startsWith('/api/') || input.schema?.hide) return { schema: { hide: true }, url };
      const transformed = toJson(input);
      const out = { url: transformed.url, schema: { ...transformed.schema } as Record<string, unknown> };
      const access = route.config?.access;
      // Every error the route declares (registerResponses added the edge's own) is the one Error component.
      const edge = edgeErrors(route);
      const described = Object.entries((out.schema.response ?? {}) as Record<string, Record<string, unknown>>)
        .map(([status, schema]) => {
          const description = edge[status] ?? ERROR_MEANINGS[status] ?? STATUS_CODES[status] ?? status;
          return [status, { description, ...schema }] as const;
        })
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      out.schema.response = Object.fromEntries(described);
      // A prefix's own route ('/api/cart/') is called without the slash.
      if (url.length > 5 && url.endsWith('/')) out.url = url.slice(0, -1);
      // A signed-in call carries the session cookie; any other says it needs none.
      out.schema.security = access === 'user' || access === 'seller' ? [{ session: [] }] : [];
      return out as typeof transformed;
    },
    transformObject: (input) => {
      takeOwnSchemas();
      return withoutUnused(toComponents(input) as OpenApiDocument) as ReturnType<typeof toComponents>;
    },
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  // Made once, when the app is ready (the plugin keeps it): a document that cannot be made stops start-up, and
  // nothing loaded later (the server renderer's copy of a domain schema, with the same id in zod's registry) can
  // make it fail at a request.
  app.addHook('onReady', async () => {
    app.swagger();
  });
  if (page) registerDocsPage(app);
}

/** The files of swagger-ui-dist the page loads. */
const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dragon Fruit Marketplace API</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// A file of its own: the Content-Security-Policy allows no inline script.
const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true });\n`;

function registerDocsPage(app: FastifyInstance): void {
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const options = { config: { access: 'public' as const }, schema: { hide: true } };
  app.get('/api/docs', options, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/api/docs/start.js', options, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(START),
  );
  app.get<{ Params: { file: string } }>('/api/docs/:file', options, async (request, reply) => {
    const type = Object.hasOwn(UI_FILES, request.params.file) ? UI_FILES[request.params.file] : undefined;
    if (!type) throw notFound('Not found');
    const body = await readFile(path.join(dist, request.params.file));
    return reply.type(type).header('cache-control', 'public, max-age=3600').send(body);
  });
}
