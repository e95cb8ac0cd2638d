// The auth feature's public face for the rest of the app (pages are imported lazily by the router).
export { type AuthContextValue, AuthProvider, useAuth } from './AuthProvider';
export { RequireAuth, RequireSeller } from './Guards';
export { safeRedirect } from './redirect';
