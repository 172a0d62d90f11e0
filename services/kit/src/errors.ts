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

/** The statuses a refusal of a use case can answer with. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503;

/**
 * A use case or a domain rule said no. `code` names what went wrong, the message is what the
 * API answers as `msg` (word for word), `errors` the fields at fault. No HTTP here: the
 * service's error table (`routes/errors.ts`, given to `defineService({ errors })`) maps the
 * code to a status, so jobs and consumers call the same use case without HTTP in sight.
 * A code the table does not list answers 422 with the code beside `msg`.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly errors?: FieldError[];
  constructor(
    readonly code: string,
    msg: string,
    opts?: { errors?: FieldError[] },
  ) {
    super(msg);
    if (opts?.errors) this.errors = opts.errors;
  }
}

/**
 * A `DomainError` class for one code, so each refusal a service names is one line:
 * `export class UserNotFoundError extends refusal('user_not_found', 'User not found') {}`.
 * With a fixed message the class takes none (`new UserNotFoundError()`); without, the
 * message (and the fields at fault) are given where it is thrown. `name` is the class's own,
 * and the class names its `code` too.
 */
export function refusal(code: string, msg: string): (new () => DomainError) & { readonly code: string };
export function refusal(
  code: string,
): (new (msg: string, errors?: FieldError[]) => DomainError) & { readonly code: string };
export function refusal(code: string, fixed?: string) {
  return class extends DomainError {
    /** the code its errors carry (a service's table must list it: tests/architecture) */
    static readonly code = code;
    constructor(msg?: string, errors?: FieldError[]) {
      super(code, fixed ?? msg ?? code, { errors });
      this.name = new.target.name;
    }
  };
}

/**
 * A service's map from its domain errors' codes to the answer: the status, and whether the
 * body carries a `code` beside `msg` (the spec's answers mostly do not).
 */
export type ErrorTable = Readonly<
  Record<
    string,
    { status: RefusalStatus /** true: the error's code; a string: that code */; sendCode?: boolean | string }
  >
>;
