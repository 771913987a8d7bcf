/** The one error vocabulary of the backend; `app.ts` maps each to its HTTP status in one place. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    readonly code: string,
    message: string,
    /** More fields for the answer's body, beside `error` and `message` (a stale copy's changed fields). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, code = 'validation_error') => new DomainError(400, code, message);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new DomainError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.', code = 'forbidden') =>
  new DomainError(403, code, message);
export const notFound = (message: string) => new DomainError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict', details?: Record<string, unknown>) =>
  new DomainError(409, code, message, details);
/** A service we depend on is out of reach (Stripe): nothing was done, and asking again later is safe. */
export const unavailable = (message: string, code = 'unavailable') => new DomainError(503, code, message);
