import { registerSchema } from '@domain/accounts/schemas';
import { listingSchema } from '@domain/listings';
import { checkoutSchema } from '@domain/orders/schemas';
import { addressSchema } from '@domain/shipping/addresses';
import { sellerProfileSchema } from '@domain/shipping/seller-profile';
import { hasBidiControls, hasVisibleCharacter } from '@domain/text';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** The message zod gives for `field`, or undefined when the value passes. */
function messageOf(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((i) => i.path.join('.') === field)?.message;
}

const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff';
const RLO = '\u202e';

const address = { name: 'Ana Díaz', line1: '1 Main St', city: 'Miami', state: 'FL', zip: '33132' };
const listing = {
  title: 'Sugar Dragon cutting',
  description: 'A sweet one.',
  variety: 'Sugar Dragon',
  form: 'cutting',
  quantity: 3,
  price: 12,
  imageUrl: '/images/x.jpg',
};
const certificate = { kind: 'phytosanitary', number: 'FL-123', expiresOn: '2099-01-01' };

describe('what a required text needs', () => {
  it.each([
    ['', false],
    ['   ', false],
    [ZERO_WIDTH, false],
    [`${RLO}\u200e\u200f`, false],
    ['\u3164\u2800', false],
    ['a', true],
    [`${ZERO_WIDTH}a`, true],
    ['日本', true],
    ['مرحبا', true],
  ])('%j has a visible character: %s', (text, visible) => {
    expect(hasVisibleCharacter(text)).toBe(visible);
  });

  it('finds the text direction controls', () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ])
      expect(hasBidiControls(`a${c}b`)).toBe(true);
    expect(hasBidiControls('plain, ñ, 日本, مرحبا')).toBe(false);
  });
});

describe('required text made of zero-width characters only (issue 23, defect 9)', () => {
  it("refuses an address's name, street and city with their own messages", () => {
    expect(messageOf(addressSchema, { ...address, name: ZERO_WIDTH }, 'name')).toBe(
      'Enter the name of the person receiving the parcel',
    );
    expect(messageOf(addressSchema, { ...address, line1: ` ${ZERO_WIDTH} ` }, 'line1')).toBe(
      'Enter the street address',
    );
    expect(messageOf(addressSchema, { ...address, city: ZERO_WIDTH }, 'city')).toBe('Enter the city');
    expect(addressSchema.safeParse(address).success).toBe(true);
  });

  it('refuses a certificate number', () => {
    const profile = { shipFromState: 'FL', certificates: [{ ...certificate, number: ZERO_WIDTH }] };
    expect(messageOf(sellerProfileSchema, profile, 'certificates.0.number')).toBe(
      'Enter the certificate number',
    );
  });

  it("refuses a listing's title and description", () => {
    expect(messageOf(listingSchema, { ...listing, title: ZERO_WIDTH }, 'title')).toBe('Title is required');
    expect(messageOf(listingSchema, { ...listing, description: ZERO_WIDTH }, 'description')).toBe(
      'Description is required',
    );
  });

  it('turns an optional text with nothing visible into none', () => {
    const parsed = addressSchema.parse({ ...address, line2: ZERO_WIDTH });
    expect(parsed.line2).toBeNull();
    expect(checkoutSchema.parse({ note: ZERO_WIDTH })?.note).toBeNull();
  });
});

describe('one-line fields refuse text direction controls', () => {
  it.each([
    [listingSchema, listing, 'title', 'Title cannot contain text direction controls'],
    [listingSchema, listing, 'rootstock', 'Rootstock cannot contain text direction controls'],
    [addressSchema, address, 'name', 'Name cannot contain text direction controls'],
    [addressSchema, address, 'line1', 'Address line 1 cannot contain text direction controls'],
    [addressSchema, address, 'line2', 'Address line 2 cannot contain text direction controls'],
    [addressSchema, address, 'city', 'City cannot contain text direction controls'],
    [
      registerSchema,
      { username: 'ana', email: 'ana@example.com', password: 'correct horse battery' },
      'location',
      'Location cannot contain text direction controls',
    ],
  ] as Array<[z.ZodType, Record<string, unknown>, string, string]>)(
    '%#: %s',
    (schema, valid, field, message) => {
      expect(schema.safeParse(valid).success).toBe(true);
      expect(messageOf(schema, { ...valid, [field]: `gpj${RLO}.exe` }, field)).toBe(message);
    },
  );

  it("refuses a certificate number and the seller's licence", () => {
    const profile = { shipFromState: 'FL', certificates: [{ ...certificate, number: `FL${RLO}123` }] };
    expect(messageOf(sellerProfileSchema, profile, 'certificates.0.number')).toBe(
      'Certificate number cannot contain text direction controls',
    );
    expect(messageOf(sellerProfileSchema, { shipFromState: 'FL', licence: `A${RLO}1` }, 'licence')).toBe(
      'Licence or registration number cannot contain text direction controls',
    );
  });

  it('keeps them in texts of several lines, where right-to-left writing needs them', () => {
    expect(listingSchema.safeParse({ ...listing, description: `שלום ${RLO}x` }).success).toBe(true);
    expect(checkoutSchema.safeParse({ note: `gate ${RLO}1234` }).success).toBe(true);
  });
});
