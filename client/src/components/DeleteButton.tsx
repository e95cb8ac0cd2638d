import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';

interface DeleteButtonProps {
  /** What it deletes, read after "Delete" by a screen reader (the button shows "Delete" alone). */
  what: string;
  title: string;
  description: string;
  /** The thing itself, shown in the dialog. */
  children: ReactNode;
  /** The feature's delete mutation, and the id it deletes. */
  remove: {
    mutate: (id: number, callbacks: { onSuccess: () => void; onError: () => void }) => void;
    isPending: boolean;
  };
  id: number;
  /** Where focus goes once it is deleted (its row, and this button, are about to go). */
  onDeleted: () => void;
  className?: string;
}

/**
 * A Delete button and its confirmation: the dialog stays open while the request runs, then closes, and focus goes
 * to `onDeleted`'s choice when it succeeded.
 */
export function DeleteButton({
  what,
  title,
  description,
  children,
  remove,
  id,
  onDeleted,
  className,
}: DeleteButtonProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          className={cn('text-destructive hover:text-destructive', className)}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {what}</span>
        </Button>
      }
      title={title}
      description={description}
      confirm="Delete"
      confirming="Deleting..."
      keep="Cancel"
      pending={remove.isPending}
      onConfirm={(close) => remove.mutate(id, { onSuccess: () => close(true), onError: () => close() })}
      onConfirmed={onDeleted}
    >
      {children}
    </ConfirmDialog>
  );
}
