import { type ReactElement, type ReactNode, useRef, useState } from 'react';
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

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** Anything between the description and the buttons (a field, the thing concerned). */
  children?: ReactNode;
  /** The confirming button's label, and its label while the request runs. */
  confirm: string;
  confirming: string;
  /** The button that closes without doing anything. */
  keep: string;
  pending: boolean;
  destructive?: boolean;
  /**
   * Runs the request; call `close` when it settles (the dialog stays open while it runs), `close(true)` when it
   * succeeded.
   */
  onConfirm: (close: (succeeded?: boolean) => void) => void;
  /**
   * After a confirmed request succeeded and the dialog closed: where focus goes instead of back to the trigger (which
   * the change may have removed, with its row).
   */
  onConfirmed?: () => void;
}

/**
 * A confirmation dialog: the trigger opens it, the confirming button runs the request, and the dialog stays open
 * (its buttons disabled) until the request settles, so its outcome is not missed.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  confirm,
  confirming,
  keep,
  pending,
  destructive = true,
  onConfirm,
  onConfirmed,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const succeeded = useRef(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!succeeded.current || !onConfirmed) return;
          event.preventDefault();
          onConfirmed();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {keep}
            </Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending}
            onClick={() =>
              onConfirm((ok) => {
                succeeded.current = ok === true;
                setOpen(false);
              })
            }
          >
            {pending ? confirming : confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
