// The catalog module's public face (docs/architecture.md#import-rules): its routes, its service (the listings
// module reads a listing through it) and the path parameters of a listing (the reviews module's routes share them).

export { CatalogService } from './catalog-service';
export { catalogRoutes, productIdParams, storefrontRoutes } from './routes';
export { LISTINGS_PER_SITEMAP, PUBLIC_PAGES, Sitemaps } from './sitemap';
export { sitemapRoutes } from './sitemap-routes';
