import { badRequest, type FieldError, HttpError, ID_PATTERN, Type } from '@bet/kit';
import type { Actor } from '../domain/actor';
import type { Prices } from '../domain/odds';

// What the routes take, shared, and the checks the schemas cannot express (answers.ts: what they answer).

/** A string enum that validates with Ajv's `enum` (clear "must be one of" messages). */
export { StringEnum } from '@bet/kit';

export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });
export const STATUSES = ['upcoming', 'live', 'finished', 'cancelled'] as const;
export const OUTCOMES = ['A', 'B', 'Draw'] as const;

export const OddsBody = Type.Object(
  { home: Type.Number(), draw: Type.Number(), away: Type.Number() },
  { additionalProperties: false },
);

export const TeamName = Type.String({ minLength: 1, maxLength: 100 });
export const Logo = Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]));

/** Trimmed text fields must say something: "  " is as empty as "". */
export function requireText<T extends Record<string, unknown>>(body: T, fields: Array<keyof T & string>) {
  const errors = fields
    .filter((f) => typeof body[f] === 'string' && (body[f] as string).trim() === '')
    .map((f) => ({ path: f, location: 'body' as const, msg: `${f} must not be empty` }));
  if (errors.length > 0) throw badRequest(errors[0].msg, errors);
}

/**
 * Runs several field parsers and reports every bad field at once (one 400 with all the
 * `errors`), instead of stopping at the first.
 */
export function parseAll<T extends unknown[]>(...parsers: { [K in keyof T]: () => T[K] }): T {
  const errors: FieldError[] = [];
  const out = parsers.map((p) => {
    try {
      return p();
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 400 && err.errors) {
        errors.push(...err.errors);
        return undefined;
      }
      throw err;
    }
  });
  if (errors.length > 0) throw badRequest(errors[0].msg, errors);
  return out as T;
}

/** The admin behind an authenticated request (routes with `auth: 'admin'`). */
export const actorOf = (req: { user: { id: string; username?: string } | null }): Actor => ({
  id: req.user!.id,
  username: req.user!.username ?? null,
});

/** Odds from the edge: numbers > 1.00 with at most two decimals, or a 400 naming each bad field. */
export function parseOdds(odds: { home: number; draw: number; away: number }, path = 'odds'): Prices {
  const errors: FieldError[] = [];
  const out: Partial<Prices> = {};
  for (const k of ['home', 'draw', 'away'] as const) {
    const v = odds[k];
    const field = path ? `${path}.${k}` : k;
    if (!Number.isFinite(v) || v <= 1)
      errors.push({ path: field, location: 'body', msg: `${field} must be greater than 1.00` });
    else if (Math.abs(Math.round(v * 100) - v * 100) > 1e-6) {
      errors.push({ path: field, location: 'body', msg: `${field} must have at most two decimals` });
    } else if (v > 1000)
      errors.push({ path: field, location: 'body', msg: `${field} must be at most 1000.00` });
    else out[k] = Math.round(v * 100);
  }
  if (errors.length > 0) throw badRequest(errors[0].msg, errors);
  return out as Prices;
}
