// The orders feature's public face: checkout (the cart page and the cart panel) and the seller's order lines (the
// seller's dashboard). The buyer's order pages are imported lazily by the router.
export { useCheckout } from './checkout';
export { SellerOrders } from './components/SellerOrders';
