import type { InferSelectModel, Table } from 'drizzle-orm';

/**
 * The type of a raw statement's row (`queryRows`), taken from the tables in schema.ts so that a renamed or retyped
 * column breaks the type check instead of a request. A raw statement skips Drizzle's mapping of values, so a
 * timestamp comes as the driver gives it (a string or a Date): read it through `new Date(…)`.
 */
type RawValue<V> = V extends Date ? Date | string : V;

/** Column `K` of table `T`, by its name in schema.ts, as a raw statement returns it (whatever it is selected as). */
export type ColumnOf<T extends Table, K extends keyof InferSelectModel<T>> = RawValue<InferSelectModel<T>[K]>;

/** Columns `K` of table `T`, selected under their names in schema.ts (`price_cents as "priceCents"`). */
export type RowOf<T extends Table, K extends keyof InferSelectModel<T>> = { [P in K]: ColumnOf<T, P> };
