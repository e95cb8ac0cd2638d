import type { Order } from '@domain/orders/types';
import { AlertCircle, ChevronRight, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/Dialog';
import { AddressSummary } from '@/features/shipping';
import { isApiError } from '@/lib/api';
import { parseOrderId, useCancelOrder, useOrder } from './api';
import { OrderDate, OrderLines, OrderSkeleton, OrderStatusBadge, OrderTotals } from './components/OrderParts';

/** /orders/:id — one of the signed-in user's orders; a non-numeric id is not found without a request. */
export function OrderDetailPage() {
  const params = useParams<{ id: string }>();
  const id = parseOrderId(params.id);
  const order = useOrder(id);

  if (id === null) return <OrderNotFound />;
  if (order.isPending) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
        <div role="status" aria-label="Loading order">
          <OrderSkeleton />
        </div>
      </div>
    );
  }
  if (order.isError) {
    if (isApiError(order.error, 404)) return <OrderNotFound />;
    return <OrderLoadError onRetry={() => void order.refetch()} />;
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: Order }) {
  useDocumentTitle(`Order #${order.id}`);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <ol className="flex items-center gap-1">
          <li>
            <Link href="/orders" className="rounded-sm hover:text-primary">
              My Orders
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="text-foreground">
            Order #{order.id}
          </li>
        </ol>
      </nav>

      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl sm:text-4xl">Order #{order.id}</h1>
          <p className="mt-1 text-muted-foreground">
            Placed on <OrderDate createdAt={order.createdAt} />
          </p>
        </div>
        <OrderStatusBadge status={order.status} className="px-3 py-1 text-sm" />
      </div>

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-3">
        <section
          aria-labelledby="order-items-heading"
          className="rounded-xl border bg-card p-4 shadow-sm sm:p-6 lg:col-span-2"
        >
          <h2 id="order-items-heading" className="mb-4 text-xl">
            Items
          </h2>
          <OrderLines items={order.items} detailed />
        </section>
        <section
          aria-labelledby="order-summary-heading"
          className="grid gap-5 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
        >
          <h2 id="order-summary-heading" className="text-xl">
            Order Summary
          </h2>
          <OrderTotals order={order} />
          {order.shipTo && (
            <div className="grid gap-1 border-t pt-4">
              <h3 className="font-sans text-sm font-semibold tracking-wide uppercase">Ship to</h3>
              <AddressSummary address={order.shipTo} className="text-sm" />
            </div>
          )}
          {order.status === 'pending' && <CancelOrderButton orderId={order.id} />}
        </section>
      </div>
    </div>
  );
}

/** "Cancel order", confirmed in a dialog; the dialog closes once the order is cancelled. */
function CancelOrderButton({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(orderId);
  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full text-destructive hover:text-destructive">
          Cancel order
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel order #{orderId}?</DialogTitle>
          <DialogDescription>
            The order will not be shipped and its items go back on sale. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={cancel.isPending}>
              Keep order
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel order'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function OrderNotFound() {
  useDocumentTitle('Order Not Found');
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <SearchX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-3xl sm:text-4xl">Order Not Found</h1>
      <p className="mt-3 text-muted-foreground">
        We couldn't find that order among yours. It may have been mistyped.
      </p>
      <Button asChild className="mt-8">
        <Link href="/orders">Back to My Orders</Link>
      </Button>
    </section>
  );
}

function OrderLoadError({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle('My Orders');
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <AlertCircle className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="mt-4 text-3xl sm:text-4xl">This order could not be loaded</h1>
      <p className="mt-3 text-muted-foreground">Please try again in a moment.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Retry</Button>
        <Button asChild variant="outline">
          <Link href="/orders">Back to My Orders</Link>
        </Button>
      </div>
    </section>
  );
}
