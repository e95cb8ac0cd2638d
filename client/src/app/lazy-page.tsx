import { type ComponentType, use } from 'react';

/**
 * A page whose code loads on demand (its own chunk), with `preload()`. Once loaded it renders at once, with no
 * Suspense: the server renders it after preloading, and the browser preloads the first page before hydrating, so
 * the server's HTML is adopted as it is rather than replaced by a loading state.
 */
export interface LazyPage {
  (): React.ReactNode;
  preload(): Promise<void>;
}

export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType;
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
  return Page;
}
