// The catalog module's public face (docs/architecture.md#import-rules): its routes, its service (the listings
// module reads a listing through it), the path parameters of a listing (the reviews module's routes share them), and
// how long it may answer a broad list from what it kept (the page cache bounds pages rendered after a change by it).

export { CatalogIndex } from './catalog-index';
export { CatalogService } from './catalog-service';
export { CAPPED_LIST_TTL_MS } from './list';
export { catalogRoutes, productIdParams, storefrontRoutes } from './routes';
export { LISTINGS_PER_SITEMAP, PUBLIC_PAGES, Sitemaps } from './sitemap';
export { sitemapRoutes } from './sitemap-routes';
