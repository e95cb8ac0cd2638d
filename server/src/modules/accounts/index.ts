// The accounts module's public face (docs/architecture.md#import-rules): its routes and its service.
export { authRoutes } from './routes';
export { AuthService } from './service';
