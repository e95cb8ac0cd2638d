import { cartLineSchema } from '@domain/cart/responses';
import { cartAcceptPriceSchema, cartAddSchema, cartUpdateSchema } from '@domain/cart/schemas';
import { noContent } from '@domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../http/error-answers';
import { idParams } from '../../http/params';
import { requireUser } from '../../plugins/session';
import type { CartService } from './cart-service';

const lineParams = idParams('Cart item');

/** The signed-in user's cart (docs/product.md#calls); visitors get 401, before any validation of what they sent. */
export async function cartRoutes(app: FastifyInstance, { cart }: { cart: CartService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        summary: "The cart's lines",
        operationId: 'listCartLines',
        response: { 200: z.array(cartLineSchema) },
      },
    },
    async (request) => cart.list(requireUser(request).id),
  );

  r.post(
    '/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Add a listing to the cart',
        operationId: 'addToCart',
        body: cartAddSchema,
        response: { 201: cartLineSchema, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const line = await cart.add(requireUser(request).id, request.body);
      return reply.code(201).send(line);
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: "Change a cart line's quantity",
        operationId: 'updateCartLine',
        params: lineParams,
        body: cartUpdateSchema,
        response: { 200: cartLineSchema, ...errors(409) },
      },
    },
    async (request) => cart.update(requireUser(request).id, request.params.id, request.body.quantity),
  );

  // The buyer accepts a line's new price, as they were shown it; checkout refuses until every line agrees.
  r.post(
    '/:id/accept-price',
    {
      config: { access: 'user' },
      schema: {
        summary: "Accept a cart line's new price",
        operationId: 'acceptCartLinePrice',
        params: lineParams,
        body: cartAcceptPriceSchema,
        response: { 200: cartLineSchema, ...errors(409) },
      },
    },
    async (request) => cart.acceptPrice(requireUser(request).id, request.params.id, request.body.price),
  );

  r.delete(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Remove a line from the cart',
        operationId: 'removeCartLine',
        params: lineParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await cart.remove(requireUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  r.delete(
    '/',
    {
      config: { access: 'user' },
      schema: { summary: 'Empty the cart', operationId: 'clearCart', response: { 204: noContent } },
    },
    async (request, reply) => {
      await cart.clear(requireUser(request).id);
      return reply.code(204).send();
    },
  );
}
