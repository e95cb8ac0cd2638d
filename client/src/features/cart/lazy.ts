// The cart feature's second public face (docs/architecture.md#import-rules): what lazily loaded code uses (the
// cart panel, the listing pages, checkout), kept out of './index' so that it stays out of the first-paint bundle.

export { signInToAdd, useAddAfterSignIn } from './add-after-sign-in';
export {
  useAcceptCartPrice,
  useAddToCart,
  useClearCart,
  useRemoveCartLine,
  useUpdateCartQuantity,
} from './api';
export { useCheckoutCart } from './checkout-cart';
export { AddToCartButton, NOT_TAKING_ORDERS } from './components/AddToCartButton';
export { CartDeliveries } from './components/CartDeliveries';
export { CartLineItem } from './components/CartLineItem';
export { CartLinesSkeleton, EmptyCart } from './components/CartStates';
export { CartTotals } from './components/CartTotals';
export { CheckoutButton, freightNoticeOf, paymentNoticeOf } from './components/CheckoutButton';
export { PromoCodeForm } from './components/PromoCodeForm';
