// The cart module's public face (docs/architecture.md#import-rules): its routes and its service.
export { cartRoutes } from './routes';
export { CartService } from './service';
