// The cart feature's public face for code in the first-paint bundle (the header's cart button): the cart query.
// Everything else public (the mutations and the cart's components) is in './lazy' (`@/features/cart/lazy`),
// imported only by lazily loaded code (the cart panel, the listing pages, checkout) so it stays out of the home
// page's JavaScript: re-exported from here, it would land in the first-paint chunk (docs/architecture.md#import-rules).
// The cart page is imported lazily by the router.
export {
  type CartLine,
  type CartProduct,
  cartQueries,
  hasPriceChange,
  type ShownCartLine,
  shownLines,
  useCart,
} from './cart-query';
