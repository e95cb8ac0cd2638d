import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector (full-text search document); read as its text form. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});
