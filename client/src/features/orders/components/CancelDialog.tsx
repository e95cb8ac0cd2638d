import { CANCEL_REASON_MAX } from '@domain/orders/schemas';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormField } from '@/components/ui/FormField';
import { Textarea } from '@/components/ui/Textarea';

interface CancelDialogProps {
  trigger: ReactElement;
  title: string;
  description: string;
  confirm: string;
  keep: string;
  /** The reason field's label: who reads it. */
  reasonLabel: string;
  /** Makes the field's id unique on the page. */
  id: string;
  pending: boolean;
  /** Sends the cancel with the reason typed (possibly empty); `close` when it settles. */
  onCancel: (reason: string, close: () => void) => void;
}

/** Cancelling a shipment or an order, confirmed in a dialog with a reason the other side reads. */
export function CancelDialog({ reasonLabel, id, onCancel, ...dialog }: CancelDialogProps) {
  const [reason, setReason] = useState('');
  const fieldId = `cancel-reason-${id}`;
  return (
    <ConfirmDialog {...dialog} confirming="Cancelling..." onConfirm={(close) => onCancel(reason, close)}>
      <FormField id={fieldId} label={reasonLabel}>
        <Textarea
          value={reason}
          maxLength={CANCEL_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          rows={2}
        />
      </FormField>
    </ConfirmDialog>
  );
}
