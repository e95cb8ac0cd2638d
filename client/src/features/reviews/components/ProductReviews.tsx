import type { Product } from '@domain/catalog/responses';
import { Link } from 'wouter';
import { LocalDate } from '@/components/LocalDate';
import { RatingSummary, StarRating } from '@/components/StarRating';
import { Skeleton } from '@/components/ui/Skeleton';
import { useSession } from '@/lib/session';
import { type ProductReview, useMyReview, useProductReviews } from '../api';
import { ReviewForm } from './ReviewForm';

/** The Reviews tab: the real reviews, newest first, or "No reviews yet". */
export function ProductReviews({ product }: { product: Pick<Product, 'id' | 'rating'> }) {
  const reviews = useProductReviews(product.id);
  const list = reviews.data ?? [];
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl">Customer reviews</h2>
        {product.rating.count > 0 && <RatingSummary rating={product.rating} />}
      </div>
      <WriteReview productId={product.id} />
      {reviews.isPending ? (
        <div role="status" aria-label="Loading reviews" className="grid gap-4">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : reviews.isError ? (
        <p className="text-muted-foreground">Reviews could not be loaded. Please try again later.</p>
      ) : list.length === 0 ? (
        <p className="text-muted-foreground">No reviews yet</p>
      ) : (
        <ul className="grid gap-4">
          {list.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewItem({ review }: { review: ProductReview }) {
  return (
    <article className="rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} />
        <h3 className="font-sans text-sm font-semibold">{review.user.username}</h3>
        <span className="text-sm text-muted-foreground">
          <LocalDate value={review.createdAt} />
        </span>
      </div>
      {review.comment && <p className="mt-2 text-sm whitespace-pre-line">{review.comment}</p>}
    </article>
  );
}

/**
 * Where a review is written: the form for a buyer who bought the product (their review, to edit, if they wrote
 * one), the reason for anyone else signed in, and a sign-in link for visitors.
 */
function WriteReview({ productId }: { productId: number }) {
  const { user } = useSession();
  const mine = useMyReview(productId);
  if (!user) {
    return (
      <p className="text-sm text-muted-foreground">
        Bought this plant?{' '}
        <Link href={`/login?redirect=/product/${productId}`} className="font-medium text-primary underline">
          Sign in to review it
        </Link>
        .
      </p>
    );
  }
  if (!mine.data) return null;
  if (!mine.data.canReview) return <p className="text-sm text-muted-foreground">{mine.data.reason}</p>;
  return <ReviewForm key={mine.data.review?.id ?? 'new'} productId={productId} existing={mine.data.review} />;
}
