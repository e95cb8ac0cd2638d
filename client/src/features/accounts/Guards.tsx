import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { PageLoading } from '@/components/PageStatus';
import { loginUrl } from '@/lib/sign-in';
import { useAuth } from './AuthProvider';

/** Signed-in users only; others go to /login?redirect=<this page> (or `returnTo`). */
export function RequireAuth({ children, returnTo }: { children: ReactNode; returnTo?: string }) {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) return <PageLoading />;
  if (!user)
    return <Redirect to={loginUrl(returnTo ?? (search ? `${location}?${search}` : location))} replace />;
  return <>{children}</>;
}

/**
 * Sellers only: "Loading..." while the session resolves, then a visitor goes to /login and comes back to this page
 * once signed in; a signed-in buyer goes to /login.
 */
export function RequireSeller({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) return <PageLoading />;
  if (!user) return <Redirect to={loginUrl(search ? `${location}?${search}` : location)} replace />;
  if (!user.isSeller) return <Redirect to="/login" replace />;
  return <>{children}</>;
}
