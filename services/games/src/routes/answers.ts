import { type TSchema, Type } from '@bet/kit';
import { Game } from '@bet/proto-events';
import { StringEnum } from './schemas';

/**
 * What the routes answer, field by field (toApiGame in domain/game.ts, gameDetails in
 * app/games.ts, auditTrail in app/audit.ts, ApiRanking in app/rankings.ts; the public shapes in
 * docs/api-conventions.md "Objects" and "Game lists"). A response schema also serialises: a
 * field it does not name is dropped, so every field a handler sends is named here.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

/** The catalogue's Game (proto-events), so the answers and the games.* events cannot drift apart. */
export const GameAnswer = Type.Object(Game.properties, {
  description:
    "A game; beyond the spec source (simulator|provider|manual), phase (a simulated match's 1H|HT|2H|FT, else null) and, on reads, suspended (a live game whose in-play price is not fresh takes no bets)",
});

export const GamesAnswer = Type.Object(
  {
    games: Type.Array(GameAnswer),
    currentPage: Type.Optional(Type.Integer({ description: 'only when a page was asked for' })),
    totalPages: Type.Optional(Type.Integer({ description: 'only when a page was asked for; at least 1' })),
    totalCount: Type.Optional(
      Type.Integer({ description: 'only when a page was asked for: games matching the filters' }),
    ),
  },
  { description: 'Games matching the filters; with `page`, also where that page stands' },
);

export const LiveGamesAnswer = Type.Object(
  { games: Type.Array(GameAnswer) },
  { description: 'Every live game, in kick-off order' },
);

export const MsgAnswer = Type.Object({ msg: Type.String() });

export const MarketAnswer = Type.Object({
  key: Type.String({
    description: 'market key of the catalogue: 1x2, dc, dnb, ou_2.5, btts, cs, ht, htft, eh_-1, ah_-1.5…',
  }),
  name: Type.String(),
  status: Type.Union([
    Type.Literal('open'),
    Type.Literal('suspended'),
    Type.Literal('settled'),
    Type.Literal('void'),
  ]),
  source: Type.Optional(
    Type.Union([Type.Literal('feed'), Type.Literal('model'), Type.Literal('admin')], {
      description: "where the market's prices come from: the provider's feed, our model, or an admin",
    }),
  ),
  outcomes: Type.Array(
    Type.Object({
      code: Type.String({ description: 'what a selection names as its outcome' }),
      label: Type.String(),
      odds: Type.Union([Type.Number(), Type.Null()]),
      result: Type.Optional(Type.Union([Type.Literal('won'), Type.Literal('lost'), Type.Literal('push')])),
    }),
  ),
});

export const MarketsAnswer = Type.Object(
  {
    gameId: Type.String(),
    status: Type.String(),
    markets: Type.Array(MarketAnswer),
  },
  {
    description:
      "A game's markets: each with its outcomes (code, label, decimal odds or null when not offered) and status (open, suspended, settled with each outcome's result, or void)",
  },
);

export const MsgGameAnswer = Type.Object(
  { msg: Type.String(), game: GameAnswer },
  { description: 'What was done, and the game as it is now' },
);

export const SyncAnswer = Type.Object(
  {
    msg: Type.String({
      description:
        'how many games were synced (new, updated, settled, cancelled), adjusted odds kept, provider results in conflict and secondary calls skipped',
    }),
  },
  { description: "The sync's outcome, in words" },
);

export const DetailsAnswer = Type.Object(
  {
    scores: Type.Object({ home: Type.Integer(), away: Type.Integer() }),
    events: Type.Array(
      Type.Object({
        type: StringEnum(['Goal', 'Card', 'subst'] as const),
        time: Type.Object({
          elapsed: Type.Integer(),
          extra: Nullable(Type.Integer({ description: 'stoppage minutes' })),
        }),
        player: Type.Object({
          name: Type.String({ description: 'for a substitution, the player coming on' }),
        }),
        team: Type.Object({ name: Type.String() }),
        detail: Type.String({ description: 'the kind of goal or card; for a substitution, who went off' }),
      }),
      { description: 'match events by match minute (stoppage time after its minute)' },
    ),
  },
  { description: 'The score and the match events (API-Football style)' },
);

export const AuditAnswer = Type.Object(
  {
    audit: Type.Array(
      Type.Object({
        _id: Type.String(),
        at: DateTime,
        actor: Type.Object({ _id: Type.String(), username: Nullable(Type.String()) }),
        action: Type.String({
          description:
            'game.create, game.update, game.result, game.result_corrected, game.rescore, game.cancel, odds.adjust or odds.reset',
        }),
        // before and after are snapshots of whatever the action changed (a game, a ranking, a
        // price), each action its own shape: open-ended on purpose
        before: Type.Unknown({ description: 'the state before the change, or null' }),
        after: Type.Unknown({ description: 'the state after the change, or null' }),
      }),
    ),
  },
  { description: "The game's admin trail, oldest first" },
);

export const RankingAnswer = Type.Object({
  _id: Type.String(),
  teamName: Type.String(),
  ranking: Type.Integer({ description: 'power rating 1..100, higher is stronger' }),
});

export const RankingsAnswer = Type.Object({ rankings: Type.Array(RankingAnswer) });

export const MsgRankingAnswer = Type.Object({ msg: Type.String(), ranking: RankingAnswer });

/** The kit's error body (every 4xx/5xx a route declares). */
export const ErrorAnswer = Type.Object({
  msg: Type.String(),
  errors: Type.Optional(
    Type.Array(Type.Object({ path: Type.String(), location: Type.String(), msg: Type.String() })),
  ),
  code: Type.Optional(Type.String()),
});

export const errorReplies = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorAnswer])) as Record<number, TSchema>;

export const MsgMarketAnswer = Type.Object(
  { msg: Type.String(), market: MarketAnswer },
  { description: 'What was done, and the market as GET /games/{id}/markets shows it now' },
);
