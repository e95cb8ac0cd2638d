import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** A route's declared answer, as Fastify passes it to the serializer compiler. */
type ResponseSchema = z.ZodType;

/** An answer that is not what its route declares: a bug in the route or in its schema (thrown only when checking). */
export class UndeclaredResponse extends Error {
  constructor(method: string, url: string, status: string, detail: string) {
    super(`${method} ${url} answered ${status} with a body its schema does not declare: ${detail}`);
    this.name = 'UndeclaredResponse';
  }
}

/**
 * Every /api route declares its answers (`schema: { response: { 200: … } }`, zod schemas from `domain/`), and the
 * API reference is built from them (docs/architecture.md#api-reference). This holds the routes to it:
 * - a route under /api/ that declares no success answer (2xx) stops the app from starting, naming the route, as
 *   registerAccess does for a route without an access rule. Only a route hidden from the reference
 *   (`schema: { hide: true }`: the reference itself) may go without;
 * - answers are written with JSON.stringify, as Fastify does for a route without a schema: the schemas describe, they
 *   do not filter or slow what is sent;
 * - with `check` (the API tests), each answer as it goes on the wire is held to its schema, and one that has a field
 *   the schema lacks, lacks one it requires, or has a value of another type is a 500 naming the difference. So every
 *   API test proves the reference right for the answers it sees.
 * Registered before any route (onRoute sees only the routes added after it).
 */
export function registerResponses(app: FastifyInstance, { check }: { check: boolean }): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const declared = Object.keys((route.schema?.response as object | undefined) ?? {});
    if (!declared.some((status) => status.startsWith('2')))
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} declares no answer: give it schema: { response: { 200: … } }`,
      );
  });
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!check) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const wire = JSON.stringify(data);
      const sent: unknown = wire === undefined ? undefined : JSON.parse(wire);
      const parsed = z.safeParse(schema as ResponseSchema, sent);
      if (!parsed.success)
        throw new UndeclaredResponse(method, url, httpStatus ?? '', z.prettifyError(parsed.error));
      // zod drops the keys a schema does not name; a body that differs from what zod kept has undeclared fields.
      if (!isDeepStrictEqual(parsed.data, sent))
        throw new UndeclaredResponse(
          method,
          url,
          httpStatus ?? '',
          `fields not in the schema: ${extraKeys(parsed.data, sent).join(', ')}`,
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
