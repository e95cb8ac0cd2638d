import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './Footer';
import { Header } from './Header';

/** Skip link, sticky header, the page in <main>, footer. A new page starts at the top. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, by design.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and never jumps while a page loads. */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus-visible:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
