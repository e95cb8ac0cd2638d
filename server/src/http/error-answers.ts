import { apiErrorSchema } from '@domain/responses';

/**
 * A route's own error answers, for its `schema.response`: `{ 200: orderSchema, ...errors(404, 409) }`. Each is the
 * one error shape (docs/product.md#errors). Declare every status the route's own code can answer (a service's
 * `Conflict` is 409, `NotFound` 404, …); the ones it answers by what it says of itself (bad input, not signed in, the
 * Origin check, the write limit, a dropped database) are added for it (plugins/responses.ts, `edgeErrors`). The API
 * tests answer 500 for a status the route does not declare.
 */
export function errors<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}
