import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listingSchema } from '../../../../domain/schemas/listing';
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

/** POST /api/products, PUT and DELETE /api/products/:id: a seller's own listings (docs/product.md#calls). */
export async function listingRoutes(
  app: FastifyInstance,
  { seller }: { seller: SellerService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/', { config: { access: 'seller' }, schema: { body: listingSchema } }, async (request, reply) => {
    const product = await seller.create(requireSeller(request).id, request.body);
    return reply.code(201).send(product);
  });

  r.put(
    '/:id',
    { config: { access: 'seller' }, schema: { params: productParams, body: listingSchema } },
    async (request) => seller.update(requireSeller(request).id, request.params.id, request.body),
  );

  r.delete('/:id', { config: { access: 'seller' }, schema: { params: productParams } }, async (request) =>
    seller.remove(requireSeller(request).id, request.params.id),
  );
}

/** /api/seller: the seller's listings and the order lines to ship. */
export async function sellerRoutes(
  app: FastifyInstance,
  { seller }: { seller: SellerService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/products', { config: { access: 'seller' } }, async (request) =>
    seller.listings(requireSeller(request).id),
  );

  r.get('/orders', { config: { access: 'seller' } }, async (request) =>
    seller.orderLines(requireSeller(request).id),
  );

  r.patch(
    '/orders/:orderId/items/:itemId',
    { config: { access: 'seller' }, schema: { params: orderLineParams, body: shipBody } },
    async (request) => seller.ship(requireSeller(request).id, request.params.orderId, request.params.itemId),
  );
}
