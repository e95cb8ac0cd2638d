// The cart feature's public face for the rest of the app.
export {
  CART_QUERY_KEY,
  type CartLine,
  type CartProduct,
  type ShownCartLine,
  shownLines,
  useCart,
} from './api';
