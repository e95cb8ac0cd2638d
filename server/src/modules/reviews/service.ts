import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { MyReview, Review } from '../../../../domain/reviews';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { products, reviews, users } from '../../db/schema';
import { forbidden, notFound } from '../../plugins/errors';

/** A review with its author's username. */
const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  username: users.username,
};

export const NOT_PURCHASED = 'Only buyers who bought this product can review it';
export const OWN_LISTING = 'You cannot review your own listing';

/**
 * Reviews from verified buyers: a user may review a listing they have an order line for (in an order that
 * was not cancelled), one review per user and listing (a second one replaces the first). The listing's
 * rating count and sum are recomputed from its reviews in the same transaction, under the listing's row
 * lock, so they always agree with the reviews.
 */
export class ReviewService {
  private readonly listReviews;

  constructor(private readonly db: Db) {
    this.listReviews = db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.productId, sql.placeholder('productId')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .prepare('product_reviews');
  }

  /** A visible listing's reviews, newest first; 404 for a missing or archived listing. */
  async list(productId: number): Promise<Review[]> {
    await this.visible(this.db, productId);
    return (await this.listReviews.execute({ productId })).map(toReview);
  }

  /** Whether this user may review the listing, and the review they wrote, if any. */
  async mine(userId: number, productId: number): Promise<MyReview> {
    const product = await this.visible(this.db, productId);
    const reason = await this.refusal(this.db, userId, product);
    const [own] = await this.db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
    return { canReview: reason === null, reason, review: own ? toReview(own) : null };
  }

  /** Writes the user's review of a listing, or replaces it; `created` tells which. */
  async write(
    userId: number,
    productId: number,
    input: { rating: number; comment: string | null },
  ): Promise<{ review: Review; created: boolean }> {
    return this.db.transaction(async (tx) => {
      // The listing's row lock orders concurrent reviews of it, so the recount below sees them all.
      const product = await this.visible(tx, productId, true);
      const reason = await this.refusal(tx, userId, product);
      if (reason) throw forbidden(reason);
      const [written] = await queryRows<{ id: number; created: boolean }>(
        tx,
        sql`insert into reviews (user_id, product_id, rating, comment)
            values (${userId}::int, ${productId}::int, ${input.rating}::int, ${input.comment}::text)
            on conflict (user_id, product_id) do update
              set rating = excluded.rating, comment = excluded.comment, created_at = now()
            returning id, (xmax = 0) as created`,
      );
      await tx.execute(
        sql`update products set
              rating_count = (select count(*) from reviews where product_id = ${productId}),
              rating_sum = (select coalesce(sum(rating), 0) from reviews where product_id = ${productId})
            where id = ${productId}`,
      );
      const [row] = await tx
        .select(reviewColumns)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(eq(reviews.id, (written as { id: number }).id));
      return { review: toReview(row as ReviewRow), created: Boolean(written?.created) };
    });
  }

  private async visible(db: Db | Tx, productId: number, lock = false) {
    const query = db
      .select({ id: products.id, sellerId: products.sellerId })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.archivedAt)));
    const [product] = lock ? await query.for('update') : await query;
    if (!product) throw notFound('Product not found');
    return product;
  }

  /** Why this user may not review the listing, or null when they may. */
  private async refusal(db: Db | Tx, userId: number, product: { id: number; sellerId: number }) {
    if (product.sellerId === userId) return OWN_LISTING;
    const [bought] = await queryRows<{ one: number }>(
      db,
      sql`select 1 as one from order_items oi join orders o on o.id = oi.order_id
          where o.user_id = ${userId} and oi.product_id = ${product.id} and oi.status <> 'cancelled'
          limit 1`,
    );
    return bought ? null : NOT_PURCHASED;
  }
}

interface ReviewRow {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: Date;
  username: string;
}

function toReview(r: ReviewRow): Review {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    user: { username: r.username },
  };
}
