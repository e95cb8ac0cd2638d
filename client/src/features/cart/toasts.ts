// The cart's toasts, in the words of docs/product.md#validation and #errors.
import { toast } from '@/components/ui/use-toast';

export function toastError(description: string) {
  toast({ title: 'Error', description, variant: 'destructive' });
}

export function toastPleaseLogIn(description: string) {
  toast({ title: 'Please log in', description, variant: 'destructive' });
}

export function toastOutOfStock() {
  toast({
    title: 'Out of stock',
    description: 'This product is currently out of stock',
    variant: 'destructive',
  });
}
