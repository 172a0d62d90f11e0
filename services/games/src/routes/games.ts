import type { App } from '@bet/kit';
import { Type } from '@bet/kit';
import {
  cancelGame,
  countGames,
  createGame,
  findGame,
  gameDetails,
  listGames,
  parseDate,
  parseOdds,
  setResult,
  updateGame,
} from '../app/games';
import type { Actor, Ctx } from '../context';
import { type GameStatus, type Outcome, toApiGame } from '../domain/game';
import {
  errorReplies,
  GameReply,
  GamesReply,
  IdParams,
  MsgGame,
  OddsBody,
  OUTCOMES,
  parseAll,
  requireText,
  STATUSES,
  StringEnum,
} from './schemas';

const ListQuery = Type.Object({
  status: Type.Optional(StringEnum(STATUSES)),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  league: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  team: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
  /** beyond the spec, for our admin screen: a substring of a team or the league, and a page */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Logo = Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]));

const CreateBody = Type.Object(
  {
    homeTeam: Name,
    awayTeam: Name,
    league: Type.String({ minLength: 1, maxLength: 200 }),
    matchDate: Type.String({ minLength: 1, maxLength: 40 }),
    odds: OddsBody,
    homeTeamLogo: Logo,
    awayTeamLogo: Logo,
  },
  { additionalProperties: false },
);

const UpdateBody = Type.Object(
  {
    homeTeam: Name,
    awayTeam: Name,
    league: Type.String({ minLength: 1, maxLength: 200 }),
    matchDate: Type.String({ minLength: 1, maxLength: 40 }),
    status: Type.Optional(StringEnum(STATUSES)),
  },
  { additionalProperties: false },
);

const ResultBody = Type.Object(
  {
    result: StringEnum(OUTCOMES),
    homeScore: Type.Integer({ minimum: 0, maximum: 99 }),
    awayScore: Type.Integer({ minimum: 0, maximum: 99 }),
    /** an admin's explicit correction of a game that already has a result */
    correction: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const EventReply = Type.Object({
  type: StringEnum(['Goal', 'Card', 'subst'] as const),
  time: Type.Object({ elapsed: Type.Integer(), extra: Type.Union([Type.Integer(), Type.Null()]) }),
  player: Type.Object({ name: Type.String() }),
  team: Type.Object({ name: Type.String() }),
  detail: Type.String(),
});
const DetailsReply = Type.Object({
  scores: Type.Object({ home: Type.Integer(), away: Type.Integer() }),
  events: Type.Array(EventReply),
});

export const actorOf = (req: { user: { id: string; username?: string } | null }): Actor => ({
  id: req.user!.id,
  username: req.user!.username ?? null,
});

export function registerGameRoutes(app: App, ctx: Ctx) {
  // a read says whether a live market is open right now (domain/game.ts liveSuspended)
  const live = () => ({ now: Date.now(), maxAgeMs: ctx.config.LIVE_PRICE_MAX_AGE_S * 1000 });
  app.get(
    '/api/v1/games',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['games'],
        querystring: ListQuery,
        response: { 200: GamesReply, ...errorReplies(400) },
      },
    },
    async (req) => {
      const q = req.query;
      const [from, to] = parseAll(
        () => (q.from ? parseDate(q.from, 'from', 'query', 'start') : undefined),
        () => (q.to ? parseDate(q.to, 'to', 'query', 'end') : undefined),
      );
      const query = {
        ...q,
        status: q.status as GameStatus | undefined,
        order: q.order as 'asc' | 'desc' | undefined,
        from,
        to,
      };
      const games = await listGames(ctx.db, query, live());
      // asked for a page: say how many there are (the spec's client never asks)
      if (q.page === undefined) return { games };
      const totalCount = await countGames(ctx.db, query);
      return {
        games,
        currentPage: q.page,
        totalPages: Math.max(1, Math.ceil(totalCount / q.limit)),
        totalCount,
      };
    },
  );

  app.get(
    '/api/v1/games/live',
    { config: { auth: 'public' }, schema: { tags: ['games'], response: { 200: GamesReply } } },
    async () => ({ games: await listGames(ctx.db, { status: 'live', limit: 500, order: 'asc' }, live()) }),
  );

  app.get(
    '/api/v1/games/:id',
    {
      config: { auth: 'public' },
      schema: { tags: ['games'], params: IdParams, response: { 200: GameReply, ...errorReplies(400, 404) } },
    },
    async (req) => toApiGame(await findGame(ctx.db, req.params.id), live()),
  );

  app.get(
    '/api/v1/games/:id/details',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['games'],
        params: IdParams,
        response: { 200: DetailsReply, ...errorReplies(400, 404) },
      },
    },
    async (req) => gameDetails(ctx.db, req.params.id),
  );

  app.post(
    '/api/v1/games',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        body: CreateBody,
        response: { 201: MsgGame, ...errorReplies(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const [, matchDate, odds] = parseAll(
        () => requireText(b, ['homeTeam', 'awayTeam', 'league']),
        () => parseDate(b.matchDate, 'matchDate', 'body'),
        () => parseOdds(b.odds),
      );
      const game = await createGame(ctx, actorOf(req), { ...b, matchDate, odds });
      return reply.status(201).send({ msg: 'Game created successfully!', game });
    },
  );

  app.put(
    '/api/v1/games/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: UpdateBody,
        response: { 200: MsgGame, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const b = req.body;
      const [, matchDate] = parseAll(
        () => requireText(b, ['homeTeam', 'awayTeam', 'league']),
        () => parseDate(b.matchDate, 'matchDate', 'body'),
      );
      const game = await updateGame(ctx, actorOf(req), req.params.id, {
        ...b,
        status: b.status as GameStatus | undefined,
        matchDate,
      });
      return { msg: 'Game updated successfully!', game };
    },
  );

  app.patch(
    '/api/v1/games/:id/result',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: ResultBody,
        response: { 200: MsgGame, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) =>
      setResult(ctx, actorOf(req), req.params.id, { ...req.body, result: req.body.result as Outcome }),
  );

  app.patch(
    '/api/v1/games/:id/cancel',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: MsgGame, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      msg: 'Game cancelled successfully.',
      game: await cancelGame(ctx, actorOf(req), req.params.id),
    }),
  );
}
