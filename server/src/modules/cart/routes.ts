import { cartAcceptPriceSchema, cartAddSchema, cartUpdateSchema } from '@domain/cart/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../http/params';
import { requireUser } from '../../plugins/session';
import type { CartService } from './cart-service';

const lineParams = idParams('Cart item');

/** The signed-in user's cart (docs/product.md#calls); visitors get 401, before any validation of what they sent. */
export async function cartRoutes(app: FastifyInstance, { cart }: { cart: CartService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/', { config: { access: 'user' } }, async (request) => cart.list(requireUser(request).id));

  r.post('/', { config: { access: 'user' }, schema: { body: cartAddSchema } }, async (request, reply) => {
    const line = await cart.add(requireUser(request).id, request.body);
    return reply.code(201).send(line);
  });

  r.put(
    '/:id',
    { config: { access: 'user' }, schema: { params: lineParams, body: cartUpdateSchema } },
    async (request) => cart.update(requireUser(request).id, request.params.id, request.body.quantity),
  );

  // The buyer accepts a line's new price, as they were shown it; checkout refuses until every line agrees.
  r.post(
    '/:id/accept-price',
    { config: { access: 'user' }, schema: { params: lineParams, body: cartAcceptPriceSchema } },
    async (request) => cart.acceptPrice(requireUser(request).id, request.params.id, request.body.price),
  );

  r.delete('/:id', { config: { access: 'user' }, schema: { params: lineParams } }, async (request, reply) => {
    await cart.remove(requireUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  r.delete('/', { config: { access: 'user' } }, async (request, reply) => {
    await cart.clear(requireUser(request).id);
    return reply.code(204).send();
  });
}
