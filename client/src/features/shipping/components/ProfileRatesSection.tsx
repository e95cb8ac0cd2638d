import { RATE_KIND_KEYS, RATE_KIND_LABELS } from '@domain/shipping/rates';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import type { SellerProfileForm } from '../seller-profile-form';

/**
 * "Shipping rates": what a shipment of the nursery's plants costs the buyer (docs/product.md#shipping-rates), per kind
 * of what its listings ship as, a first item and each additional one, and the value from which it ships free.
 */
export function ProfileRatesSection({ form, idPrefix: id }: { form: SellerProfileForm; idPrefix: string }) {
  const errors = form.formState.errors.shippingRates;
  return (
    <section aria-labelledby={`${id}-rates`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div>
        <h2 id={`${id}-rates`} className="text-2xl">
          Shipping rates
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          What a buyer pays to ship an order of your plants, in dollars. The first item of a shipment pays its
          kind's first price; every further item its kind's additional price. An order mixing kinds pays the
          highest first price once.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {RATE_KIND_KEYS.map((kind) => (
          <fieldset key={kind} className="grid gap-3 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">{RATE_KIND_LABELS[kind]}</legend>
            <div className="grid grid-cols-2 items-start gap-3">
              <FormField
                id={`${id}-rate-${kind}-first`}
                label="First item"
                error={errors?.[kind]?.first?.message}
              >
                <Input inputMode="decimal" {...form.register(`shippingRates.${kind}.first`)} />
              </FormField>
              <FormField
                id={`${id}-rate-${kind}-additional`}
                label="Each additional"
                error={errors?.[kind]?.additional?.message}
              >
                <Input inputMode="decimal" {...form.register(`shippingRates.${kind}.additional`)} />
              </FormField>
            </div>
          </fieldset>
        ))}
      </div>
      <FormField
        id={`${id}-free-over`}
        label="Free shipping over (optional)"
        hint="A shipment whose plants come to this amount or more ships free. Leave it empty to always charge shipping."
        error={errors?.freeOver?.message ?? errors?.message}
      >
        <Input inputMode="decimal" className="max-w-48" {...form.register('shippingRates.freeOver')} />
      </FormField>
      <FormField
        id={`${id}-freight-over`}
        label="Freight for potted plants taller than, in inches (optional)"
        hint="Taller potted plants stay listed, saying “Freight: contact the nursery”: buyers contact you to buy them instead of checking out. Leave it empty to ship every plant as a parcel."
        error={form.formState.errors.freightOverInches?.message}
      >
        <Input inputMode="numeric" className="max-w-48" {...form.register('freightOverInches')} />
      </FormField>
    </section>
  );
}
