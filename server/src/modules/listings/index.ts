// The listings module's public face (docs/architecture.md#import-rules): its routes and its service.

export { ListingService } from './listing-service';
export { listingRoutes, sellerListingRoutes } from './routes';
