import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/session';
import type { CartService } from './service';

export async function cartRoutes(app: FastifyInstance, { cart }: { cart: CartService }): Promise<void> {
  app.get('/', async (request) => cart.list(requireUser(request).id));
}
