import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADDRESS, type TestApp } from '../support/app';
import { listingInput, signUpBuyer, signUpNursery } from '../support/fixtures';

// Text a person cannot see is no text, and one-line fields keep their reading order (issue 23, defect 9): a 400
// naming the field, with the message of docs/product.md#validation, and nothing stored.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ZERO_WIDTH = '\u200b\u200d\u2060\ufeff';
const RLO = '\u202e';

interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

describe('zero-width text in a required field', () => {
  it('refuses an address whose name is only zero-width characters', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const res = await client.post<ErrorBody>('/api/addresses', { ...TEST_ADDRESS, name: ZERO_WIDTH });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'Enter the name of the person receiving the parcel' });
    const list = await client.get<unknown[]>('/api/addresses');
    expect(list.body).toEqual([]);
  });

  it('refuses a certificate number that is only zero-width characters', async () => {
    const { client } = await signUpNursery(t, { profile: false });
    const res = await client.put<ErrorBody>('/api/seller/profile', {
      shipFromState: 'FL',
      certificates: [{ kind: 'ca-nematode', number: ZERO_WIDTH, expiresOn: '2099-01-01' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'certificates.0.number': 'Enter the certificate number' });
  });
});

describe('text direction controls in a one-line field', () => {
  it("refuses a listing's title with U+202E", async () => {
    const { client } = await signUpNursery(t);
    const res = await client.post<ErrorBody>('/api/products', listingInput({ title: `Sugar ${RLO}gnittuc` }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ title: 'Title cannot contain text direction controls' });
    const ok = await client.post('/api/products', listingInput());
    expect(ok.status).toBe(201);
  });

  it("refuses an address's city with U+202E", async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const res = await client.post<ErrorBody>('/api/addresses', { ...TEST_ADDRESS, city: `Miami${RLO}` });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ city: 'City cannot contain text direction controls' });
  });
});
