import { storefrontPath } from '@domain/seo';
import { ExternalLink, Package, Plus, Store, Truck } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { useSession } from '@/lib/session';

/** The overview's side card: the places a seller goes most from the dashboard. */
export function QuickActionsCard() {
  const { user } = useSession();
  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle className="text-xl">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button asChild className="justify-start">
          <Link href="/seller/add-listing">
            <Plus aria-hidden="true" />
            Add New Product
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link href="/seller/listings">
            <Package aria-hidden="true" />
            Manage Inventory
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link href="/seller/profile">
            <Truck aria-hidden="true" />
            Shipping Profile
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link href="/marketplace">
            <Store aria-hidden="true" />
            View Marketplace
          </Link>
        </Button>
        {user && (
          <Button asChild variant="outline" className="justify-start">
            <Link href={storefrontPath(user.username)}>
              <ExternalLink aria-hidden="true" />
              Your Storefront
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
