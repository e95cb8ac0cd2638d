import { ADDRESS_CITY_MAX, ADDRESS_LINE_MAX } from '@domain/shipping/addresses';
import { useWatch } from 'react-hook-form';
import { FieldError, FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import type { SellerProfileForm } from '../seller-profile-form';
import { StateOptions } from './StateOptions';
import { ZipNotes } from './ZipNotes';

/** "Shipper on your packing slips": the return address the packing slips print, all of it optional. */
export function ProfileShipperSection({ form, idPrefix: id }: { form: SellerProfileForm; idPrefix: string }) {
  const { errors } = form.formState;
  return (
    <section aria-labelledby={`${id}-shipper`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div>
        <h2 id={`${id}-shipper`} className="text-2xl">
          Shipper on your packing slips
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Your packing slips name you as the shipper (your shop name, else your username) with this return
          address, where a parcel the carrier can't deliver comes back to.
        </p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Return address (optional)</legend>
        <div className="mt-3 grid gap-4">
          <FormField
            id={`${id}-return-line1`}
            label="Street address"
            error={errors.returnAddress?.line1?.message}
          >
            <Input
              autoComplete="address-line1"
              maxLength={ADDRESS_LINE_MAX}
              {...form.register('returnAddress.line1')}
            />
          </FormField>
          <FormField
            id={`${id}-return-line2`}
            label="Apartment, suite, etc. (optional)"
            error={errors.returnAddress?.line2?.message}
          >
            <Input
              autoComplete="address-line2"
              maxLength={ADDRESS_LINE_MAX}
              {...form.register('returnAddress.line2')}
            />
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-[2fr_2fr_1fr]">
            <FormField id={`${id}-return-city`} label="City" error={errors.returnAddress?.city?.message}>
              <Input
                autoComplete="address-level2"
                maxLength={ADDRESS_CITY_MAX}
                {...form.register('returnAddress.city')}
              />
            </FormField>
            <FormField id={`${id}-return-state`} label="State" error={errors.returnAddress?.state?.message}>
              <NativeSelect autoComplete="address-level1" {...form.register('returnAddress.state')}>
                <StateOptions />
              </NativeSelect>
            </FormField>
            <FormField id={`${id}-return-zip`} label="ZIP code" error={errors.returnAddress?.zip?.message}>
              <Input
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={10}
                {...form.register('returnAddress.zip')}
              />
            </FormField>
          </div>
          <ReturnZipNotes form={form} />
          {errors.returnAddress?.message && <FieldError>{errors.returnAddress.message}</FieldError>}
        </div>
      </fieldset>
    </section>
  );
}

/** The return address's ZIP code: fills an empty city and state from it, and says when they disagree with it. */
function ReturnZipNotes({ form }: { form: SellerProfileForm }) {
  const [zip, state, city] = useWatch({
    control: form.control,
    name: ['returnAddress.zip', 'returnAddress.state', 'returnAddress.city'],
  });
  const submitted = form.formState.isSubmitted;
  return (
    <ZipNotes
      zip={zip}
      state={state}
      city={city}
      setCity={(value, validate) =>
        form.setValue('returnAddress.city', value, {
          shouldDirty: true,
          shouldValidate: validate || submitted,
        })
      }
      setState={(value) =>
        form.setValue('returnAddress.state', value, { shouldDirty: true, shouldValidate: submitted })
      }
    />
  );
}
