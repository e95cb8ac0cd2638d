import { US_STATES } from '@domain/shipping/states';
import { Controller } from 'react-hook-form';
import { Checkbox } from '@/components/ui/Checkbox';
import { FieldError } from '@/components/ui/FormField';
import { Label } from '@/components/ui/Label';
import type { SellerProfileForm } from '../seller-profile-form';

/** "States you don't ship to": a checkbox per state, the seller's own choice on top of the states' rules. */
export function ProfileBlockedStatesSection({
  form,
  idPrefix: id,
}: {
  form: SellerProfileForm;
  idPrefix: string;
}) {
  const { errors } = form.formState;
  return (
    <section aria-labelledby={`${id}-blocked`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id={`${id}-blocked`} className="text-2xl">
        States you don't ship to
      </h2>
      <p className="text-sm text-muted-foreground">
        For reasons of your own (heat, transit times, a state's paperwork). Buyers there see that you don't
        ship to them; the states' own rules apply whatever you choose here.
      </p>
      <Controller
        control={form.control}
        name="blockedStates"
        render={({ field }) => (
          <fieldset className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
            <legend className="sr-only">States you don't ship to</legend>
            {US_STATES.map((s) => (
              <div key={s.code} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-blocked-${s.code}`}
                  checked={field.value.includes(s.code)}
                  onCheckedChange={(checked) =>
                    field.onChange(
                      checked === true ? [...field.value, s.code] : field.value.filter((c) => c !== s.code),
                    )
                  }
                />
                <Label htmlFor={`${id}-blocked-${s.code}`} className="font-normal">
                  {s.name}
                </Label>
              </div>
            ))}
          </fieldset>
        )}
      />
      {errors.blockedStates && <FieldError>{errors.blockedStates.message ?? 'Check the states'}</FieldError>}
    </section>
  );
}
