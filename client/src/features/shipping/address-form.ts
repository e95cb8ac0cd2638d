import { type AddressFields, addressSchema } from '@domain/shipping/addresses';
import type { Address } from '@domain/shipping/responses';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';

/** What the address form holds: texts as typed, '' for no state chosen yet. */
export interface AddressFormValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  isDefault: boolean;
}

export type AddressFormApi = UseFormReturn<AddressFormValues, unknown, AddressFields>;

/** The form's fields in the order shown: the server's field errors go to these. */
export const ADDRESS_FIELDS = [
  'name',
  'line1',
  'line2',
  'city',
  'state',
  'zip',
  'phone',
  'isDefault',
] as const satisfies ReadonlyArray<keyof AddressFormValues>;

export const ADDRESS_DEFAULTS: AddressFormValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
  isDefault: false,
};

/** The form's values for an existing address. */
export function addressToForm(address: Address): AddressFormValues {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state,
    zip: address.zip,
    phone: address.phone ?? '',
    isDefault: address.isDefault,
  };
}

/**
 * The shared address schema (the server's own rules and messages) checks the form. Issues are read straight from
 * the schema, the first per field, as the server's answer names them.
 */
export const addressResolver: Resolver<AddressFormValues, unknown, AddressFields> = async (values) => {
  const result = await addressSchema.safeParseAsync(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<AddressFormValues> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof AddressFormValues;
    if ((ADDRESS_FIELDS as readonly string[]).includes(field) && !errors[field])
      errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** The 5-digit ZIP code to look up once the field holds a complete one (5 digits, or ZIP+4), else null. */
export function zipToLookUp(zip: string): string | null {
  const match = /^(\d{5})(-\d{4})?$/.exec(zip.trim());
  return match ? (match[1] as string) : null;
}

/** Whether two city names are the same place as typed ("beverly hills" and "Beverly Hills"). */
export function sameCity(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en-US') === b.trim().toLocaleLowerCase('en-US');
}
