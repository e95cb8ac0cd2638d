/** The accounts' answers (docs/product.md#calls), as zod schemas and the types derived from them. */
import { z } from 'zod';
import { id, isoTime } from '../responses';

/** What the API exposes of the signed-in user (never the password hash). */
export const sessionUserSchema = z
  .object({
    id: id(),
    username: z.string(),
    email: z.email(),
    isSeller: z.boolean(),
    location: z.string().nullable(),
    bio: z.string().nullable(),
    createdAt: isoTime(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.output<typeof sessionUserSchema>;

const demoAccountSchema = z.object({ username: z.string(), password: z.string() });

/** GET /api/auth/demo: the demo accounts' credentials (public: the accounts keep nothing real). */
export const demoAccountsSchema = z.object({ buyer: demoAccountSchema, seller: demoAccountSchema });
export type DemoAccounts = z.output<typeof demoAccountsSchema>;
