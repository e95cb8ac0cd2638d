import type { Product } from '@domain/catalog/schemas';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
import { useDeleteListing } from '../api';

interface DeleteListingButtonProps {
  product: Pick<Product, 'id' | 'title'>;
  /** Where focus goes once the listing is deleted (its row, and this button, are about to go). */
  onDeleted: () => void;
  className?: string;
}

/** A listing's Delete button and its confirmation dialog (docs/product.md#seller-listings). */
export function DeleteListingButton({ product, onDeleted, className }: DeleteListingButtonProps) {
  const remove = useDeleteListing();
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          className={cn('text-destructive hover:text-destructive', className)}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {product.title}</span>
        </Button>
      }
      title="Are you sure you want to delete this product?"
      description="This action cannot be undone. This will permanently delete the product."
      confirm="Delete"
      confirming="Deleting..."
      keep="Cancel"
      pending={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(product.id, { onSuccess: () => close(true), onError: () => close() })
      }
      onConfirmed={onDeleted}
    >
      <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium break-words">{product.title}</p>
    </ConfirmDialog>
  );
}
