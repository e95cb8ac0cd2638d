import { type ComponentType, use } from 'react';
import type { PageLoader } from '@/lib/server-render';

/**
 * A page whose code loads on demand (its own chunk), with `preload()`. Once loaded it renders at once, with no
 * Suspense: the server renders it after preloading, and the browser preloads the first page before hydrating, so
 * the server's HTML is adopted as it is rather than replaced by a loading state.
 */
export interface LazyPage {
  (): React.ReactNode;
  preload(): Promise<void>;
  /** The page's loader (the module's export named by `loaderName`), once preloaded; the server's, never the browser's. */
  loader(): PageLoader | undefined;
}

export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  /** The module's export that loads the page's data before a server render (PageLoader), if it has one. */
  loaderName?: keyof M & string,
): LazyPage {
  let Loaded: ComponentType | undefined;
  let loader: PageLoader | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType;
        if (loaderName) loader = module[loaderName] as PageLoader;
      },
      (error: unknown) => {
        loading = undefined; // a failed download is tried again on the next visit
        throw error;
      },
    );
    return loading;
  };
  function Page() {
    if (!Loaded) use(preload());
    const Component = Loaded as ComponentType;
    return <Component />;
  }
  Page.preload = preload;
  Page.loader = () => loader;
  return Page;
}
