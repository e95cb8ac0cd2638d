// The cart feature's second public face (docs/architecture.md#import-rules): what lazily loaded code uses (the
// cart panel, the listing pages, checkout), kept out of './index' so that it stays out of the first-paint bundle.
export {
  useAcceptCartPrice,
  useAddToCart,
  useClearCart,
  useRemoveCartLine,
  useUpdateCartQuantity,
} from './api';
export { CartLineItem } from './components/CartLineItem';
export { CartLinesSkeleton, EmptyCart } from './components/CartStates';
export { CartTotals } from './components/CartTotals';
export { CheckoutButton, paymentNoticeOf } from './components/CheckoutButton';
export { PromoCodeForm } from './components/PromoCodeForm';
export { toastPleaseLogIn } from './toasts';
