import type { Order } from '@domain/orders/responses';
import { AlertCircle, ChevronRight, Package } from 'lucide-react';
import { Link } from 'wouter';
import { PageMessage } from '@/components/PageMessage';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { useOrders } from './api';
import { OrderDate, OrderLines, OrderSkeleton, OrderStatusBadge, OrderTotals } from './components/OrderParts';

/** /orders — the signed-in user's orders, newest first (the router wraps it in RequireAuth). */
export function OrdersPage() {
  useDocumentTitle('My Orders');
  const orders = useOrders();

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="text-3xl sm:text-4xl">My Orders</h1>
      <div className="mt-8">
        {orders.isPending ? (
          <div role="status" aria-label="Loading orders" className="grid gap-6">
            <OrderSkeleton />
            <OrderSkeleton />
          </div>
        ) : orders.isError ? (
          <PageMessage
            icon={<AlertCircle className="size-12 text-destructive" aria-hidden="true" />}
            title="Your orders could not be loaded"
            action={<Button onClick={() => void orders.refetch()}>Retry</Button>}
          >
            Please try again in a moment.
          </PageMessage>
        ) : orders.data.length === 0 ? (
          <PageMessage
            icon={<Package className="size-12 text-muted-foreground" aria-hidden="true" />}
            title="You have no orders yet"
            action={
              <Button asChild variant="cactus">
                <Link href="/marketplace">Browse the marketplace</Link>
              </Button>
            }
          >
            Orders you place will show up here.
          </PageMessage>
        ) : (
          <ul aria-label="Orders" className="grid gap-6">
            {orders.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function OrderCard({ order }: { order: Order }) {
  const headingId = `order-${order.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id={headingId} className="text-xl">
            Order #{order.id}
          </h2>
          <p className="text-sm text-muted-foreground">
            Placed on <OrderDate createdAt={order.createdAt} />
          </p>
        </div>
        <OrderStatusBadge order={order} />
      </header>
      <OrderLines items={order.items} />
      <OrderTotals order={order} className="border-t pt-4" />
      <div className="flex justify-end">
        <Button asChild variant="outline" size="sm">
          <Link href={`/orders/${order.id}`}>
            View order<span className="sr-only"> #{order.id}</span>
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  );
}
