import { useEffect } from 'react';
import { useServerRender } from '@/lib/server-render';

/** Shown while a page's code or the session is loading. */
export function PageLoading() {
  return (
    <div className="mx-auto flex min-h-[40vh] max-w-7xl items-center justify-center px-4">
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    </div>
  );
}

/** Sets the browser tab's title for the current page. */
export function useDocumentTitle(title: string): void {
  const fullTitle = title ? `${title} | Dragon Fruit Marketplace` : 'Dragon Fruit Marketplace';
  const server = useServerRender();
  if (server) server.title = fullTitle;
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}
