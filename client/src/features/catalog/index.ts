// The catalog feature's public face. Its pages are imported lazily by the router (app/AppRoutes.tsx). Other areas
// refresh its answers after a change to stock, prices, listings or ratings, and key under its prefixes (the reviews
// feature keys a listing's reviews under catalogKeys.products).
export { catalogKeys, refreshCatalog } from './cache';
