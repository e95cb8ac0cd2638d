import type { LoginInput, SessionUser } from '@domain/accounts/schemas';
import { apiRequest } from '@/lib/api';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;
export const DEMO_QUERY_KEY = ['/api/auth/demo'] as const;

/** POST /api/auth/register body, exactly as docs/product.md#calls lists it. */
export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
  isSeller: boolean;
  location: string | null;
  bio: string | null;
}

export interface DemoAccounts {
  buyer: { username: string; password: string };
  seller: { username: string; password: string };
}

export const login = (input: LoginInput) => apiRequest<SessionUser>('POST', '/api/auth/login', input);
export const register = (payload: RegisterPayload) =>
  apiRequest<SessionUser>('POST', '/api/auth/register', payload);
export const logout = () => apiRequest<{ message: string }>('POST', '/api/auth/logout');
