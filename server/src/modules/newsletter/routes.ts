import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsletterSchema } from '../../../../domain/schemas/catalog';
import type { Db } from '../../db/connect';
import { newsletterSubscribers } from '../../db/schema';

/**
 * POST /api/newsletter: stores the address once. A new and an already subscribed address get the very same answer,
 * so the form cannot be used to learn who is subscribed.
 */
export async function newsletterRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/', { config: { access: 'public' }, schema: { body: newsletterSchema } }, async (request) => {
    await db.insert(newsletterSubscribers).values({ email: request.body.email }).onConflictDoNothing();
    return { message: 'Subscribed' };
  });
}
