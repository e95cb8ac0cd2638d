import type { DemoAccounts, SessionUser } from '@domain/accounts/responses';
import type { LoginInput } from '@domain/accounts/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest, isApiError } from '@/lib/api';

/** POST /api/auth/register body, exactly as docs/product.md#calls lists it. */
export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
  isSeller: boolean;
  /** A seller's shop name (docs/decisions/0024-storefronts.md). */
  businessName: string | null;
  location: string | null;
  bio: string | null;
}

export const login = (input: LoginInput) => apiRequest<SessionUser>('POST', '/api/auth/login', input);
export const register = (payload: RegisterPayload) =>
  apiRequest<SessionUser>('POST', '/api/auth/register', payload);
export const logout = () => apiRequest<{ message: string }>('POST', '/api/auth/logout');

/** The accounts' queries; every key starts with 'accounts'. */
export const accountQueries = {
  all: ['accounts'] as const,
  /** GET /api/auth/me: the signed-in user; a 401 means signed out, silently (docs/product.md#states). */
  me: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'me'] as const,
      queryFn: ({ signal }) => apiGet<SessionUser>('/api/auth/me', { signal, nullOn401: true }),
    }),
  /**
   * GET /api/auth/demo: the demo credentials, or null without demo mode (a 404, always so in production): that is
   * an answer, not a failure, so the login page still renders on the server.
   */
  demo: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'demo'] as const,
      queryFn: ({ signal }) =>
        apiGet<DemoAccounts>('/api/auth/demo', { signal }).catch((error: unknown) => {
          if (isApiError(error, 404)) return null;
          throw error;
        }),
    }),
};
