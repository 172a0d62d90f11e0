import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { koboToCents, parseRate } from '../src/domain/amounts';
import { type Harness, startWallet } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startWallet({ env: { NGN_PER_USD: '1532.5' } });
});
afterAll(async () => h?.close());

let cashiers: string[];
beforeAll(async () => {
  cashiers = await Promise.all(
    ['cashier1', 'cashier2'].map((username) => h.infra.token({ id: newId(), role: 'admin', username })),
  );
});

const RATE = parseRate(1532.5);
const USERS = 3;

type Op =
  | { kind: 'deposit'; user: number; naira: number }
  | { kind: 'stake'; user: number; cents: number; aviator: boolean }
  | { kind: 'win'; bet: number; oddsHundredths: number }
  | { kind: 'refund'; bet: number }
  | { kind: 'cashout'; bet: number; cents: number }
  | { kind: 'lose'; bet: number }
  | { kind: 'replay' }
  | { kind: 'withdraw'; user: number; cents: number }
  | { kind: 'decide'; withdrawal: number; approve: boolean }
  | { kind: 'adjust'; user: number; cents: number };

const user = fc.nat({ max: USERS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user, naira: fc.integer({ min: 100, max: 60_000 }) }),
  fc.record({
    kind: fc.constant('stake' as const),
    user,
    cents: fc.integer({ min: 1, max: 4_000 }),
    aviator: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('stake' as const),
    user,
    cents: fc.integer({ min: 1, max: 4_000 }),
    aviator: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('win' as const),
    bet: fc.nat(),
    oddsHundredths: fc.integer({ min: 101, max: 1_000 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), bet: fc.nat() }),
  fc.record({
    kind: fc.constant('cashout' as const),
    bet: fc.nat(),
    cents: fc.integer({ min: 1, max: 6_000 }),
  }),
  fc.record({ kind: fc.constant('lose' as const), bet: fc.nat() }),
  fc.constant({ kind: 'replay' as const }),
  fc.record({ kind: fc.constant('withdraw' as const), user, cents: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ kind: fc.constant('decide' as const), withdrawal: fc.nat(), approve: fc.boolean() }),
  fc.record({
    kind: fc.constant('adjust' as const),
    user,
    cents: fc.integer({ min: -3_000, max: 3_000 }).filter((c) => c !== 0),
  }),
);

/**
 * Random sequences of deposits, stakes, wins, refunds, cash-outs, losses, replays,
 * withdrawals and adjustments through the real service. After every step each wallet
 * equals a plain model; at the end the ledger reconciles and every statement adds up.
 */
