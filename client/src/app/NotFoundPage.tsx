import { Link } from 'wouter';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-4xl">404 Page Not Found</h1>
      <p className="mt-4 text-muted-foreground">Did you forget to add the page to the router?</p>
      <Button asChild className="mt-8">
        <Link href="/">Back to home</Link>
      </Button>
    </section>
  );
}
