import { z } from 'zod';

/** Path parameters `{id}`: a positive whole number that fits a serial column; anything else is a 400 naming it. */
export const idParams = (what: string) =>
  z.object({
    id: z
      .string()
      .regex(/^[1-9]\d{0,8}$/, `${what} id must be a positive whole number`)
      .transform(Number),
  });
