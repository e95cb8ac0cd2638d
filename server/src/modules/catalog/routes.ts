import {
  catalogFacetsSchema,
  productDetailSchema,
  productListSchema,
  storefrontSchema,
} from '@domain/catalog/responses';
import { catalogFilterSchema, EXACT_TOTAL_LIMIT, productListQuerySchema } from '@domain/catalog/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../http/error-answers';
import { idParams } from '../../http/params';
import type { CatalogService } from './catalog-service';

export const productIdParams = idParams('Product');

export async function catalogRoutes(
  app: FastifyInstance,
  {
    catalog,
    searchedFor = () => {},
  }: {
    catalog: CatalogService;
    /** A search's first page asked for listings that may go to a state (a nursery's missed buyers count them). */
    searchedFor?: (state: string) => void;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'public' },
      // The total is the X-Total-Count header ("10000+" past EXACT_TOTAL_LIMIT), not part of the body.
      schema: {
        summary: 'Search and browse the listings',
        operationId: 'listProducts',
        querystring: productListQuerySchema,
        response: { 200: productListSchema, ...errors(404) },
      },
    },
    async (request, reply) => {
      const page = await catalog.list(request.query);
      if (request.query.shipsTo && request.query.page === 1) {
        searchedFor(request.query.shipsTo);
        // Counted: an answer (or a page rendered from it) kept and given again would not be
        // (docs/decisions/0025-page-cache.md). A signed-in request already says private, no-store.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      }
      reply.header('x-total-count', page.capped ? `${EXACT_TOTAL_LIMIT}+` : String(page.total));
      return page.items;
    },
  );

  r.get(
    '/facets',
    {
      config: { access: 'public' },
      schema: {
        summary: "The counts for the catalog's filters",
        operationId: 'getProductFacets',
        querystring: catalogFilterSchema,
        response: { 200: catalogFacetsSchema, ...errors(404) },
      },
    },
    async (request) => catalog.facets(request.query),
  );

  r.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: 'One listing',
        operationId: 'getProduct',
        params: productIdParams,
        response: { 200: productDetailSchema },
      },
    },
    async (request) => catalog.get(request.params.id),
  );

  r.get(
    '/:id/related',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Listings like this one',
        operationId: 'listRelatedProducts',
        params: productIdParams,
        response: { 200: productListSchema },
      },
    },
    async (request) => catalog.related(request.params.id),
  );
}

/** A storefront's path parameter: a username (any text is looked up; an unknown one is a 404). */
const storefrontParams = z.object({ username: z.string().max(100, 'Seller not found') });

/** GET /api/sellers/:username: a nursery's storefront (docs/decisions/0024-storefronts.md). */
export async function storefrontRoutes(
  app: FastifyInstance,
  { catalog }: { catalog: CatalogService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:username',
    {
      config: { access: 'public' },
      schema: {
        summary: "A nursery's storefront",
        operationId: 'getStorefront',
        params: storefrontParams,
        response: { 200: storefrontSchema },
      },
    },
    async (request) => catalog.storefront(request.params.username),
  );
}
