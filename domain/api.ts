import type { z } from 'zod';
import type { apiErrorSchema } from './responses';

/** The JSON error shape every API error uses (docs/product.md#errors); its schema is in responses.ts. */
export type ApiErrorBody = z.output<typeof apiErrorSchema>;
