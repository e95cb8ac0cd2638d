import { describe, expect, it } from 'vitest';
import { ApiError } from '../../client/src/lib/api';
import { applyServerFieldErrors, serverFieldErrors } from '../../client/src/lib/form-errors';

// The one way a form shows the server's field errors (client/src/lib/form-errors.ts): a 400 or 409 answer's `errors`
// land on the fields they name, and focus goes to the first.
const answer = (status: number, body: unknown) =>
  new ApiError(status, 'Bad Request', typeof body === 'string' ? body : JSON.stringify(body));

describe("the server's field errors on a form", () => {
  const refused = answer(400, {
    message: 'Check the highlighted fields',
    errors: {
      zip: 'ZIP code 99999 is not a US ZIP code',
      'certificates.0.number': 'Enter the number',
      other: 'x',
    },
  });

  it('picks the fields a form has, in its order, or every field named', () => {
    expect(serverFieldErrors(refused, ['name', 'certificates.0.number', 'zip'])).toEqual({
      'certificates.0.number': 'Enter the number',
      zip: 'ZIP code 99999 is not a US ZIP code',
    });
    expect(Object.keys(serverFieldErrors(refused))).toEqual(['zip', 'certificates.0.number', 'other']);
  });

  it('has none for a failure that is not an answer with field errors', () => {
    expect(serverFieldErrors(new Error('Failed to fetch'), ['zip'])).toEqual({});
    expect(serverFieldErrors(answer(500, 'Internal Server Error'))).toEqual({});
    expect(serverFieldErrors(answer(409, { message: 'Prices changed' }), ['price'])).toEqual({});
  });

  it("sets each as a 'server' error and focuses the first only", () => {
    const calls: unknown[][] = [];
    const form = { setError: (...args: unknown[]) => void calls.push(args) };
    expect(applyServerFieldErrors(form, refused, ['certificates.0.number', 'zip'])).toBe(true);
    expect(calls).toEqual([
      ['certificates.0.number', { type: 'server', message: 'Enter the number' }, { shouldFocus: true }],
      ['zip', { type: 'server', message: 'ZIP code 99999 is not a US ZIP code' }, { shouldFocus: false }],
    ]);
    expect(applyServerFieldErrors(form, new Error('Failed to fetch'))).toBe(false);
    expect(calls).toHaveLength(2);
  });
});
