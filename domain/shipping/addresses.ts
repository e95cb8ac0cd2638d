/**
 * A buyer's shipping address (docs/product.md#shipping-addresses): the shape the address book's form and
 * POST /api/addresses and PUT /api/addresses/:id share, with its messages (the address as the API answers it is in
 * ./responses.ts).
 * Whether a ZIP code exists and lies in the chosen state is checked by the server alone (its ZIP table is 5 MB).
 */
import { z } from 'zod';
import { controlCharactersMessage, hasLineControlCharacters } from '../text';
import { optionalText, requiredText } from '../text-fields';
import { isStateCode, type StateCode } from './states';

export const ADDRESS_NAME_MAX = 100;
export const ADDRESS_LINE_MAX = 100;
export const ADDRESS_CITY_MAX = 60;
export const ADDRESS_PHONE_DIGITS_MIN = 7;
export const ADDRESS_PHONE_DIGITS_MAX = 20;
/** A phone's whole text, separators included. */
export const ADDRESS_PHONE_MAX = 30;
/** How many addresses one account may keep. */
export const ADDRESSES_MAX = 20;

/** A 5-digit ZIP code, or ZIP+4 ("33101" or "33101-1234"). */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/**
 * The cookie that remembers the ZIP code a visitor typed on a product page (five digits, 180 days): the browser
 * writes it, and the server writes it for the plain form sent before the page is adopted (`?zip=`), and renders
 * pages for it.
 */
export const SHIP_ZIP_COOKIE = 'ship_zip';
export const SHIP_ZIP_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export const ADDRESS_MESSAGES = {
  name: 'Enter the name of the person receiving the parcel',
  nameMax: `Name must be at most ${ADDRESS_NAME_MAX} characters`,
  nameControl: controlCharactersMessage('Name'),
  line1: 'Enter the street address',
  line1Max: `Address line 1 must be at most ${ADDRESS_LINE_MAX} characters`,
  line1Control: controlCharactersMessage('Address line 1'),
  line2: 'Address line 2 must be text',
  line2Max: `Address line 2 must be at most ${ADDRESS_LINE_MAX} characters`,
  line2Control: controlCharactersMessage('Address line 2'),
  city: 'Enter the city',
  cityMax: `City must be at most ${ADDRESS_CITY_MAX} characters`,
  cityControl: controlCharactersMessage('City'),
  state: 'Choose a state',
  zip: 'Enter a 5-digit ZIP code, or ZIP+4',
  phone: `Phone must have ${ADDRESS_PHONE_DIGITS_MIN} to ${ADDRESS_PHONE_DIGITS_MAX} digits; spaces, +, ( ) and - are allowed`,
  phoneControl: controlCharactersMessage('Phone'),
  isDefault: 'isDefault must be true or false',
  notFound: 'Address not found',
  tooMany: `You can keep at most ${ADDRESSES_MAX} addresses: delete one to add another`,
  unknownZip: 'Unknown ZIP code',
} as const;

/** POST/PUT with a ZIP code the ZIP table does not know (on the zip field). */
export const unknownZipMessage = (zip: string) => `ZIP ${zip} is not a known US ZIP code`;

/** POST/PUT with a ZIP code of another state than the one chosen (on the zip field): "ZIP 90210 is in CA, not FL". */
export const zipStateMessage = (zip: string, zipState: string, chosen: string) =>
  `ZIP ${zip} is in ${zipState}, not ${chosen}`;

/** The 5-digit part of a ZIP code or ZIP+4 ("33101" for "33101-1234"). */
export const zip5 = (zip: string) => zip.slice(0, 5);

/** A required one-line text (../text-fields.ts): trimmed, no control characters, something visible, 1 to `max`. */
const lineText = (field: string, required: string, max: number, maxMessage: string, controlMessage: string) =>
  requiredText({ field, line: true, required, max, maxMessage, controlMessage });

/** An optional one-line text: absent, null or blank is null. */
const optionalLine = (schema: z.ZodType<string, string>) => schema.nullish().transform((v) => (v ? v : null));

const phoneText = z
  .string({ error: ADDRESS_MESSAGES.phone })
  .trim()
  .refine((v) => !hasLineControlCharacters(v), { error: ADDRESS_MESSAGES.phoneControl, abort: true })
  .refine(
    (v) => {
      if (v === '') return true;
      if (v.length > ADDRESS_PHONE_MAX || !/^[0-9+() -]+$/.test(v)) return false;
      const digits = v.replace(/\D/g, '').length;
      return digits >= ADDRESS_PHONE_DIGITS_MIN && digits <= ADDRESS_PHONE_DIGITS_MAX;
    },
    { error: ADDRESS_MESSAGES.phone },
  );

export const addressSchema = z.object({
  name: lineText(
    'Name',
    ADDRESS_MESSAGES.name,
    ADDRESS_NAME_MAX,
    ADDRESS_MESSAGES.nameMax,
    ADDRESS_MESSAGES.nameControl,
  ),
  line1: lineText(
    'Address line 1',
    ADDRESS_MESSAGES.line1,
    ADDRESS_LINE_MAX,
    ADDRESS_MESSAGES.line1Max,
    ADDRESS_MESSAGES.line1Control,
  ),
  line2: optionalText({
    field: 'Address line 2',
    line: true,
    max: ADDRESS_LINE_MAX,
    maxMessage: ADDRESS_MESSAGES.line2Max,
    typeMessage: ADDRESS_MESSAGES.line2,
    controlMessage: ADDRESS_MESSAGES.line2Control,
  }),
  city: lineText(
    'City',
    ADDRESS_MESSAGES.city,
    ADDRESS_CITY_MAX,
    ADDRESS_MESSAGES.cityMax,
    ADDRESS_MESSAGES.cityControl,
  ),
  state: z
    .string({ error: ADDRESS_MESSAGES.state })
    .trim()
    .toUpperCase()
    .refine(isStateCode, { error: ADDRESS_MESSAGES.state })
    .transform((v) => v as StateCode),
  zip: z.string({ error: ADDRESS_MESSAGES.zip }).trim().regex(ZIP_PATTERN, { error: ADDRESS_MESSAGES.zip }),
  phone: optionalLine(phoneText),
  isDefault: z.boolean({ error: ADDRESS_MESSAGES.isDefault }).optional(),
});

/** What a form or a client sends (line2 and phone may be absent or blank). */
export type AddressInput = z.input<typeof addressSchema>;
/** The checked address: texts trimmed, line2 and phone null when not given, the state a StateCode. */
export type AddressFields = z.output<typeof addressSchema>;
