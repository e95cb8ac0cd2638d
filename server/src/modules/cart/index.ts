// The cart module's public face (docs/architecture.md#import-rules): its routes and its service.

export { CartService } from './cart-service';
export { cartRoutes } from './routes';
