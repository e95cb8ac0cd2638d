import { ORDER_NOTE_MAX } from '@domain/orders/schemas';
import { FormField } from '@/components/ui/FormField';
import { Textarea } from '@/components/ui/Textarea';
import { useCheckoutNote } from '../checkout';

/** "Note to the seller": optional, sent with the checkout; the same note in the panel and on the cart page. */
export function CheckoutNoteField({ idPrefix, className }: { idPrefix: string; className?: string }) {
  const [note, setNote] = useCheckoutNote();
  return (
    <FormField
      id={`${idPrefix}-note`}
      label="Note to the seller (optional)"
      hint="A gate code, a gift message: every seller in the order sees it."
      className={className}
    >
      <Textarea value={note} maxLength={ORDER_NOTE_MAX} rows={2} onChange={(e) => setNote(e.target.value)} />
    </FormField>
  );
}
