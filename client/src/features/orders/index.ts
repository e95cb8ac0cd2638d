// The orders feature's public face: checkout (the cart page and the cart panel) and the seller's shipments (the
// seller's dashboard). The buyer's order pages and the packing slip are imported lazily by the router.
export { useCheckout } from './checkout';
export { CheckoutNoteField } from './components/CheckoutNoteField';
export { SellerOrders } from './components/SellerOrders';
export { ToShipSummary } from './components/ToShipSummary';
