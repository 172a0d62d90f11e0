import { badRequest, type FieldError, HttpError, ID_PATTERN, notFound, Type } from '@bet/kit';
import { marketDef } from '@bet/proto-events';
import type { Actor } from '../domain/actor';
import { MARKET_NOT_FOUND } from '../domain/errors';
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

/** A game and one market of the catalogue (`ou_2.5`, `eh_+1`…); an unknown market is a 404. */
export const MarketParams = Type.Object({
  id: Type.String({ pattern: ID_PATTERN }),
  market: Type.String({ minLength: 1, maxLength: 16, pattern: '^[a-z0-9_.+-]+$' }),
});

export const MarketOddsBody = Type.Object(
  {
    odds: Type.Record(Type.String({ maxLength: 12 }), Type.Number(), {
      description: 'decimal prices by outcome code of the market, e.g. { over: 1.95, under: 1.85 }',
    }),
  },
  { additionalProperties: false },
);

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

/**
 * A market's prices from the edge: outcomes of that market, each > 1.00 and ≤ 1000.00 with at
 * most two decimals (the rules of parseOdds), at least one; or a 400 naming every bad field.
 */
export function parseMarketOdds(market: string, odds: Record<string, number>): Record<string, number> {
  const def = marketDef(market);
  if (!def) throw notFound(MARKET_NOT_FOUND);
  const errors: FieldError[] = [];
  const out: Record<string, number> = {};
  const entries = Object.entries(odds);
  if (entries.length === 0)
    errors.push({ path: 'odds', location: 'body', msg: 'odds must name at least one outcome' });
  for (const [o, v] of entries) {
    const field = `odds.${o}`;
    if (!def.outcomes.includes(o))
      errors.push({
        path: field,
        location: 'body',
        msg: `${field} is not an outcome of ${market}: must be one of ${def.outcomes.join(', ')}`,
      });
    else if (!Number.isFinite(v) || v <= 1)
      errors.push({ path: field, location: 'body', msg: `${field} must be greater than 1.00` });
    else if (Math.abs(Math.round(v * 100) - v * 100) > 1e-6)
      errors.push({ path: field, location: 'body', msg: `${field} must have at most two decimals` });
    else if (v > 1000)
      errors.push({ path: field, location: 'body', msg: `${field} must be at most 1000.00` });
    else out[o] = Math.round(v * 100);
  }
  if (errors.length > 0) throw badRequest(errors[0].msg, errors);
  return out;
}
