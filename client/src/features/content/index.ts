// The content feature's public face. Its pages are imported lazily by the router (app/AppRoutes.tsx); nothing else of
// it is used outside it today. Whatever another feature or app/ needs from it is exported here.
export {};
