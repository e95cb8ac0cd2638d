import { type SQL, sql } from 'drizzle-orm';

/**
 * The name a nursery goes by wherever it is shown, and whom buyers pay: its shop name, else its username
 * (docs/decisions/0024-storefronts.md). `u` is the users row's table or alias.
 */
export const shopName = (u: SQL): SQL<string> => sql<string>`coalesce(${u}.business_name, ${u}.username)`;
