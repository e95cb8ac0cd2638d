import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';

/**
 * The field errors of a failed request, as a form shows them beside its fields: a 400 or 409 answer's `errors`
 * (docs/product.md#errors), keyed by field. With `fields`, only those (a message for another field is the form's
 * general message, not a field's); without, every field the server named, by its path ("certificates.0.number").
 * Empty for any other failure (a network error, a 500) and for an answer without field errors.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields?: readonly F[],
): Partial<Record<F, string>> {
  if (!isApiError(error)) return {};
  const all = error.fieldErrors;
  if (!fields) return { ...all } as Partial<Record<F, string>>;
  const picked: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = all[field];
    if (message) picked[field] = message;
  }
  return picked;
}

/**
 * The one way a react-hook-form form shows the server's field errors (`serverFieldErrors`): each lands on its field
 * as a `server` error, read where the form's own checks show theirs, and focus goes to the first of them (in the
 * order of `fields`, else the server's). Returns whether any did. A form kept in component state sets its errors
 * from `serverFieldErrors` itself.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields?: readonly FieldPath<T>[],
): boolean {
  const found = Object.entries(serverFieldErrors<string>(error, fields)) as [FieldPath<T>, string][];
  found.forEach(([field, message], i) => {
    form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
  });
  return found.length > 0;
}
