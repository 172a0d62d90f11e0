import { type App, MoneySchema, notFound, Type } from '@bet/kit';
import { cashOut, currentOffer } from '../app/cashout';
import { betHistory, type HistoryQuery } from '../app/queries';
import { runtime } from '../app/runtime';
import type { Ctx } from '../app/types';
import { renderBets, renderBetsById } from '../app/views';
import type { SelectionInput } from '../domain/placement';
import { BetStatusFilter, HistoryQuerySchema, IdParams, SelectionsSchema } from './schemas';

export const PLACED = 'Bets placed successfully!';

export function registerBetRoutes(app: App, ctx: Ctx) {
  const { placement } = runtime(ctx);

  app.post(
    '/api/v1/bets/singles',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Place one single bet per selection, each at stakePerBet (all accepted or none)',
        body: Type.Object(
          { stakePerBet: Type.Optional(MoneySchema()), selections: Type.Optional(SelectionsSchema) },
          { additionalProperties: false },
        ),
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const body = req.body as { stakePerBet?: number | string; selections?: SelectionInput[] };
      const { bets, balanceCents } = await placement.place({
        userId: user.id,
        username: user.username,
        betType: 'single',
        stake: body.stakePerBet,
        selections: body.selections,
      });
      // additive: the balance after the stake, so the page needs no second read
      return reply.status(201).send({ msg: PLACED, bets, ...balanceField(balanceCents) });
    },
  );

  app.post(
    '/api/v1/bets/multi',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Place one multi bet (accumulator) over 2..10 selections',
        body: Type.Object(
          { stake: Type.Optional(MoneySchema()), selections: Type.Optional(SelectionsSchema) },
          { additionalProperties: false },
        ),
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const body = req.body as { stake?: number | string; selections?: SelectionInput[] };
      const { bets, balanceCents } = await placement.place({
        userId: user.id,
        username: user.username,
        betType: 'multi',
        stake: body.stake,
        selections: body.selections,
      });
      // additive: the balance after the stake, so the page needs no second read
      return reply.status(201).send({ msg: PLACED, bets, ...balanceField(balanceCents) });
    },
  );

  app.get(
    '/api/v1/bets',
    {
      config: { auth: 'user' },
      schema: {
        summary: "The caller's bets: { bets, currentPage, totalPages }",
        querystring: Type.Object({ ...HistoryQuerySchema, status: Type.Optional(BetStatusFilter) }),
      },
    },
    async (req) => betHistory(ctx.db, req.user!.id, req.query as HistoryQuery),
  );

  app.get(
    '/api/v1/bets/:id',
    { config: { auth: 'user' }, schema: { summary: 'One bet (its owner or an admin)', params: IdParams } },
    async (req) => {
      const row = await ctx.db
        .selectFrom('bets')
        .selectAll()
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!row || row.status === 'pending_payment' || row.status === 'rejected')
        throw notFound('Bet not found');
      // someone else's bet is "not found" too: the answer must not tell which ids exist
      if (row.user_id !== req.user!.id && req.user!.role !== 'admin') throw notFound('Bet not found');
      const [bet] = await renderBets(ctx.db, [row]);
      return { bet };
    },
  );

  app.get(
    '/api/v1/bets/:id/cash-out',
    {
      config: { auth: 'user' },
      schema: { summary: 'The current cash-out offer: { available, amount, reason? }', params: IdParams },
    },
    async (req) => currentOffer(ctx, req.user!.id, req.params.id),
  );

  app.post(
    '/api/v1/bets/:id/cash-out',
    {
      config: { auth: 'user' },
      schema: { summary: 'Cash out a live single at the current offer', params: IdParams },
    },
    async (req) => {
      const amount = await cashOut(ctx, req.user!.id, req.params.id);
      const [bet] = await renderBetsById(ctx.db, [req.params.id]);
      return { msg: 'Bet cashed out successfully!', amount: Number(amount) / 100, bet };
    },
  );
}

/** `balance` in dollars when the wallet said it (a replayed debit does not) */
function balanceField(cents: number | null) {
  return cents === null ? {} : { balance: cents / 100 };
}
