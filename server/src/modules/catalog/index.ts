// The catalog module's public face (docs/architecture.md#import-rules): its routes, its service (the listings
// module reads a listing through it) and the path parameters of a listing (the reviews module's routes share them).

export { CatalogService } from './catalog-service';
export { catalogRoutes, productIdParams } from './routes';
