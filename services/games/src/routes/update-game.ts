import { parseDateTime, Type } from '@bet/kit';
import { updateGame } from '../app/manage-games';
import { route } from '../context';
import type { GameStatus } from '../domain/game';
import { errorReplies, MsgGameAnswer } from './answers';
import { actorOf, IdParams, parseAll, requireText, STATUSES, StringEnum, TeamName } from './schemas';

const UpdateBody = Type.Object(
  {
    homeTeam: TeamName,
    awayTeam: TeamName,
    league: Type.String({ minLength: 1, maxLength: 200 }),
    matchDate: Type.String({ minLength: 1, maxLength: 40 }),
    status: Type.Optional(StringEnum(STATUSES)),
  },
  { additionalProperties: false },
);

export const updateGameRoute = route('PUT /api/v1/games/:id', (app, ctx) => {
  app.put(
    '/api/v1/games/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: UpdateBody,
        response: { 200: MsgGameAnswer, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const b = req.body;
      const [, matchDate] = parseAll(
        () => requireText(b, ['homeTeam', 'awayTeam', 'league']),
        () => parseDateTime(b.matchDate, 'matchDate', 'body'),
      );
      const game = await updateGame(ctx, actorOf(req), req.params.id, {
        ...b,
        status: b.status as GameStatus | undefined,
        matchDate,
      });
      return { msg: 'Game updated successfully!', game };
    },
  );
});
