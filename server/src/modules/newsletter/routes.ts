import { newsletterSchema } from '@domain/newsletter/schemas';
import { messageSchema } from '@domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { NewsletterService } from './newsletter-service';

/**
 * POST /api/newsletter: stores the address once. A new and an already subscribed address get the very same answer,
 * so the form cannot be used to learn who is subscribed.
 */
export async function newsletterRoutes(
  app: FastifyInstance,
  { newsletter }: { newsletter: NewsletterService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Subscribe an email address to the newsletter',
        operationId: 'subscribeToNewsletter',
        body: newsletterSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await newsletter.subscribe(request.body.email);
      return { message: 'Subscribed' };
    },
  );
}
