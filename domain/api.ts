/** The JSON error shape every API error uses (docs/product.md#errors). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}
