import { myReviewSchema, productReviewSchema } from '@domain/reviews/responses';
import { reviewSchema } from '@domain/reviews/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session';
import { productIdParams } from '../catalog';
import type { ReviewService } from './review-service';

/** A listing's reviews (anyone may read them) and writing one (verified buyers). */
export async function reviewRoutes(
  app: FastifyInstance,
  { reviews }: { reviews: ReviewService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        summary: "A listing's reviews",
        operationId: 'listProductReviews',
        params: productIdParams,
        response: { 200: z.array(productReviewSchema) },
      },
    },
    async (request) => reviews.list(request.params.id),
  );

  // Signed in only; a visitor gets 401 before anything sent is looked at.
  r.get(
    '/:id/reviews/mine',
    {
      config: { access: 'user' },
      schema: {
        summary: "The signed-in user's review of a listing",
        operationId: 'getMyReview',
        params: productIdParams,
        response: { 200: myReviewSchema },
      },
    },
    async (request) => reviews.mine(requireUser(request).id, request.params.id),
  );

  r.post(
    '/:id/reviews',
    {
      config: { access: 'user' },
      schema: {
        summary: "Write or change one's review of a listing",
        operationId: 'reviewProduct',
        params: productIdParams,
        body: reviewSchema,
        // 201 for a new review (or one a cancel had hidden, published again), 200 for one replaced.
        response: { 200: productReviewSchema, 201: productReviewSchema },
      },
    },
    async (request, reply) => {
      const { review, created } = await reviews.write(
        requireUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(review);
    },
  );
}
