import { ApiError } from '@bet/web-shell/core';
import type { FieldProblem } from './rules';

/** A form's errors by field path: the client's checks (rules.ts) and the server's `errors[]`. */
export type Errors = Record<string, string>;
export const errorsOf = (problems: FieldProblem[]): Errors =>
  Object.fromEntries(problems.map((p) => [p.path, p.msg]));

/** The server's field errors (`errors[]` of a 400), by path. */
export function serverErrors(err: unknown): Errors {
  if (!(err instanceof ApiError)) return {};
  const b = err.body as { errors?: Array<{ path?: unknown; msg?: unknown }> } | null;
  const out: Errors = {};
  for (const e of Array.isArray(b?.errors) ? b.errors : [])
    if (typeof e.path === 'string' && typeof e.msg === 'string' && !(e.path in out)) out[e.path] = e.msg;
  return out;
}
