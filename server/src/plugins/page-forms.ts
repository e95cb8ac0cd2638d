import { MESSAGES, registerFormSchema } from '@domain/accounts/schemas';
import type { PostedForm } from '@domain/posted-form';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Renders a page again with the form it sent (or, without a renderer, sends the browser back to it). */
export type RenderPosted = (
  request: FastifyRequest,
  reply: FastifyReply,
  page: { url: string; status: number; posted: PostedForm },
) => Promise<FastifyReply>;

/** What the API answered a form's call: its status and JSON body, its cookies and headers passed on. */
interface ApiAnswer {
  status: number;
  body: { message?: string; errors?: Record<string, string> };
  headers: Record<string, string | string[] | number | undefined>;
}

/** The sign-up form's fields the API may name (400, 409), shown under the same fields. */
const REGISTER_FIELDS = ['username', 'email', 'password', 'businessName', 'location', 'bio'] as const;
/** What the sign-up form shows again: every field but the two passwords. */
const REGISTER_KEPT = [
  'username',
  'email',
  'businessName',
  'location',
  'bio',
  'terms',
  'accountType',
] as const;

/**
 * The page forms a browser sends as plain form posts (application/x-www-form-urlencoded) when it submits before the
 * page is adopted, or without JavaScript (docs/decisions/0033-before-adoption.md): sign-in (POST /login), sign-up
 * (POST /register), a signed-in buyer's Add to Cart (POST /cart/add) and the newsletter (POST /newsletter). Each calls the API route itself
 * (in-process, with the request's own socket address and headers), so the Origin check, the session, the sign-in
 * throttle, the write limit and every rule apply exactly as they do to the browser's own calls. Done: a redirect
 * (303) where the browser would go; refused: the page again, rendered with the messages and the values typed
 * (never a password), with the API's status.
 */
export async function registerPageForms(app: FastifyInstance, renderPosted: RenderPosted): Promise<void> {
  await app.register(async (forms) => {
    // A form's body, and nothing else: JSON and the rest get 415.
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, new URLSearchParams(String(body)));
      },
    );

    forms.post('/login', async (request, reply) => {
      const form = formOf(request);
      const answer = await callApi(app, request, '/api/auth/login', {
        username: form.get('username') ?? '',
        password: form.get('password') ?? '',
      });
      passCookies(answer, reply);
      if (answer.status === 200)
        return reply.redirect(sameSitePath(queryOf(request).get('redirect'), '/'), 303);
      const values = { username: form.get('username') ?? '' };
      // The form's own rule (400) is shown under the fields, as the browser's check shows it; the rest as a refusal.
      const posted: PostedForm =
        answer.status === 400
          ? { page: '/login', values, fieldErrors: { username: messageOf(answer, MESSAGES.loginRequired) } }
          : {
              page: '/login',
              values,
              fieldErrors: {},
              message: {
                title: 'Login failed',
                description: messageOf(answer, 'Login failed. Please try again.'),
              },
            };
      return renderPosted(request, reply, { url: request.url, status: answer.status, posted });
    });

    forms.post('/register', async (request, reply) => {
      const form = formOf(request);
      const isSeller = form.get('accountType') === 'seller';
      const text = (name: string) => form.get(name) ?? '';
      const values = Object.fromEntries(REGISTER_KEPT.map((name) => [name, text(name)]));
      values.accountType = isSeller ? 'seller' : 'buyer';
      const again = (status: number, posted: Omit<PostedForm, 'page' | 'values'>) =>
        renderPosted(request, reply, {
          url: request.url,
          status,
          posted: { page: '/register', values, ...posted },
        });

      // The form's own checks first (the two passwords, the terms), as the browser makes them before calling.
      const checked = registerFormSchema.safeParse({
        username: text('username'),
        email: text('email'),
        password: text('password'),
        confirmPassword: text('confirmPassword'),
        terms: form.has('terms'),
        businessName: text('businessName'),
        location: text('location'),
        bio: text('bio'),
      });
      const fieldErrors: Record<string, string> = {};
      for (const issue of checked.error?.issues ?? []) {
        const field = String(issue.path[0] ?? '');
        if (field) fieldErrors[field] ??= issue.message;
      }
      if (text('confirmPassword') !== text('password'))
        fieldErrors.confirmPassword ??= MESSAGES.passwordsDiffer;
      if (Object.keys(fieldErrors).length > 0) return again(400, { fieldErrors });

      const optional = (name: string) => (isSeller ? text(name).trim() || null : null);
      const answer = await callApi(app, request, '/api/auth/register', {
        username: text('username'),
        email: text('email'),
        password: text('password'),
        isSeller,
        businessName: optional('businessName'),
        location: optional('location'),
        bio: optional('bio'),
      });
      passCookies(answer, reply);
      if (answer.status === 201) {
        const redirect = queryOf(request).get('redirect');
        const home = isSeller ? '/seller/dashboard' : '/marketplace';
        return reply.redirect(redirect ? sameSitePath(redirect, home) : home, 303);
      }
      const named: Record<string, string> = {};
      for (const field of REGISTER_FIELDS) {
        const message = answer.body.errors?.[field];
        if (message) named[field] = message;
      }
      return again(answer.status, {
        fieldErrors: named,
        message: {
          title: 'Registration failed',
          description: messageOf(answer, 'Registration failed. Please try again.'),
        },
      });
    });

    // The home page's newsletter form; the page again, with the message the browser would toast.
    forms.post('/newsletter', async (request, reply) => {
      const email = (formOf(request).get('email') ?? '').trim();
      const answer = await callApi(app, request, '/api/newsletter', { email });
      passCookies(answer, reply);
      const message =
        answer.status === 200
          ? { title: 'Subscribed!', description: "You've been successfully subscribed to our newsletter." }
          : answer.status === 400
            ? { title: 'Invalid email', description: 'Please enter a valid email address' }
            : {
                title: 'Subscription failed',
                description: messageOf(answer, 'Something went wrong. Please try again.'),
              };
      return renderPosted(request, reply, {
        url: '/',
        status: answer.status,
        posted: { page: '/', values: answer.status === 200 ? {} : { email }, fieldErrors: {}, message },
      });
    });

    forms.post('/cart/add', async (request, reply) => {
      const form = formOf(request);
      const productId = numberOf(form.get('productId'));
      const quantity = numberOf(form.get('quantity') ?? '1');
      const answer = await callApi(app, request, '/api/cart', { productId, quantity });
      passCookies(answer, reply);
      if (answer.status === 201) return reply.redirect('/cart', 303);
      const product =
        typeof productId === 'number' && Number.isSafeInteger(productId) && productId > 0 ? productId : null;
      // Signed out meanwhile: as a visitor's Add to Cart, sign in and come back to the plant with it added.
      if (answer.status === 401) {
        const back = product === null ? '/marketplace' : `/product/${product}?add=${safeQuantity(quantity)}`;
        return reply.redirect(`/login?redirect=${encodeURIComponent(back).replaceAll('%2F', '/')}`, 303);
      }
      const message =
        answer.status === 409 && /out of stock/i.test(answer.body.message ?? '')
          ? { title: 'Out of stock', description: 'This product is currently out of stock' }
          : { title: 'Error', description: messageOf(answer, 'Failed to add item to cart') };
      if (product === null) return reply.code(answer.status).send({ message: message.description });
      return renderPosted(request, reply, {
        url: `/product/${product}`,
        status: answer.status,
        posted: {
          page: `/product/${product}`,
          values: { quantity: form.get('quantity') ?? '' },
          fieldErrors: {},
          message,
        },
      });
    });
  });
}

