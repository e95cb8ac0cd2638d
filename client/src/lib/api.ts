import type { ApiErrorBody } from '@domain/api';

/**
 * A failed API response. `message` is `${status}: ${responseText || statusText}` (docs/product.md#errors);
 * `userMessage` is what a person should read: the JSON body's `message`, else the response text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  readonly userMessage: string;

  constructor(status: number, statusText: string, text: string) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseErrorBody(text);
    this.userMessage = this.body?.message || text || statusText;
  }

  /** Field errors sent by the server (400 and 409 answers), keyed by field name. */
  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && typeof (value as ApiErrorBody).message === 'string') {
      return value as ApiErrorBody;
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return null;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The message to show for an error: the API's own message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.userMessage ? error.userMessage : fallback;
}

/**
 * How the API is reached: the browser's fetch, with the session cookie. A server render swaps it (setApiTransport)
 * for a call into the server itself, carrying the request's cookie.
 */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) =>
  fetch(url, { credentials: 'include', ...init });

export function setApiTransport(next: typeof transport): void {
  transport = next;
}

/** fetch() for the API: relative URLs, the session cookie, and the server render's transport when there is one. */
export function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return transport(url, init);
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, text);
}

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Calls the API with the session cookie and a JSON body (when one is given) and returns the parsed
 * JSON answer (undefined for an empty one). Extra request headers (an `Idempotency-Key`, say) go in
 * `options.headers`. Throws ApiError on a non-OK status.
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const res = await apiFetch(url, {
    method,
    headers: {
      ...(body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return readJson<T>(res);
}

/**
 * Sends `form` as multipart/form-data (a photo's upload) with the session cookie; answers and fails as apiRequest
 * does. The browser writes the content type itself, with the boundary.
 */
export async function apiUpload<T = unknown>(url: string, form: FormData): Promise<T> {
  const res = await apiFetch(url, { method: 'POST', headers: { Accept: 'application/json' }, body: form });
  await throwIfNotOk(res);
  return readJson<T>(res);
}

export interface RequestOptions {
  /** Extra request headers, added to (and overriding) the JSON ones. */
  headers?: Record<string, string>;
}

/** GET with the session cookie; on 401 answers null when `nullOn401`, else throws like any failure. */
export async function apiGet<T>(
  url: string,
  { nullOn401 = false, nullOn404 = false, signal }: GetOptions = {},
): Promise<T | null> {
  const res = await apiFetch(url, { signal, headers: { Accept: 'application/json' } });
  if (nullOn401 && res.status === 401) return null;
  if (nullOn404 && res.status === 404) return null;
  await throwIfNotOk(res);
  return readJson<T>(res);
}

interface GetOptions {
  nullOn401?: boolean;
  /**
   * A 404 answers null: what the address names does not exist, an answer like any other (kept, and rendered on the
   * server as a "not found" page), not a failure to retry.
   */
  nullOn404?: boolean;
  signal?: AbortSignal;
}
