import type { Product } from '@domain/catalog/schemas';
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const remove = useDeleteListing();
  const pending = remove.isPending;
  const deleted = useRef(false);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stays open while the request is under way, so its outcome is not missed.
        if (!pending) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className={cn('text-destructive hover:text-destructive', className)}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {product.title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!deleted.current) return;
          event.preventDefault();
          onDeleted();
        }}
      >
        <DialogHeader>
          <DialogTitle>Are you sure you want to delete this product?</DialogTitle>
          <DialogDescription>
            This action cannot be undone. This will permanently delete the product.
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium break-words">{product.title}</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={() =>
              remove.mutate(product.id, {
                onSuccess: () => {
                  deleted.current = true;
                },
                onSettled: () => setOpen(false),
              })
            }
          >
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
