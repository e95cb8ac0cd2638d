/**
 * The errors a service throws when a rule of its area is broken: what went wrong, in the words of
 * docs/product.md#errors, and never how HTTP says it. The error plugin (`plugins/errors.ts`) gives each kind its
 * status and headers; the message (and a conflict's or an invalid input's field errors) goes to the client as it
 * is, in the shape `{ message, errors? }`. The HTTP edge (sessions, the Origin check, the write limit) throws them
 * too, so there is one mechanism for every error meant for the client.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** Messages per field (a form shows each beside its field), keyed by the field's name. */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request asks for something the rules refuse whatever the state (an empty cart, a total past the limit). */
export class InvalidInput extends DomainError {}

/** Nobody is signed in, or the credentials given are wrong. */
export class Unauthorized extends DomainError {
  constructor(message = 'Please log in') {
    super(message);
  }
}

/** The user is known but may not do this (buy their own listing, review without a purchase). */
export class Forbidden extends DomainError {}

/** The thing asked for does not exist, or is not this user's to see. */
export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super(message);
  }
}

/** The request clashes with the current state (stock, a taken name, a changed price, an order's status). */
export class Conflict extends DomainError {}

/** Too many attempts within a window; the client may try again after `retryAfterSeconds`. */
export class TooManyRequests extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
  }
}

/**
 * A service the request needs (the payment provider) did not answer: nothing was lost, and the client may try again
 * in `retryAfterSeconds`.
 */
export class Unavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 30,
  ) {
    super(message);
  }
}
