import { type App, Type } from '@bet/kit';
import { createShare, readShare } from '../app/share';
import type { Ctx } from '../app/types';
import type { BetType, SelectionInput } from '../domain/placement';
import { SHARE_CODE_PATTERN } from '../domain/share-code';
import { BetTypeSchema, SelectionsSchema } from './schemas';

export function registerShareRoutes(app: App, ctx: Ctx) {
  app.post(
    '/api/v1/bets/share',
    {
      // visitors can build a slip, so they can share one; the gateway rate-limits writes
      config: { auth: 'optional' },
      schema: {
        summary: 'Store a slip and get a link: { shareUrl, shareId }',
        body: Type.Object(
          { selections: Type.Optional(SelectionsSchema), betType: Type.Optional(BetTypeSchema) },
          { additionalProperties: false },
        ),
      },
    },
    async (req, reply) => {
      const body = req.body as { betType?: BetType; selections?: SelectionInput[] };
      const betType = body.betType ?? ((body.selections?.length ?? 0) > 1 ? 'multi' : 'single');
      const share = await createShare(ctx, betType, body.selections, req.user?.id ?? null);
      return reply.status(201).send({ msg: 'Share link created', ...share });
    },
  );

  app.get(
    '/api/v1/bets/share/:id',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'A shared slip with current games and odds',
        params: Type.Object({ id: Type.String({ pattern: SHARE_CODE_PATTERN }) }),
      },
    },
    async (req) => readShare(ctx, req.params.id),
  );
}
