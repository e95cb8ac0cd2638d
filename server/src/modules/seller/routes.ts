import { listingSchema } from '@domain/listings/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../http/params';
import { requireSeller } from '../../plugins/session';
import type { SellerService } from './service';

const productParams = idParams('Product');

const orderLineParams = z.object({
  orderId: idParams('Order').shape.id,
  itemId: idParams('Order line').shape.id,
});

const shipBody = z.object({
  status: z.literal('shipped', { error: 'status must be shipped' }),
});

/** Sellers only: visitors get 401 and buyers 403, before anything they sent is looked at. */
function sellersOnly(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    requireSeller(request);
  });
}

/** POST /api/products, PUT and DELETE /api/products/:id: a seller's own listings (docs/product.md#calls). */
export async function listingRoutes(
  app: FastifyInstance,
  { seller }: { seller: SellerService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  sellersOnly(app);

  r.post('/', { schema: { body: listingSchema } }, async (request, reply) => {
    const product = await seller.create(requireSeller(request).id, request.body);
    return reply.code(201).send(product);
  });

  r.put('/:id', { schema: { params: productParams, body: listingSchema } }, async (request) =>
    seller.update(requireSeller(request).id, request.params.id, request.body),
  );

  r.delete('/:id', { schema: { params: productParams } }, async (request) =>
    seller.remove(requireSeller(request).id, request.params.id),
  );
}

/** /api/seller: the seller's listings and the order lines to ship. */
export async function sellerRoutes(
  app: FastifyInstance,
  { seller }: { seller: SellerService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  sellersOnly(app);

  r.get('/products', async (request) => seller.listings(requireSeller(request).id));

  r.get('/orders', async (request) => seller.orderLines(requireSeller(request).id));

  r.patch(
    '/orders/:orderId/items/:itemId',
    { schema: { params: orderLineParams, body: shipBody } },
    async (request) => seller.ship(requireSeller(request).id, request.params.orderId, request.params.itemId),
  );
}
