import { Type } from '@bet/kit';
import type { FastifyRequest } from 'fastify';
import { withinBudget } from '../app/budget';
import { throttle } from '../app/data';
import type { AppContext } from '../context';

/** request bodies of AI calls stay small: a chat turn with its six-message history fits easily */
export const AI_BODY_LIMIT = 32 * 1024;

/** Who an AI call counts against: the user when signed in, else the address. */
const callerOf = (req: FastifyRequest) => req.user?.id ?? `ip:${req.ip}`;

/** Per-caller rate limit of AI calls. */
export const rateLimited = (ctx: AppContext) => async (req: FastifyRequest) => {
  await throttle(ctx, callerOf(req));
};

/**
 * A call's use case under its caller's model budget: one deadline for all its model calls
 * and retries, and the cap on the caller's concurrent model calls.
 */
export const asCaller = <T>(ctx: AppContext, req: FastifyRequest, fn: () => Promise<T>): Promise<T> =>
  withinBudget(ctx, callerOf(req), fn);

export const Id = Type.String({ pattern: '^[0-9a-f]{24}$' });
export const OutcomeSchema = Type.Union([Type.Literal('A'), Type.Literal('Draw'), Type.Literal('B')]);
export const ProducedBy = Type.Union([Type.Literal('built-in'), Type.Literal('model')], {
  description: 'which analyst wrote the answer: the built-in one, or the configured model',
});

export const OddsSchema = Type.Object({ home: Type.Number(), draw: Type.Number(), away: Type.Number() });
export const GameSchema = Type.Object({
  _id: Type.String(),
  homeTeam: Type.String(),
  awayTeam: Type.String(),
  homeTeamLogo: Type.Union([Type.String(), Type.Null()]),
  awayTeamLogo: Type.Union([Type.String(), Type.Null()]),
  league: Type.Union([Type.String(), Type.Null()]),
  matchDate: Type.String(),
  status: Type.String(),
  scores: Type.Object({ home: Type.Integer(), away: Type.Integer() }),
  elapsedTime: Type.Union([Type.Integer(), Type.Null()]),
  odds: OddsSchema,
  result: Type.Union([Type.String(), Type.Null()]),
});
export const GamesAnswer = Type.Object({ games: Type.Array(GameSchema) });

/** odds as a number or a decimal string ("2.10": what a client's toFixed sends) */
export const OddsValue = Type.Union([
  Type.Number(),
  Type.String({ pattern: '^\\d+(\\.\\d+)?$' }),
  Type.Null(),
]);

export const SlipSelection = Type.Object(
  {
    gameId: Id,
    market: Type.Optional(
      Type.String({
        maxLength: 16,
        pattern: '^[a-z0-9_.+-]+$',
        description: 'a market of the catalogue (ou_2.5, btts…); 1X2 when absent',
      }),
    ),
    outcome: Type.String({
      minLength: 1,
      maxLength: 16,
      description: "A / Draw / B for 1X2, else one of the market's outcome codes (over, yes, 1X…)",
    }),
    odds: Type.Optional(OddsValue),
    gameDetails: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);
