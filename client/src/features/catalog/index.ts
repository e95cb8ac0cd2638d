// The catalog feature's public face. Its pages are imported lazily by the router (app/routes.tsx). Other areas use
// its queries' keys (the reviews feature keys a listing's reviews under them) and refresh its answers after a change
// to stock, prices, listings or ratings.
export { catalogQueries, refreshCatalog } from './api';
