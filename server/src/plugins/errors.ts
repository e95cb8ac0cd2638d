import { STATUS_CODES, validateHeaderValue } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorBody } from '@domain/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost } from '../db/connect';
import {
  Conflict,
  DomainError,
  Forbidden,
  InvalidInput,
  NotFound,
  TooManyRequests,
  Unauthorized,
  Unavailable,
} from '../errors';

const CONTEXT_NAMES: Record<string, string> = {
  body: 'Request body must be a JSON object',
  querystring: 'Invalid query parameters',
  params: 'Invalid path parameters',
  headers: 'Invalid headers',
};

/** Messages for Fastify's own client errors, in plain words. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match its Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_BAD_URL: 'Malformed URL',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the URL path is too long',
};

const SERVER_ERROR: ApiErrorBody = { message: 'Something went wrong on our side. Please try again.' };
const DATABASE_UNAVAILABLE: ApiErrorBody = {
  message: 'The service is briefly unavailable. Please try again in a moment.',
};

/** The status of each kind of domain error (server/src/errors.ts). */
const DOMAIN_STATUSES: [new (...args: never[]) => DomainError, number][] = [
  [InvalidInput, 400],
  [Unauthorized, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooManyRequests, 429],
  [Unavailable, 503],
];

/** A domain error as HTTP says it: its status, the `{ message, errors? }` body and its headers. */
export function domainErrorResponse(err: DomainError): {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
} {
  const status = DOMAIN_STATUSES.find(([kind]) => err instanceof kind)?.[1] ?? 500;
  const body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
  const headers: Record<string, string> =
    err instanceof TooManyRequests || err instanceof Unavailable
      ? { 'retry-after': String(err.retryAfterSeconds) }
      : {};
  return status === 500 ? { status, body: SERVER_ERROR, headers: {} } : { status, body, headers };
}

// Shorthands for the HTTP edge's own refusals (plugins/session.ts, security.ts, client.ts).
export const unauthorized = (message?: string) => new Unauthorized(message);
export const forbidden = (message: string) => new Forbidden(message);
export const notFound = (message?: string) => new NotFound(message);

/**
 * Fastify's `frameworkErrors`: the router's own errors (a malformed percent-encoding in the path, a path segment
 * beyond maxParamLength), raised before any hook runs, so the security headers are added here. Without it Fastify
 * answers them in its own shape ({ error, code, message, statusCode }).
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers);
    const message = FASTIFY_CLIENT_ERRORS[err.code];
    const clientError = message !== undefined && err.statusCode !== undefined && err.statusCode < 500;
    if (!clientError) request.log.error({ err }, 'request failed');
    return reply
      .code(clientError ? (err.statusCode as number) : 500)
      .type('application/json; charset=utf-8')
      .send(clientError ? { message } : SERVER_ERROR);
  };
}

/**
 * Fastify's `clientErrorHandler`: a connection's own errors, raised by Node before there is a request to answer (a
 * request not received within the time limits, headers too large, bytes that are not HTTP). The answer is written
 * on the socket as Node would, but in the JSON error shape and with the security headers; then the socket closes.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (err: Error & { code?: string }, socket: Socket) => {
    // A connection reset: nothing is left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request headers are too large']
          : [400, 'Malformed request'];
    const body = JSON.stringify({ message } satisfies ApiErrorBody);
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${extra}content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    socket.destroy();
  };
}

/** PostgreSQL errors a client's input can cause, when a service did not turn them into a clearer one. */
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'That already exists'],
  '23503': [409, 'That refers to something that does not exist'],
  '23514': [400, 'A value is out of range'],
  '22003': [400, 'A number is out of range'],
  '22P02': [400, 'A value has the wrong format'],
  '40001': [409, 'The request conflicted with another one; please try again'],
  '40P01': [409, 'The request conflicted with another one; please try again'],
};

function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The JSON error shape of docs/product.md#errors for every error, and never a stack trace to the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiErrorBody = SERVER_ERROR;

    const code = pgCode(err);
    const pgClientError = code ? PG_CLIENT_ERRORS[code] : undefined;

    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const own = issue.message ?? 'Invalid value';
        const message = field === '' ? (CONTEXT_NAMES[err.validationContext ?? 'body'] ?? own) : own;
        errors[field || '_'] ??= message;
      }
      status = 400;
      body = { message: Object.values(errors)[0] ?? 'Invalid request', errors };
      if (Object.keys(errors).length === 1 && errors._) body = { message: errors._ };
    } else if (err instanceof DomainError) {
      const response = domainErrorResponse(err);
      status = response.status;
      body = response.body;
      reply.headers(response.headers);
    } else if (err.code && FASTIFY_CLIENT_ERRORS[err.code]) {
      status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
      body = { message: FASTIFY_CLIENT_ERRORS[err.code] as string };
    } else if (pgClientError) {
      const [s, message] = pgClientError;
      status = s;
      body = { message };
      request.log.warn({ err }, 'database rejected a request');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { message: err.message };
    } else if (isConnectionLost(err)) {
      // PostgreSQL restarted or dropped the connection mid-request: nothing half-written stays (the transaction
      // was rolled back with the session), and the request may simply be tried again.
      status = 503;
      body = DATABASE_UNAVAILABLE;
      reply.header('retry-after', '1');
    }

    if (status >= 500) request.log.error({ err }, 'request failed');
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  // Node refuses to send a header holding a character no header may carry (non-ASCII, CR, LF), and Fastify then
  // answers with its own 500, its error code and message, and none of the headers set so far (the security
  // headers among them). Checked here, such a header is dropped and the answer is an ordinary 500 of ours.
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of Object.entries(reply.getHeaders()))
      for (const v of [value ?? []].flat()) {
        try {
          validateHeaderValue(name, String(v));
        } catch (err) {
          reply.removeHeader(name);
          return done(err as Error);
        }
      }
    done(null, payload);
  });
}
