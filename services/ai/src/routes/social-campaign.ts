import { badRequest, Type } from '@bet/kit';
import { parseDateRange, socialCampaign } from '../app/games';
import { route } from '../context';
import { AI_BODY_LIMIT, asCaller, ProducedBy, rateLimited } from './common';

export const socialCampaignRoute = route('POST /api/v1/admin/social-campaign', (app, ctx) => {
  app.post(
    '/api/v1/admin/social-campaign',
    {
      bodyLimit: AI_BODY_LIMIT,
      config: { auth: 'admin' },
      preHandler: rateLimited(ctx),
      schema: {
        body: Type.Object(
          {
            league: Type.String({ maxLength: 100 }),
            // a date ("2026-11-21"), a range ("2026-11-21..2026-11-23"), {from, to} or [from, to]
            dateRange: Type.Unknown(),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ campaign: Type.Array(Type.String()), producedBy: ProducedBy }) },
      },
    },
    async (req) => {
      const league = req.body.league.trim();
      if (
        !league ||
        req.body.dateRange === undefined ||
        req.body.dateRange === '' ||
        req.body.dateRange === null
      )
        throw badRequest('Please provide both a league and a date.');
      const range = parseDateRange(ctx, req.body.dateRange);
      if (!range) throw badRequest('dateRange must be a date (YYYY-MM-DD) or a range of at most 31 days');
      return asCaller(ctx, req, () => socialCampaign(ctx, league, range));
    },
  );
});
