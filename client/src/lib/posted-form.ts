import { POSTED_FORM_KEY, type PostedForm } from '@domain/posted-form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The form this page sent as a plain post (before adoption, or without JavaScript) and the server refused, when the
 * server rendered the page again with it (domain/posted-form.ts): read once, on the server and as the browser adopts
 * the page, so both render the same messages; then it leaves the cache, so the next visit starts clean.
 */
export function usePostedForm(page: string): PostedForm | null {
  const queryClient = useQueryClient();
  const [posted] = useState(() => {
    const data = queryClient.getQueryData<PostedForm>(POSTED_FORM_KEY);
    return data?.page === page ? data : null;
  });
  useEffect(() => {
    if (posted) queryClient.removeQueries({ queryKey: POSTED_FORM_KEY, exact: true });
  }, [posted, queryClient]);
  return posted;
}
