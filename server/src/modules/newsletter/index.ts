// The newsletter module's public face (docs/architecture.md#import-rules): its routes and its service.

export { NewsletterService } from './newsletter-service';
export { newsletterRoutes } from './routes';
