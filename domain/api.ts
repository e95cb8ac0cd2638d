/** The JSON error shape every API error uses (DESIGN section 4). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}
