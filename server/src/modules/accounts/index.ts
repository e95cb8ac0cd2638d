// The accounts module's public face (docs/architecture.md#import-rules): its routes and its service.

export { AuthService } from './auth-service';
export { DisplayNames, isNameTaken } from './display-names';
export { authRoutes } from './routes';