it('balances follow the model, never go negative, and always equal the sum of their postings', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
      const ids = Array.from({ length: USERS }, () => newId());
      const tokens = await Promise.all(ids.map((id) => h.userToken(id)));
      const model = ids.map(() => 0);
      const open: Array<{ betId: string; user: number; stake: number; aviator: boolean }> = [];
      const pending: Array<{ id: string; user: number; cents: number }> = [];
      let last: (() => Promise<unknown>) | undefined;
      let lastBalance = 0;
      let lastUser = 0;

      for (const o of ops) {
        switch (o.kind) {
          case 'deposit': {
            const init = await h.http('POST', '/api/v1/wallet/deposit/initialize', {
              token: tokens[o.user],
              body: { amount: o.naira },
            });
            const reference = init.body.reference;
            const paid = await h.http('POST', `/api/v1/wallet/sandbox/checkout/${reference}/pay`, {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: '',
            });
            expect(paid.status).toBe(200);
            model[o.user] += Number(koboToCents(BigInt(o.naira) * 100n, RATE));
            break;
          }
          case 'stake': {
            const betId = newId();
            const send = () =>
              h.debit({
                userId: ids[o.user],
                amountCents: o.cents,
                reference: betId,
                key: `${o.aviator ? 'aviator_bet' : 'bet'}:${betId}`,
                type: o.aviator ? 'aviator_bet' : 'bet',
              });
            const r = await send();
            if (model[o.user] >= o.cents) {
              expect(r).toMatchObject({ ok: true, duplicate: false });
              model[o.user] -= o.cents;
              open.push({ betId, user: o.user, stake: o.cents, aviator: o.aviator });
              last = send;
              lastUser = o.user;
              lastBalance = model[o.user];
            } else {
              expect(r).toMatchObject({
                ok: false,
                reason: 'insufficient_funds',
                balanceCents: model[o.user],
              });
            }
            break;
          }
          case 'win':
          case 'refund':
          case 'cashout': {
            if (open.length === 0) break;
            const [bet] = open.splice(o.bet % open.length, 1);
            const amount =
              o.kind === 'win'
                ? Math.floor((bet.stake * o.oddsHundredths) / 100)
                : o.kind === 'refund'
                  ? bet.stake
                  : o.cents;
            const type = o.kind === 'win' ? (bet.aviator ? 'aviator_win' : 'win') : o.kind;
            const send = () =>
              h.credit({
                userId: ids[bet.user],
                amountCents: amount,
                reference: bet.betId,
                key: `${type}:${bet.betId}`,
                type,
              });
            const r = await send();
            model[bet.user] += amount;
            expect(r).toMatchObject({ ok: true, duplicate: false, balanceCents: model[bet.user] });
            last = send;
            lastUser = bet.user;
            lastBalance = model[bet.user];
            break;
          }
          case 'lose': {
            if (open.length === 0) break;
            const [bet] = open.splice(o.bet % open.length, 1);
            await h.publish('bets.settled', {
              betId: bet.betId,
              userId: ids[bet.user],
              status: 'lost',
              stakeCents: bet.stake,
              payoutCents: 0,
              settledAt: new Date().toISOString(),
            });
            break;
          }
          case 'replay': {
            if (!last) break;
            const r = await last();
            expect(r).toMatchObject({ ok: true, duplicate: true, balanceCents: lastBalance });
            break;
          }
          case 'withdraw': {
            const r = await h.http('POST', '/api/v1/wallet/request-withdrawal', {
              token: tokens[o.user],
              body: { amount: o.cents / 100 },
            });
            if (model[o.user] >= o.cents) {
              expect(r.status).toBe(201);
              model[o.user] -= o.cents;
              pending.push({ id: r.body.withdrawal._id, user: o.user, cents: o.cents });
            } else {
              expect(r.status).toBe(422);
            }
            break;
          }
          case 'decide': {
            if (pending.length === 0) break;
            const [w] = pending.splice(o.withdrawal % pending.length, 1);
            // separation of duties: the admin who adjusts wallets is not a cashier, and a
            // withdrawal that admin credits pay for waits (202) for a second cashier's approval
            const decide = (token: string) =>
              h.http('PATCH', `/api/v1/admin/withdrawals/${w.id}/process`, {
                token,
                body: { status: o.approve ? 'approved' : 'rejected' },
              });
            const r = await decide(cashiers[0]);
            if (r.status === 202) {
              expect(o.approve).toBe(true);
              expect((await decide(cashiers[1])).status).toBe(200);
            } else expect(r.status).toBe(200);
            if (!o.approve) model[w.user] += w.cents;
            break;
          }
          case 'adjust': {
            const r = await h.http('PATCH', `/api/v1/admin/users/${ids[o.user]}/wallet`, {
              token: h.adminToken,
              body: { amount: o.cents / 100, description: 'property test' },
            });
            if (model[o.user] + o.cents >= 0) {
              expect(r.status).toBe(200);
              model[o.user] += o.cents;
            } else {
              expect(r.status).toBe(422);
            }
            break;
          }
        }
        for (let i = 0; i < USERS; i++)
          expect(await h.balance(ids[i]), `user ${i} after ${o.kind}`).toBe(model[i]);
      }
      void lastUser;

      // losses arrive as events: wait until no stake of a settled bet is still held
      const stillOpen = new Set(open.map((b) => b.betId));
      await eventually(async () => {
        const { rows } = await sql<{
          reference: string;
        }>`select reference from holds where amount > 0 and user_id in (${sql.join(ids)})`.execute(h.db);
        return rows.every((r) => stillOpen.has(r.reference));
      });

      for (let i = 0; i < USERS; i++) {
        const lines = await h.http('GET', '/api/v1/wallet/transactions?limit=100', { token: tokens[i] });
        const sum = lines.body.transactions.reduce((s: number, t: any) => s + Math.round(t.amount * 100), 0);
        expect(sum).toBe(model[i]);
        for (const t of lines.body.transactions) expect(t.balanceAfter).toBeGreaterThanOrEqual(0);
        expect((await h.http('GET', '/api/v1/wallet', { token: tokens[i] })).body.walletBalance).toBe(
          model[i] / 100,
        );
      }
      const report = await h.reconcile();
      expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    }),
    { numRuns: 40 },
  );
}, 240_000);
