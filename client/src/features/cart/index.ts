// The cart feature's public face for code in the first-paint bundle (the header). The cart's mutations are in
// './api' (`@/features/cart/api`) and checkout in `@/features/orders/checkout`, imported only by lazily loaded
// code so they stay out of the home page's JavaScript; the cart page is imported lazily by the router.
export {
  CART_QUERY_KEY,
  type CartLine,
  type CartProduct,
  type ShownCartLine,
  shownLines,
  useCart,
} from './cart-query';
