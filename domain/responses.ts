/**
 * What every answer shares, as zod schemas: the error shape, and the helpers the areas' `responses.ts` use. The
 * API reference (`/api/openapi.json`, docs/architecture.md#api-reference) is built from the routes' schemas; a
 * schema given an `id` here or in an area becomes one named component of it. Types are derived from the schemas
 * (`z.output`), so the shape is written once; pages import those types alone (`import type`), never zod.
 */
import { z } from 'zod';

/** The JSON error shape every API error uses (docs/product.md#errors). */
export const apiErrorSchema = z
  .object({
    message: z.string().describe('What went wrong, in words for the person'),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .describe('Per field (or per listing id), what is wrong with it'),
  })
  .meta({ id: 'Error' });

/** A time as the API writes it: an ISO 8601 string in UTC. */
export const isoTime = () => z.iso.datetime();

/** A day as the API writes it: YYYY-MM-DD. */
export const isoDay = () => z.iso.date();

/** Money in the API: dollars (integer cents in the database). */
export const dollars = () => z.number().nonnegative();

/** A row id. */
export const id = () => z.int().positive();

/**
 * A nursery as answers name it (docs/decisions/0024-storefronts.md): pages show `name` and link to
 * `/sellers/<username>`.
 */
export const sellerRefSchema = z.object({
  id: id(),
  username: z.string().describe('Its storefront is /sellers/<username>'),
  name: z.string().describe('Its shop name, else its username'),
});
export type SellerRef = z.output<typeof sellerRefSchema>;

/** A plain `{ message }` answer (logout, the newsletter). */
export const messageSchema = z.object({ message: z.string() });

/** No body: 204. */
export const noContent = z.undefined().describe('No content');

/**
 * GET /api/health: the server answers, which database it runs on, and whether its catalog index counts the facets
 * (`building`: the statements count meanwhile, slower; docs/decisions/0041-catalog-facets-in-memory.md).
 */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  catalogIndex: z.enum(['ready', 'building', 'off']),
});
