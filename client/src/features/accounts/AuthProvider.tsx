import type { SessionUser } from '@domain/accounts/responses';
import type { LoginInput } from '@domain/accounts/schemas';
import {
  matchQuery,
  type QueryKey,
  type UseMutationResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useServerRender } from '@/lib/server-render';
import { type Session, SessionContext } from '@/lib/session';
import { accountQueries, login, logout, type RegisterPayload, register } from './api';

/** The session (lib/session.ts: who is signed in, as the other features read it) and signing in and out. */
export interface AuthContextValue extends Session {
  loginMutation: UseMutationResult<SessionUser, Error, LoginInput>;
  registerMutation: UseMutationResult<SessionUser, Error, RegisterPayload>;
  logoutMutation: UseMutationResult<unknown, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Whether the server's signed_in cookie is here: set with the session and cleared with it. */
function mayHaveSession(): boolean {
  return document.cookie.split('; ').includes('signed_in=1');
}

export function AuthProvider({
  children,
  userQueries = [],
}: {
  children: ReactNode;
  /**
   * The keys of answers that belong to whoever is signed in (the cart), dropped when someone signs in. The app
   * passes them: they are other features' keys, and those features use this one (docs/architecture.md#import-rules).
   */
  userQueries?: readonly QueryKey[];
}) {
  const queryClient = useQueryClient();
  const meKey = accountQueries.me().queryKey;
  const [, navigate] = useLocation();

  // The session is checked at start; a 401 means signed out, silently (docs/product.md#states). A browser without the
  // server's signed_in cookie has no session to check: it is signed out at once, with no request.
  const server = useServerRender();
  const hint = server ? server.mayHaveSession : mayHaveSession();
  const me = useQuery({
    ...accountQueries.me(),
    enabled: hint,
    ...(hint ? {} : { initialData: null }),
  });

  const signIn = (user: SessionUser) => {
    // Anything cached for whoever used this browser before belongs to them, not to this user.
    for (const queryKey of userQueries) queryClient.removeQueries({ queryKey });
    queryClient.setQueryData(meKey, user);
  };

  const loginMutation = useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      signIn(user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: errorMessage(error, 'Login failed. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const registerMutation = useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      signIn(user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: errorMessage(error, 'Registration failed. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const logoutMutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Leave the page first so a guarded page does not redirect to /login on the way out.
      navigate('/');
      queryClient.setQueryData(meKey, null);
      queryClient.removeQueries({
        predicate: (query) => !matchQuery({ queryKey: meKey, exact: true }, query),
      });
      toast({ title: 'Logged out successfully' });
    },
    onError: () => {
      toast({
        title: 'Logout failed',
        description: 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const user = me.data ?? null;
  const sessionEnded = useCallback(
    () => queryClient.setQueryData(accountQueries.me().queryKey, null),
    [queryClient],
  );
  const session = useMemo<Session>(
    () => ({ user, isLoading: me.isPending, sessionEnded }),
    [user, me.isPending, sessionEnded],
  );
  const value = useMemo<AuthContextValue>(
    () => ({ ...session, loginMutation, registerMutation, logoutMutation }),
    [session, loginMutation, registerMutation, logoutMutation],
  );
  return (
    <SessionContext.Provider value={session}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </SessionContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
