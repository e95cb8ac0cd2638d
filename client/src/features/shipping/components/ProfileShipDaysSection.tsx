import { SHIP_DAY_LABELS, SHIP_DAYS } from '@domain/shipping/arrival';
import { Controller } from 'react-hook-form';
import { Checkbox } from '@/components/ui/Checkbox';
import { FieldError, FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import type { SellerProfileForm } from '../seller-profile-form';

/**
 * "When you ship": the days of the week the nursery ships (docs/product.md#ship-days-and-arrival) and its holiday
 * pause, with whether orders are taken meanwhile.
 */
export function ProfileShipDaysSection({
  form,
  idPrefix: id,
}: {
  form: SellerProfileForm;
  idPrefix: string;
}) {
  const { errors } = form.formState;
  return (
    <section aria-labelledby={`${id}-when`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id={`${id}-when`} className="text-2xl">
        When you ship
      </h2>
      <Controller
        control={form.control}
        name="shipDays"
        render={({ field }) => (
          <fieldset aria-describedby={`${id}-days-hint`} className="grid gap-2">
            <legend className="text-sm font-medium">Ship days</legend>
            <p id={`${id}-days-hint`} className="text-sm text-muted-foreground">
              Monday to Wednesday keeps parcels of live plants out of a depot over the weekend. Buyers see
              when their order should leave and arrive.
            </p>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {SHIP_DAYS.map((day) => (
                <div key={day} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-day-${day}`}
                    checked={field.value.includes(day)}
                    onCheckedChange={(checked) =>
                      field.onChange(
                        checked === true ? [...field.value, day] : field.value.filter((d) => d !== day),
                      )
                    }
                  />
                  <Label htmlFor={`${id}-day-${day}`} className="font-normal">
                    {SHIP_DAY_LABELS[day]}
                  </Label>
                </div>
              ))}
            </div>
          </fieldset>
        )}
      />
      {errors.shipDays && <FieldError>{errors.shipDays.message ?? 'Choose your ship days'}</FieldError>}
      <FormField
        id={`${id}-holiday`}
        label="Away until (optional)"
        hint="The last day of a holiday. Your storefront says you are away until then; leave it empty when you are not away."
        error={errors.holiday?.until?.message ?? errors.holiday?.message}
      >
        <Input type="date" className="max-w-48" {...form.register('holiday.until')} />
      </FormField>
      <div className="flex items-center gap-2">
        <Controller
          control={form.control}
          name="holiday.takeOrders"
          render={({ field }) => (
            <Checkbox
              id={`${id}-holiday-orders`}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          )}
        />
        <Label htmlFor={`${id}-holiday-orders`} className="font-normal">
          Take orders while away (they ship after the holiday)
        </Label>
      </div>
    </section>
  );
}
