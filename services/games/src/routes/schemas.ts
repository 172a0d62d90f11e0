import { badRequest, type FieldError, HttpError, ID_PATTERN, type TSchema, Type } from '@bet/kit';
import { Game } from '@bet/proto-events';
import type { Actor } from '../context';

/** A string enum that validates with Ajv's `enum` (clear "must be one of" messages). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  opts: Record<string, unknown> = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts });

export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });
export const STATUSES = ['upcoming', 'live', 'finished', 'cancelled'] as const;
export const OUTCOMES = ['A', 'B', 'Draw'] as const;

export const OddsBody = Type.Object(
  { home: Type.Number(), draw: Type.Number(), away: Type.Number() },
  { additionalProperties: false },
);

export const TeamName = Type.String({ minLength: 1, maxLength: 100 });
export const Logo = Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]));
export const Ranking = Type.Object({ _id: Type.String(), teamName: Type.String(), ranking: Type.Integer() });

export const Msg = Type.Object({ msg: Type.String() });
export const GameReply = Game;
export const MsgGame = Type.Object({ msg: Type.String(), game: Game });
export const GamesReply = Type.Object({
  games: Type.Array(Game),
  /** only when a `page` was asked for */
  currentPage: Type.Optional(Type.Integer()),
  totalPages: Type.Optional(Type.Integer()),
  totalCount: Type.Optional(Type.Integer()),
});

export const ErrorReply = Type.Object({
  msg: Type.String(),
  errors: Type.Optional(
    Type.Array(Type.Object({ path: Type.String(), location: Type.String(), msg: Type.String() })),
  ),
  code: Type.Optional(Type.String()),
});

export const errorReplies = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorReply])) as Record<number, TSchema>;

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
