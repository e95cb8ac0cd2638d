import type { SessionUser } from '@domain/accounts/responses';
import { createContext, useContext } from 'react';

/**
 * Who is signed in, as every feature reads it: the user (null when signed out, also while loading), whether the
 * session check at start is still under way, and `sessionEnded` for a request answered 401 (the session expired, or
 * was ended in another tab). The accounts feature's AuthProvider provides it, with signing in and out beside it
 * (`useAuth`, for the accounts' own pages and the app's menus); the other features read it here, since a feature does
 * not import another (docs/architecture.md#import-rules).
 */
export interface Session {
  user: SessionUser | null;
  isLoading: boolean;
  sessionEnded: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within an AuthProvider');
  return value;
}
