import type { Order } from '@domain/orders/responses';
import { toast } from '@/components/ui/use-toast';

/**
 * "Order placed!" naming the order (docs/product.md#states, Checkout). Checkout then opens the order's page, the
 * confirmation itself, so the toast needs no link to it.
 */
export function toastOrderPlaced(order: Order): void {
  toast({ title: 'Order placed!', description: `Your order #${order.id} has been placed successfully` });
}