function formOf(request: FastifyRequest): URLSearchParams {
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const start = request.url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : request.url.slice(start + 1));
}

/** A form's number field as the API takes it: a number when it is one, else the text (the API says what is wrong). */
function numberOf(value: string | null): number | string | null {
  if (value === null) return null;
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : value;
}

function safeQuantity(quantity: number | string | null): number {
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 && quantity <= 999
    ? quantity
    : 1;
}

function messageOf(answer: ApiAnswer, fallback: string): string {
  return typeof answer.body.message === 'string' && answer.body.message ? answer.body.message : fallback;
}

/**
 * Calls an API route in-process as this very request: the same socket address and headers (so the client's
 * address, the protocol, the Origin check and the session come out the same), with a JSON body.
 */
async function callApi(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
  body: unknown,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (
      value === undefined ||
      ['content-type', 'content-length', 'transfer-encoding', 'accept-encoding'].includes(name)
    )
      continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers['content-type'] = 'application/json';
  headers.accept = 'application/json';
  const res = await app.inject({
    method: 'POST',
    url,
    headers,
    remoteAddress: request.socket.remoteAddress ?? request.ip,
    payload: JSON.stringify(body),
  });
  let parsed: ApiAnswer['body'] = {};
  try {
    const json: unknown = JSON.parse(res.body);
    if (json && typeof json === 'object') parsed = json as ApiAnswer['body'];
  } catch {
    // Not JSON: the fallback message is shown.
  }
  return { status: res.statusCode, body: parsed, headers: res.headers };
}

/** The cookies the API set (the session on sign-in, a cleared one), and a 429's Retry-After, on the page's answer. */
function passCookies(answer: ApiAnswer, reply: FastifyReply): void {
  const cookies = answer.headers['set-cookie'];
  if (cookies !== undefined) reply.header('set-cookie', [cookies].flat().map(String));
  const retry = answer.headers['retry-after'];
  if (retry !== undefined) reply.header('retry-after', String(retry));
}

/**
 * A path of this site to go to, as the browser's sign-in page takes it (client/src/features/accounts/redirect.ts):
 * a single leading "/", no control characters or backslashes, the rest percent-encoded so a Location header can
 * carry it; anything else is the fallback.
 */
export function sameSitePath(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (/[\x00-\x1f\x7f\\]/.test(value)) return fallback;
  try {
    return value.replace(/[^\x21-\x7e]+/gu, (text) => encodeURIComponent(text));
  } catch {
    // A lone surrogate cannot be encoded.
    return fallback;
  }
}
