import { productDetailSchema, productListSchema } from '@domain/catalog/responses';
import { listingRemovalSchema } from '@domain/listings/responses';
import { listingSchema } from '@domain/listings/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../http/error-answers';
import { idParams } from '../../http/params';
import { requireSeller } from '../../plugins/session';
import type { ListingService } from './listing-service';

const productParams = idParams('Product');

/** POST /api/products, PUT and DELETE /api/products/:id: a seller's own listings (docs/product.md#calls). */
export async function listingRoutes(
  app: FastifyInstance,
  { listings }: { listings: ListingService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'Create a listing',
        operationId: 'createListing',
        body: listingSchema,
        response: { 201: productDetailSchema },
      },
    },
    async (request, reply) => {
      const product = await listings.create(requireSeller(request).id, request.body);
      return reply.code(201).send(product);
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'Edit a listing',
        operationId: 'updateListing',
        params: productParams,
        body: listingSchema,
        response: { 200: productDetailSchema, ...errors(409) },
      },
    },
    async (request) => listings.update(requireSeller(request).id, request.params.id, request.body),
  );

  r.delete(
    '/:id',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'Remove a listing',
        operationId: 'removeListing',
        params: productParams,
        response: { 200: listingRemovalSchema },
      },
    },
    async (request) => listings.remove(requireSeller(request).id, request.params.id),
  );
}

/** GET /api/seller/products: the seller's own listings (their order lines to ship are the orders module's). */
export async function sellerListingRoutes(
  app: FastifyInstance,
  { listings }: { listings: ListingService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/products',
    {
      config: { access: 'seller' },
      schema: {
        summary: "The seller's own listings",
        operationId: 'listSellerListings',
        response: { 200: productListSchema },
      },
    },
    async (request) => listings.bySeller(requireSeller(request).id),
  );
}
