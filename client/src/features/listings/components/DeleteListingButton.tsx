import type { Product } from '@domain/catalog/responses';
import { DeleteButton } from '@/components/DeleteButton';
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
    <DeleteButton
      what={product.title}
      title="Are you sure you want to delete this product?"
      description="This action cannot be undone. This will permanently delete the product."
      remove={remove}
      id={product.id}
      onDeleted={onDeleted}
      className={className}
    >
      <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium break-words">{product.title}</p>
    </DeleteButton>
  );
}
