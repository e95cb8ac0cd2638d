import { PAYMENT_INSTRUCTIONS_MAX } from '@domain/payments/instructions';
import { FormField } from '@/components/ui/FormField';
import { Textarea } from '@/components/ui/Textarea';
import type { SellerProfileForm } from '../seller-profile-form';

/**
 * The payment instructions, "How buyers pay you" when buyers pay the nursery directly: the field the page puts in
 * that section (SellerProfilePage's PaymentsSection, which picks the section by the way of paying in force).
 */
export function ProfilePaymentInstructionsField({
  form,
  idPrefix: id,
}: {
  form: SellerProfileForm;
  idPrefix: string;
}) {
  return (
    <FormField
      id={`${id}-payment`}
      label="Payment instructions"
      hint="For example: Zelle to orders@yournursery.com, or a cheque to your nursery's address. Plain text."
      error={form.formState.errors.paymentInstructions?.message}
    >
      <Textarea rows={4} maxLength={PAYMENT_INSTRUCTIONS_MAX} {...form.register('paymentInstructions')} />
    </FormField>
  );
}
