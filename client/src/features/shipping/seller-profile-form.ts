import { RATE_KIND_KEYS, type RateKind } from '@domain/shipping/rates';
import type { SellerProfile } from '@domain/shipping/responses';
import { type SellerProfileFields, sellerProfileSchema } from '@domain/shipping/seller-profile';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';

/** What the shipping profile form holds: texts as typed, '' for a choice not made yet. */
export interface SellerProfileFormValues {
  shipFromState: string;
  /** The storefront's: the shop name, where the nursery is, what it says about itself. */
  businessName: string;
  location: string;
  bio: string;
  /** All blank: none (the schema makes it null). */
  returnAddress: { line1: string; line2: string; city: string; state: string; zip: string };
  licence: string;
  /** Days, as typed. */
  handlingDays: string;
  blockedStates: string[];
  certificates: Array<{ kind: string; number: string; expiresOn: string }>;
  /** How buyers pay the nursery directly; blank: none. */
  paymentInstructions: string;
  /** The days of the week it ships. */
  shipDays: string[];
  /** Its holiday pause: the last day away ('' for none) and whether orders are taken meanwhile. */
  holiday: { until: string; takeOrders: boolean };
  /** Its shipping rates in dollars, as typed; `freeOver` blank: never free. */
  shippingRates: Record<RateKind, { first: string; additional: string }> & { freeOver: string };
  /** Inches, as typed; blank: no potted plant ships by freight. */
  freightOverInches: string;
}

/** Dollars as a rate's field shows them: "12.99", "0.00". */
const dollarsText = (n: number) => n.toFixed(2);

/** The shipping profile form, as its sections (components/Profile…Section.tsx) receive it. */
export type SellerProfileForm = UseFormReturn<SellerProfileFormValues, unknown, SellerProfileFields>;

export const EMPTY_CERTIFICATE = { kind: '', number: '', expiresOn: '' };

/** The form's values for a saved profile (a new seller's is empty). */
export function sellerProfileToForm(profile: SellerProfile): SellerProfileFormValues {
  return {
    shipFromState: profile.shipFromState ?? '',
    businessName: profile.businessName ?? '',
    location: profile.location ?? '',
    bio: profile.bio ?? '',
    returnAddress: {
      line1: profile.returnAddress?.line1 ?? '',
      line2: profile.returnAddress?.line2 ?? '',
      city: profile.returnAddress?.city ?? '',
      state: profile.returnAddress?.state ?? '',
      zip: profile.returnAddress?.zip ?? '',
    },
    licence: profile.licence ?? '',
    handlingDays: String(profile.handlingDays),
    blockedStates: [...profile.blockedStates],
    certificates: profile.certificates.map((c) => ({ ...c })),
    paymentInstructions: profile.paymentInstructions ?? '',
    shipDays: [...profile.shipDays],
    holiday: { until: profile.holiday?.until ?? '', takeOrders: profile.holiday?.takeOrders ?? true },
    shippingRates: {
      ...(Object.fromEntries(
        RATE_KIND_KEYS.map((k) => [
          k,
          {
            first: dollarsText(profile.shippingRates[k].first),
            additional: dollarsText(profile.shippingRates[k].additional),
          },
        ]),
      ) as Record<RateKind, { first: string; additional: string }>),
      freeOver: profile.shippingRates.freeOver === null ? '' : dollarsText(profile.shippingRates.freeOver),
    },
    freightOverInches: profile.freightOverInches === null ? '' : String(profile.freightOverInches),
  };
}

/**
 * The server's own schema checks the form; each issue lands on the field its path names ("certificates.0.number"),
 * the first per field, as the server's answer names them. Whether a certificate has expired is the server's call.
 */
export const sellerProfileResolver: Resolver<SellerProfileFormValues, unknown, SellerProfileFields> = async (
  values,
) => {
  // A holiday without a last day is none.
  const holiday = values.holiday.until.trim() === '' ? null : values.holiday;
  const result = await sellerProfileSchema.safeParseAsync({ ...values, holiday });
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!errors[path]) errors[path] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: nestErrors(errors) };
};

/** react-hook-form wants errors nested as the values are ({certificates: [{number: …}]}), not by dotted path. */
function nestErrors(
  flat: Record<string, { type: string; message: string }>,
): FieldErrors<SellerProfileFormValues> {
  const root: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key, i) => {
      const next = keys[i + 1] as string;
      node[key] ??= /^\d+$/.test(next) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys[keys.length - 1] as string] = error;
  }
  return root as FieldErrors<SellerProfileFormValues>;
}
