import { catalogFilterSchema, EXACT_TOTAL_LIMIT, productListQuerySchema } from '@domain/catalog/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../http/params';
import type { CatalogService } from './service';

export const productIdParams = idParams('Product');

export async function catalogRoutes(
  app: FastifyInstance,
  { catalog }: { catalog: CatalogService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/', { schema: { querystring: productListQuerySchema } }, async (request, reply) => {
    const page = await catalog.list(request.query);
    reply.header('x-total-count', page.capped ? `${EXACT_TOTAL_LIMIT}+` : String(page.total));
    return page.items;
  });

  r.get('/facets', { schema: { querystring: catalogFilterSchema } }, async (request) =>
    catalog.facets(request.query),
  );

  r.get('/:id', { schema: { params: productIdParams } }, async (request) => catalog.get(request.params.id));

  r.get('/:id/related', { schema: { params: productIdParams } }, async (request) =>
    catalog.related(request.params.id),
  );
}
