import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/newsletter {email}: 200 { message } for a new and an already subscribed address alike, 400 bad address. */
export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<{ message: string }>('POST', '/api/newsletter', { email }),
  });
}
