import { isDeepStrictEqual } from 'node:util';
import { apiErrorSchema } from '@domain/responses';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/** A route's declared answer, as Fastify passes it to the serializer compiler. */
type ResponseSchema = z.ZodType;

/** An answer that is not what its route declares: a bug in the route or in its schema (thrown only when checking). */
export class UndeclaredResponse extends Error {
  constructor(method: string, url: string, status: string, detail: string) {
    super(`${method} ${url} answered ${status}: ${detail}`);
    this.name = 'UndeclaredResponse';
  }
}

/** An operationId: camelCase, from a lower-case letter. */
const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

/** Methods whose body Fastify reads (and so may refuse: too large, not JSON, malformed). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The errors a route may answer whatever it does, from what it says of itself (docs/product.md#errors), each with
 * what it means: bad input where it takes any, 401/403 by its access rule, 403 for a write from another site, 404 with
 * a path id, 413/415 where a body is read, 429 for a write (the write limit) and 503 for all (the database dropped the
 * connection). A route declares the others its own code answers (409 above all) in `schema.response`.
 */
export function edgeErrors(
  route: Pick<RouteOptions, 'method' | 'config' | 'schema'>,
): Record<string, string> {
  const method = [route.method].flat()[0] ?? 'GET';
  const config = (route.config ?? {}) as { access?: string; crossSite?: string };
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const write = method !== 'GET' && method !== 'HEAD';
  const body = BODY_METHODS.has(method);
  // A signed webhook takes no Origin (security.ts, signedRoutes): its signature is what it is refused for.
  const signed = config.crossSite === 'signed';
  const origin = write && !signed;
  const seller = config.access === 'seller';
  const errors: Record<string, string> = {};
  const inputs = [
    (schema.params || schema.querystring || schema.headers || body) &&
      'Bad input: `errors` names each field that is wrong',
    signed && 'The signature over the body is missing, wrong or too old: nothing was done',
  ].filter(Boolean);
  if (inputs.length) errors[400] = inputs.join('; ');
  if (config.access === 'user' || seller) errors[401] = 'Not signed in';
  if (seller || origin)
    errors[403] = [seller && 'Not a seller account', origin && "Not sent from this site's own pages (Origin)"]
      .filter(Boolean)
      .join('; ');
  if (schema.params) errors[404] = 'Not found, or not yours';
  if (body) {
    errors[413] = 'The body is larger than this call takes';
    errors[415] = 'The body is not of a type this call takes';
  }
  if (write) errors[429] = 'Too many writes from this address or account: wait for Retry-After seconds';
  errors[503] =
    'The database dropped the connection mid-request, or the server is busy; nothing was written: try again after Retry-After';
  return errors;
}

/** Whether `status` is one of the answers `declared` (a route's `schema.response`) names: `409`, `4XX` or `default`. */
export function declares(declared: object, status: number): boolean {
  const keys = Object.keys(declared).map((key) => key.toUpperCase());
  return keys.includes(String(status)) || keys.includes(`${String(status)[0]}XX`) || keys.includes('DEFAULT');
}

/**
 * Every /api route declares its answers (`schema: { response: { 200: … } }`, zod schemas from `domain/`), and the
 * API reference is built from them (docs/architecture.md#api-reference). This holds the routes to it:
 * - a route under /api/ that declares no success answer (2xx), or no `summary` and `operationId` (camelCase, one
 *   per operation), stops the app from starting, naming the route, as registerAccess does for a route without an
 *   access rule. Only a route hidden from the reference (`schema: { hide: true }`: the reference itself) may go
 *   without;
 * - answers are written with JSON.stringify, as Fastify does for a route without a schema: the schemas describe, they
 *   do not filter or slow what is sent;
 * - the errors every such route may answer by what it says of itself (`edgeErrors`: bad input, not signed in, …)
 *   are added to its declared answers, as the one error shape (`apiErrorSchema`); the route declares the others its
 *   own code answers (409 above all), with the same schema;
 * - with `check` (the API tests), each answer as it goes on the wire is held to its schema, and one that has a field
 *   the schema lacks, lacks one it requires, or has a value of another type is a 500 naming the difference; so is an
 *   answer whose status the route does not declare (500 itself aside: the answer to a bug, or to this check). So every
 *   API test proves the reference right for the answers it sees.
 * Registered before any route (onRoute sees only the routes added after it).
 */
export function registerResponses(app: FastifyInstance, { check }: { check: boolean }): void {
  // Each operationId and the method and path it names (a prefix's own route is registered with and without '/').
  const operations = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const declared = Object.keys((route.schema?.response as object | undefined) ?? {});
    if (!declared.some((status) => status.startsWith('2')))
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} declares no answer: give it schema: { response: { 200: … } }`,
      );
    // The reference names each operation: a summary, and an id that client generators make a function of.
    const { summary, operationId } = route.schema as { summary?: unknown; operationId?: unknown };
    const at = `${[route.method].flat().join(',')} ${route.url.replace(/(.)\/$/, '$1')}`;
    if (typeof summary !== 'string' || summary === '' || typeof operationId !== 'string')
      throw new Error(`${at} has no summary or operationId: give its schema both`);
    if (!OPERATION_ID.test(operationId))
      throw new Error(`${at}: operationId ${operationId} is not camelCase (a verb first: listOrders)`);
    const named = operations.get(operationId);
    if (named !== undefined && named !== at && !route.method.includes('HEAD'))
      throw new Error(`${at}: operationId ${operationId} is already ${named}'s`);
    if (!route.method.includes('HEAD')) operations.set(operationId, at);
    const response = (route.schema as { response: Record<string, unknown> }).response;
    for (const status of Object.keys(edgeErrors(route))) response[status] ??= apiErrorSchema;
  });
  if (check)
    app.addHook('onSend', async (request, reply) => {
      const route = request.routeOptions;
      const response = route.schema?.response;
      if (!route.url?.startsWith('/api/') || route.schema?.hide || !response) return;
      const status = reply.statusCode;
      if (status === 500 || declares(response, status)) return;
      // A 500 from here on: the error handlers keep a status already set, and would send this one.
      reply.code(500);
      throw new UndeclaredResponse(
        request.method,
        route.url,
        String(status),
        'a status its route does not declare: add it to schema.response',
      );
    });
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!check) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const wire = JSON.stringify(data);
      const sent: unknown = wire === undefined ? undefined : JSON.parse(wire);
      const parsed = z.safeParse(schema as ResponseSchema, sent);
      if (!parsed.success)
        throw new UndeclaredResponse(
          method,
          url,
          httpStatus ?? '',
          `a body its schema does not declare: ${z.prettifyError(parsed.error)}`,
        );
      // zod drops the keys a schema does not name; a body that differs from what zod kept has undeclared fields.
      if (!isDeepStrictEqual(parsed.data, sent))
        throw new UndeclaredResponse(
          method,
          url,
          httpStatus ?? '',
          `a body with fields not in its schema: ${extraKeys(parsed.data, sent).join(', ')}`,
        );
      return wire;
    };
  });
}

/** The paths of the keys `sent` has and `kept` lacks. */
function extraKeys(kept: unknown, sent: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept))
    return sent.flatMap((item, i) => extraKeys(kept[i], item, `${at}[${i}]`));
  if (sent === null || typeof sent !== 'object' || kept === null || typeof kept !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in kept ? extraKeys((kept as Record<string, unknown>)[key], value, `${at}.${key}`) : [`${at}.${key}`],
  );
}
