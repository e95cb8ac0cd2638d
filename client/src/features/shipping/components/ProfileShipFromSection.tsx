import { HANDLING_DAYS_MAX, LICENCE_MAX } from '@domain/shipping/seller-profile';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import type { SellerProfileForm } from '../seller-profile-form';
import { StateOptions } from './StateOptions';

/** "Where you ship from": the state the plants leave from, the nursery's licence and its handling time. */
export function ProfileShipFromSection({
  form,
  idPrefix: id,
}: {
  form: SellerProfileForm;
  idPrefix: string;
}) {
  const { errors } = form.formState;
  return (
    <section aria-labelledby={`${id}-origin`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id={`${id}-origin`} className="text-2xl">
        Where you ship from
      </h2>
      <FormField
        id={`${id}-state`}
        label="Ships from"
        required
        hint="The state your plants leave from. Buyers can't order your plants until you choose it."
        error={errors.shipFromState?.message}
      >
        <NativeSelect {...form.register('shipFromState')}>
          <StateOptions />
        </NativeSelect>
      </FormField>
      <FormField
        id={`${id}-licence`}
        label="Nursery licence or registration number (optional)"
        hint="Printed on your packing slips when a state asks for it."
        error={errors.licence?.message}
      >
        <Input maxLength={LICENCE_MAX} autoComplete="off" {...form.register('licence')} />
      </FormField>
      <FormField
        id={`${id}-handling`}
        label="Handling time (days)"
        hint={`From an order to its shipping, 1 to ${HANDLING_DAYS_MAX}. We remind you of an order still to ship after it.`}
        error={errors.handlingDays?.message}
      >
        <Input inputMode="numeric" className="max-w-28" {...form.register('handlingDays')} />
      </FormField>
    </section>
  );
}
