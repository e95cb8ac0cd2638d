// The catalog feature's public face. Its pages are imported lazily by the router (app/AppRoutes.tsx); nothing else of
// it is used outside it today (the keys other features refresh are in lib/catalog-cache.ts). Whatever app/ or
// another feature's page needs from it is exported here.
export {};
