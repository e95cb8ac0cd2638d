// The orders module's public face (docs/architecture.md#import-rules): the buyer's and the seller's routes and
// services.

export { OrderService } from './order-service';
export {
  type NewOrder,
  type NewOrderLine,
  type Parcel,
  type WrittenOrder,
  writeOrder,
} from './order-write';
export { PaymentEvents } from './payment-events';
export { PaymentWindow } from './payment-window';
export { orderRoutes, sellerOrderRoutes } from './routes';
export { SellerOrderService } from './seller-order-service';
