// The orders module's public face (docs/architecture.md#import-rules): the buyer's and the seller's routes and
// services.
export { orderRoutes, sellerOrderRoutes } from './routes';
export { SellerOrderService } from './seller-service';
export { OrderService } from './service';
