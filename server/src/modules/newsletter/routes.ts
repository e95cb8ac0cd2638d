import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsletterSchema } from '../../../../domain/schemas/catalog';
import type { Db } from '../../db/connect';
import { newsletterSubscribers } from '../../db/schema';

/** POST /api/newsletter: stores the address once; subscribing again succeeds and changes nothing. */
export async function newsletterRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/', { schema: { body: newsletterSchema } }, async (request, reply) => {
    const inserted = await db
      .insert(newsletterSubscribers)
      .values({ email: request.body.email })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    return reply
      .code(inserted.length ? 201 : 200)
      .send({ message: inserted.length ? 'Subscribed' : 'Already subscribed' });
  });
}
