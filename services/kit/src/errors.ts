export interface FieldError {
  path: string;
  location: 'body' | 'query' | 'params' | 'headers';
  msg: string;
}

/** An error that crosses the HTTP edge as `{ msg, errors? }` with its status code. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    msg: string,
    readonly errors?: FieldError[],
    readonly code?: string,
  ) {
    super(msg);
  }
}

export const badRequest = (msg: string, errors?: FieldError[]) => new HttpError(400, msg, errors);
export const unauthorized = (msg = 'Not authorized: missing or invalid token') => new HttpError(401, msg);
export const forbidden = (msg = 'You are not allowed to do this') => new HttpError(403, msg);
export const notFound = (msg = 'Not found') => new HttpError(404, msg);
export const conflict = (msg: string, code?: string) => new HttpError(409, msg, undefined, code);
export const unprocessable = (msg: string, code?: string) => new HttpError(422, msg, undefined, code);
export const tooManyRequests = (msg = 'Too many requests, please try again later') => new HttpError(429, msg);

/**
 * A rule of the domain said no. Domain code throws these without knowing HTTP;
 * the server maps `status` (default 422) onto the response.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: string,
    msg: string,
    readonly status: 400 | 403 | 404 | 409 | 422 = 422,
  ) {
    super(msg);
  }
}
