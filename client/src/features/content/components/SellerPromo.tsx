import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { useSession } from '@/lib/session';

/** Become a Seller: sellers get a link to their dashboard, everyone else Start Selling. */
export function SellerPromo() {
  const { user } = useSession();
  const isSeller = user?.isSeller === true;
  return (
    <section
      aria-labelledby="seller-heading"
      className="grid items-center gap-8 rounded-2xl bg-cactus px-6 py-10 text-cactus-foreground sm:px-10 md:grid-cols-[1fr_auto]"
    >
      <div>
        <h2 id="seller-heading" className="text-3xl sm:text-4xl">
          Become a Seller
        </h2>
        <p className="mt-3 max-w-2xl text-lg">
          Grow dragon fruit? List your cuttings, rooted plants, seeds and mature plants, reach growers across
          the country and manage your stock from one dashboard.
        </p>
      </div>
      <Button
        asChild
        size="lg"
        className="bg-background text-foreground shadow-sm hover:bg-background/90 focus-visible:outline-cactus-foreground"
      >
        {isSeller ? (
          <Link href="/seller/dashboard">Go to Seller Dashboard</Link>
        ) : (
          <Link href="/register?seller=true">Start Selling</Link>
        )}
      </Button>
    </section>
  );
}
