import {
  ADDRESS_CITY_MAX,
  ADDRESS_LINE_MAX,
  ADDRESS_NAME_MAX,
  ADDRESS_PHONE_MAX,
  type AddressFields,
} from '@domain/shipping/addresses';
import type { Address } from '@domain/shipping/responses';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { applyServerFieldErrors } from '@/lib/form-errors';
import {
  ADDRESS_DEFAULTS,
  ADDRESS_FIELDS,
  type AddressFormApi,
  type AddressFormValues,
  addressResolver,
  addressToForm,
} from '../address-form';
import { useCreateAddress, useUpdateAddress } from '../api';
import { StateOptions } from './StateOptions';
import { ZipNotes } from './ZipNotes';

interface AddressFormProps {
  /** The address to edit; a new one when absent. */
  address?: Address;
  /** After the server saved it (a new address: the form is empty again). */
  onSaved?: (address: Address) => void;
  /** Shows a Cancel button that calls it. */
  onCancel?: () => void;
  /** Puts the focus in the first field when the form appears (opened by a button). */
  autoFocus?: boolean;
}

/**
 * An address of the buyer's address book (docs/product.md#shipping-addresses), checked with the server's own
 * schema; the server's field errors (a ZIP code it does not know, or of another state) land on the same fields.
 * Once the ZIP field holds a complete code, the form looks it up: it fills an empty city (and an unchosen state),
 * offers the ZIP code's city when another is typed, and warns when the ZIP code is in another state.
 */
export function AddressForm({ address, onSaved, onCancel, autoFocus = false }: AddressFormProps) {
  const id = useId();
  const form = useForm<AddressFormValues, unknown, AddressFields>({
    resolver: addressResolver,
    defaultValues: address ? addressToForm(address) : ADDRESS_DEFAULTS,
  });
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;

  useEffect(() => {
    if (autoFocus) form.setFocus('name');
  }, [autoFocus, form]);

  const showServerErrors = (error: unknown) => applyServerFieldErrors(form, error, ADDRESS_FIELDS);

  const onSubmit = form.handleSubmit((fields) => {
    if (address)
      update.mutate({ id: address.id, address: fields }, { onSuccess: onSaved, onError: showServerErrors });
    else
      create.mutate(fields, {
        onSuccess: (saved) => {
          form.reset(ADDRESS_DEFAULTS);
          onSaved?.(saved);
        },
        onError: showServerErrors,
      });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="@container grid gap-4" aria-busy={pending}>
      <FormField id={`${id}-name`} label="Full name" required error={errors.name?.message}>
        <Input autoComplete="name" maxLength={ADDRESS_NAME_MAX} {...form.register('name')} />
      </FormField>
      <FormField id={`${id}-line1`} label="Street address" required error={errors.line1?.message}>
        <Input autoComplete="address-line1" maxLength={ADDRESS_LINE_MAX} {...form.register('line1')} />
      </FormField>
      <FormField id={`${id}-line2`} label="Apartment, suite, etc. (optional)" error={errors.line2?.message}>
        <Input autoComplete="address-line2" maxLength={ADDRESS_LINE_MAX} {...form.register('line2')} />
      </FormField>
      {/*
        Laid out by the form's own width, not the screen's: the form is as narrow as a third of the cart page or the
        cart panel on a wide screen, where a state in a fifth of the row showed "C" for California. ZIP and city
        share a row from 20rem, the state has a row of its own until the form is 36rem wide, then a column as
        wide as the city's.
      */}
      <div className="grid gap-4 @[20rem]:grid-cols-2 @xl:grid-cols-[1fr_2fr_2fr]">
        <FormField id={`${id}-zip`} label="ZIP code" required error={errors.zip?.message}>
          <Input
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={10}
            placeholder="e.g. 33101"
            {...form.register('zip')}
          />
        </FormField>
        <FormField id={`${id}-city`} label="City" required error={errors.city?.message}>
          <Input autoComplete="address-level2" maxLength={ADDRESS_CITY_MAX} {...form.register('city')} />
        </FormField>
        <FormField
          id={`${id}-state`}
          label="State"
          required
          error={errors.state?.message}
          className="@[20rem]:col-span-2 @xl:col-span-1"
        >
          <NativeSelect autoComplete="address-level1" {...form.register('state')}>
            <StateOptions />
          </NativeSelect>
        </FormField>
      </div>
      <AddressZipNotes form={form} />
      <FormField
        id={`${id}-phone`}
        label="Phone (optional)"
        hint="For the carrier, if they need to reach you."
        error={errors.phone?.message}
      >
        <Input type="tel" autoComplete="tel" maxLength={ADDRESS_PHONE_MAX} {...form.register('phone')} />
      </FormField>
      <div className="flex items-center gap-3">
        <Controller
          control={form.control}
          name="isDefault"
          render={({ field }) => (
            <Checkbox
              id={`${id}-default`}
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              // The default stays the default until another address is made the default.
              disabled={address?.isDefault === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Label htmlFor={`${id}-default`}>
          {address?.isDefault ? 'This is your default address' : 'Make this my default address'}
        </Label>
      </div>
      <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : address ? 'Save address' : 'Add address'}
        </Button>
      </div>
    </form>
  );
}

/** ZipNotes over the address form's own fields. */
function AddressZipNotes({ form }: { form: AddressFormApi }) {
  const [zip, state, city] = useWatch({ control: form.control, name: ['zip', 'state', 'city'] });
  const set = (field: 'city' | 'state', value: string, validate: boolean) =>
    form.setValue(field, value, {
      shouldDirty: true,
      shouldValidate: validate || form.formState.isSubmitted,
    });
  return (
    <ZipNotes
      zip={zip}
      state={state}
      city={city}
      setCity={(value, validate) => set('city', value, validate)}
      setState={(value) => set('state', value, false)}
    />
  );
}
