// The reviews module's public face (docs/architecture.md#import-rules): its routes, its service, and the step
// that hides the reviews a cancelled order no longer backs (the orders module calls it in its transaction).

export { hideUnbackedReviews, ReviewService } from './review-service';
export { reviewRoutes } from './routes';
