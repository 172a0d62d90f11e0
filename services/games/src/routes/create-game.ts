import { parseDateTime, Type } from '@bet/kit';
import { createGame } from '../app/manage-games';
import { route } from '../context';
import { errorReplies, MsgGameAnswer } from './answers';
import { actorOf, Logo, OddsBody, parseAll, parseOdds, requireText, TeamName } from './schemas';

const CreateBody = Type.Object(
  {
    homeTeam: TeamName,
    awayTeam: TeamName,
    league: Type.String({ minLength: 1, maxLength: 200 }),
    matchDate: Type.String({ minLength: 1, maxLength: 40 }),
    odds: OddsBody,
    homeTeamLogo: Logo,
    awayTeamLogo: Logo,
  },
  { additionalProperties: false },
);

export const createGameRoute = route('POST /api/v1/games', (app, ctx) => {
  app.post(
    '/api/v1/games',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        body: CreateBody,
        response: { 201: MsgGameAnswer, ...errorReplies(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const [, matchDate, odds] = parseAll(
        () => requireText(b, ['homeTeam', 'awayTeam', 'league']),
        () => parseDateTime(b.matchDate, 'matchDate', 'body'),
        () => parseOdds(b.odds),
      );
      const game = await createGame(ctx, actorOf(req), { ...b, matchDate, odds });
      return reply.status(201).send({ msg: 'Game created successfully!', game });
    },
  );
});
