import type { Review } from '@domain/reviews/responses';
import { COMMENT_MAX, REVIEW_MESSAGES } from '@domain/reviews/types';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { FieldError, FormField } from '@/components/ui/FormField';
import { Textarea } from '@/components/ui/Textarea';
import { isApiError } from '@/lib/api';
import { serverFieldErrors } from '@/lib/form-errors';
import { useHydrated } from '@/lib/server-render';
import { cn } from '@/lib/utils';
import { useWriteReview } from '../api';

const RATINGS = [1, 2, 3, 4, 5] as const;
const CHOOSE_RATING = 'Please choose a rating from 1 to 5';
/** The fields the server's 400 may name, shown beside them. */
const REVIEW_FIELDS = ['rating', 'comment'] as const;

/**
 * Writing a review, for a buyer who bought the product: 1 to 5 stars (radio buttons, so arrow keys work) and an
 * optional comment. A buyer who already reviewed it edits that review.
 */
export function ReviewForm({ productId, existing }: { productId: number; existing: Review | null }) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const write = useWriteReview(productId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (rating === null) found.rating = CHOOSE_RATING;
    if (comment.trim().length > COMMENT_MAX) found.comment = REVIEW_MESSAGES.comment;
    setErrors(found);
    if (rating === null || found.comment) return;
    write.mutate(
      { rating, comment: comment.trim() },
      {
        onError: (error) => {
          if (isApiError(error, 400)) setErrors(serverFieldErrors(error, REVIEW_FIELDS));
        },
      },
    );
  };

  const ratingError = errors.rating;
  const hydrated = useHydrated();
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-lg border bg-card p-4">
      <h3 className="text-lg">{existing ? 'Edit your review' : 'Write a review'}</h3>
      <fieldset aria-describedby={ratingError ? `${id}-rating-error` : undefined} className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Your rating</legend>
        <div className="flex gap-1">
          {RATINGS.map((value) => {
            const filled = rating !== null && value <= rating;
            return (
              <label key={value} className="cursor-pointer">
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  aria-invalid={ratingError ? true : undefined}
                  className="peer sr-only"
                />
                <span className="sr-only">{value === 1 ? '1 star' : `${value} stars`}</span>
                <Star
                  aria-hidden="true"
                  strokeWidth={1.5}
                  className={cn(
                    'size-8 rounded-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
                    filled ? 'fill-current text-star' : 'text-star-empty',
                  )}
                />
              </label>
            );
          })}
        </div>
        {ratingError && <FieldError id={`${id}-rating-error`}>{ratingError}</FieldError>}
      </fieldset>
      <FormField
        id={`${id}-comment`}
        label="Your review (optional)"
        hint={`Up to ${COMMENT_MAX.toLocaleString('en-US')} characters: how it arrived, rooted and grew.`}
        error={errors.comment}
      >
        <Textarea rows={4} value={comment} onChange={(e) => setComment(e.target.value)} />
      </FormField>
      <div>
        {/* Sent by the page's code: not ready (disabled) until the page is adopted, so nothing typed is lost. */}
        <Button type="submit" variant="cactus" disabled={write.isPending || !hydrated}>
          {write.isPending ? 'Saving...' : existing ? 'Update review' : 'Submit review'}
        </Button>
      </div>
    </form>
  );
}
