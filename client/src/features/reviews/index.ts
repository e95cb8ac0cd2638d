// The reviews feature's public face: a listing's reviews and rating, with the form to write one.

export { reviewQueries } from './api';
export { ProductReviews } from './components/ProductReviews';
