import type { MyReview, Review } from '@domain/reviews/responses';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import type { RowOf } from '../../db/rows';
import { products, reviews, users } from '../../db/schema';
import { Forbidden, NotFound } from '../../errors';

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
 * Whether the user has a standing purchase of the listing: an order line for it whose shipment was not cancelled. The
 * listing is given as SQL (a value or a column), so the same rule serves one listing or a whole statement.
 */
function standingPurchase(userId: number, productId: SQL) {
  return sql`exists (select 1 from order_items oi join orders o on o.id = oi.order_id
                     join shipments s on s.id = oi.shipment_id
                     where o.user_id = ${userId} and oi.product_id = ${productId} and s.status <> 'cancelled')`;
}

/**
 * Recomputes the listings' rating count and sum from their shown reviews. The caller holds the listings' row
 * locks, which every review write and order cancel takes first, so the counts always agree with the reviews.
 */
async function recountRatings(tx: Tx, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(
    sql`update products p set
          rating_count = (select count(*) from reviews r where r.product_id = p.id and r.hidden_at is null),
          rating_sum = (select coalesce(sum(r.rating), 0) from reviews r
                        where r.product_id = p.id and r.hidden_at is null)
        where p.id in (${sql.join(
          productIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})`,
  );
}

/**
 * Hides the user's reviews of these listings that no standing purchase backs any more (their last order line of
 * the listing was just cancelled) and recounts those listings' ratings. Called by the cancel, in its transaction,
 * after its lines are marked cancelled and with the listings locked: a review write waiting on the lock then
 * finds no purchase, and one that committed first is hidden here.
 */
export async function hideUnbackedReviews(tx: Tx, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const hidden = await queryRows<RowOf<typeof reviews, 'productId'>>(
    tx,
    sql`update reviews r set hidden_at = now()
        where r.user_id = ${userId} and r.hidden_at is null
          and r.product_id in (${sql.join(
            productIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})
          and not ${standingPurchase(userId, sql`r.product_id`)}
        returning r.product_id as "productId"`,
  );
  await recountRatings(
    tx,
    hidden.map((h) => h.productId),
  );
}

/**
 * Reviews from verified buyers: a user may review a listing while they have a standing purchase of it (an
 * order line for it that was not cancelled), one review per user and listing (a second one replaces the first).
 * Cancelling the last such line hides the review (hideUnbackedReviews). The listing's rating count and sum are
 * recomputed from its shown reviews in the same transaction, under the listing's row lock, so they always agree
 * with the reviews.
 */
export class ReviewService {
  private readonly listReviews;

  constructor(private readonly db: Db) {
    this.listReviews = db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.productId, sql.placeholder('productId')), isNull(reviews.hiddenAt)))
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
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId), isNull(reviews.hiddenAt)));
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
      if (reason) throw new Forbidden(reason);
      const [written] = await queryRows<RowOf<typeof reviews, 'id'> & { created: boolean }>(
        tx,
        // A review a cancel hid is replaced as a new one: it is published again, so `created` is true.
        sql`with hidden as (
              select 1 from reviews
              where user_id = ${userId} and product_id = ${productId} and hidden_at is not null
            )
            insert into reviews (user_id, product_id, rating, comment)
            values (${userId}::int, ${productId}::int, ${input.rating}::int, ${input.comment}::text)
            on conflict (user_id, product_id) do update
              set rating = excluded.rating, comment = excluded.comment, created_at = now(), hidden_at = null
            returning id, (xmax = 0 or exists (select 1 from hidden)) as created`,
      );
      await recountRatings(tx, [productId]);
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
    if (!product) throw new NotFound('Product not found');
    return product;
  }

  /** Why this user may not review the listing, or null when they may. */
  private async refusal(db: Db | Tx, userId: number, product: { id: number; sellerId: number }) {
    if (product.sellerId === userId) return OWN_LISTING;
    const [row] = await queryRows<{ bought: boolean }>(
      db,
      sql`select ${standingPurchase(userId, sql`${product.id}::int`)} as bought`,
    );
    return row?.bought ? null : NOT_PURCHASED;
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
