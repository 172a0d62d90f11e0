import { Type } from '@bet/kit';
import { myPromotions } from '../app/bonus-claims';
import { route } from '../context';

const Grant = Type.Object({
  _id: Type.String(),
  amount: Type.Number({ description: 'bonus granted, dollars' }),
  remaining: Type.Number({ description: 'what of it is still bonus money, dollars' }),
  wagered: Type.Number({ description: 'stakes counted so far, dollars' }),
  required: Type.Number({ description: 'stakes needed before it turns into cash, dollars' }),
  minOdds: Type.Number({ description: 'a stake counts at these odds or more' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('converted'), Type.Literal('expired')]),
  expiresAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
});

const FreeBet = Type.Object({
  _id: Type.String({ description: 'the token: POST /bets/singles|multi take it as freeBetId' }),
  amount: Type.Number({ description: 'the stake it pays, dollars (exactly)' }),
  minOdds: Type.Number({ description: "the bet's total odds must be at least these" }),
  status: Type.Union([Type.Literal('active'), Type.Literal('used'), Type.Literal('expired')]),
  betId: Type.Union([Type.String(), Type.Null()], { description: 'the bet it paid, while used' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

/**
 * The player's claimed promotions with their bonuses and wagering progress (issue 33). The
 * wallet answers it because it owns bonus money and its progress (decision wallet-007); the
 * promotions' titles come from `GET /promotions`.
 */
export const promotionsMineRoute = route('GET /api/v1/promotions/mine', (app, ctx) => {
  app.get(
    '/api/v1/promotions/mine',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['promotions'],
        description:
          "The player's claimed promotions: bonuses granted and wagering progress (wagered / required, expiry), free-bet tokens.",
        response: {
          200: Type.Object({
            promotions: Type.Array(
              Type.Object({
                claimId: Type.String(),
                promotionId: Type.String(),
                kind: Type.Union([Type.Literal('deposit_match'), Type.Literal('free_bet')]),
                status: Type.Union([Type.Literal('open'), Type.Literal('used'), Type.Literal('closed')]),
                claimedAt: Type.String({ format: 'date-time' }),
                grants: Type.Array(Grant),
                freeBets: Type.Array(FreeBet, { description: "issue 33: a free-bet claim's token" }),
              }),
            ),
          }),
        },
      },
    },
    async (req) => ({ promotions: await myPromotions(ctx, req.user!.id) }),
  );
});
