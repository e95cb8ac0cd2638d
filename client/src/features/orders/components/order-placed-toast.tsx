import type { Order } from '@domain/orders/responses';
import { Link } from 'wouter';
import { ToastAction } from '@/components/ui/Toast';
import { toast } from '@/components/ui/use-toast';

/** "Order placed!" naming the order, with a link to it (docs/product.md#states, Checkout). */
export function toastOrderPlaced(order: Order): void {
  toast({
    title: 'Order placed!',
    description: `Your order #${order.id} has been placed successfully`,
    action: (
      <ToastAction altText={`View order #${order.id} in My Orders`} asChild>
        <Link href={`/orders/${order.id}`}>View order</Link>
      </ToastAction>
    ),
  });
}
