/** Query-string parameters that several areas read the same way. */
import { z } from 'zod';

/**
 * A whole number from 1 to `max` in a query string (`page=2`): absent or empty is `fallback`; anything else, or
 * a number out of range, is a 400 naming the parameter.
 */
export const queryWholeNumber = (name: string, fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (!/^\d+$/.test(v) || Number(v) < 1) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from 1` });
        return z.NEVER;
      }
      const n = Number(v);
      if (n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at most ${max}` });
        return z.NEVER;
      }
      return n;
    });
