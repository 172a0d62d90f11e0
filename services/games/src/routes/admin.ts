import type { App } from '@bet/kit';
import { Type } from '@bet/kit';
import { auditTrail } from '../app/audit';
import { adjustOdds, findGame, parseOdds, resetOdds } from '../app/games';
import { createRanking, deleteRanking, listRankings, updateRanking } from '../app/rankings';
import type { Ctx } from '../context';
import type { SourceName } from '../providers/types';
import type { SyncService } from '../sync/service';
import { actorOf } from './games';
import { errorReplies, IdParams, Msg, MsgGame, OddsBody, StringEnum } from './schemas';

const Ranking = Type.Object({ _id: Type.String(), teamName: Type.String(), ranking: Type.Integer() });
const CreateRanking = Type.Object(
  {
    teamName: Type.String({ minLength: 1, maxLength: 100 }),
    ranking: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
const UpdateRanking = Type.Object(
  {
    ranking: Type.Integer({ minimum: 1, maximum: 100 }),
    /** accepted only unchanged: the team of a ranking is fixed once created */
    teamName: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
const SyncBody = Type.Object(
  { source: StringEnum(['apifootball', 'allsportsapi'] as const) },
  { additionalProperties: false },
);
const AuditEntry = Type.Object({
  _id: Type.String(),
  at: Type.String(),
  actor: Type.Object({ _id: Type.String(), username: Type.Union([Type.String(), Type.Null()]) }),
  action: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export function registerAdminRoutes(app: App, ctx: Ctx, sync: SyncService) {
  app.patch(
    '/api/v1/admin/games/:id/adjust-odds',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: OddsBody,
        response: { 200: MsgGame, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const odds = parseOdds(req.body, '');
      return {
        msg: 'Odds updated successfully!',
        game: await adjustOdds(ctx, actorOf(req), req.params.id, odds),
      };
    },
  );

  app.delete(
    '/api/v1/admin/games/:id/adjust-odds',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: MsgGame, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      msg: 'Odds reset to the model price.',
      game: await resetOdds(ctx, actorOf(req), req.params.id),
    }),
  );

  app.get(
    '/api/v1/admin/games/:id/audit',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: {
          200: Type.Object({ audit: Type.Array(AuditEntry) }),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (req) => {
      await findGame(ctx.db, req.params.id);
      return { audit: await auditTrail(ctx.db, 'game', req.params.id) };
    },
  );

  app.post(
    '/api/v1/admin/games/sync',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        body: SyncBody,
        response: { 200: Msg, ...errorReplies(400, 401, 403, 409, 502, 503) },
      },
    },
    async (req) => ({ msg: await sync.runOnDemand(req.body.source as SourceName, actorOf(req)) }),
  );

  app.get(
    '/api/v1/admin/rankings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        response: { 200: Type.Object({ rankings: Type.Array(Ranking) }), ...errorReplies(401, 403) },
      },
    },
    async () => ({ rankings: await listRankings(ctx.db) }),
  );

  app.post(
    '/api/v1/admin/rankings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        body: CreateRanking,
        response: {
          201: Type.Object({ msg: Type.String(), ranking: Ranking }),
          ...errorReplies(400, 401, 403, 409),
        },
      },
    },
    async (req, reply) => {
      const ranking = await createRanking(ctx, actorOf(req), req.body);
      return reply.status(201).send({ msg: 'Ranking created successfully!', ranking });
    },
  );

  app.patch(
    '/api/v1/admin/rankings/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: UpdateRanking,
        response: {
          200: Type.Object({ msg: Type.String(), ranking: Ranking }),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({
      msg: 'Ranking updated successfully!',
      ranking: await updateRanking(ctx, actorOf(req), req.params.id, req.body),
    }),
  );

  app.delete(
    '/api/v1/admin/rankings/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: Msg, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await deleteRanking(ctx, actorOf(req), req.params.id);
      return { msg: 'Ranking deleted successfully!' };
    },
  );
}
