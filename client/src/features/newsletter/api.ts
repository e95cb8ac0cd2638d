import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/newsletter {email}: 201 subscribed, 200 already subscribed (both { message }), 400 bad address. */
export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<{ message: string }>('POST', '/api/newsletter', { email }),
  });
}
