import { newId } from '@bet/kit';
import type { CommandRequest, WalletDebit } from '@bet/proto-events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debitCommand } from '../src/app/commands';
import { debitTogether } from '../src/app/debit-together';
import type { AppContext } from '../src/context';
import { type Harness, startWallet } from './helpers';

/**
 * Stakes in a batch (the debit responder's group commit) must answer and write exactly what
 * the same stakes one at a time do: the scenario is played twice on fresh users, once as one
 * batch and once request by request, and the replies and ledgers compared.
 */
let h: Harness;
let ctx: AppContext;
beforeAll(async () => {
  h = await startWallet();
  ctx = h.svc.ctx as AppContext;
});
afterAll(async () => h?.close());

type Debit = CommandRequest<typeof WalletDebit>;
const debit = (
  userId: string,
  amountCents: number,
  key = `bet:${newId()}`,
  extra: Partial<Debit> = {},
): Debit => ({
  idempotencyKey: key,
  userId,
  amountCents,
  type: 'bet',
  reference: key.split(':')[1] ?? key,
  description: 'Single bet',
  ...extra,
});

async function scenario(run: (requests: Debit[]) => Promise<unknown[]>) {
  const u = { rich: newId(), poor: newId(), closed: newId(), stranger: newId() };
  await h.fund(u.rich, 10);
  await h.fund(u.poor, 3);
  await h.fund(u.closed, 5);
  await sql`update accounts set status = 'closed' where id = ${u.closed}`.execute(h.db);
  // a key refused earlier, and a key already staked
  const refusedKey = `bet:${newId()}`;
  expect(await debitCommand(ctx, debit(u.poor, 99_999, refusedKey))).toMatchObject({ ok: false });
  const takenKey = `bet:${newId()}`;
  expect(await debitCommand(ctx, debit(u.rich, 100, takenKey))).toMatchObject({ ok: true });
  const set = newId();
  const requests = [
    debit(u.rich, 400),
    debit(u.poor, 200),
    debit(u.poor, 200), // 1.00 left: refused
    debit(u.poor, 100), // fits what is left
    debit(u.rich, 100, takenKey), // a replay: the earlier answer
    debit(u.poor, 50, refusedKey), // refused before: refused again, whatever the balance
    debit(u.closed, 100), // a closed wallet
    debit(u.stranger, 100), // a wallet never funded
    debit(u.rich, 300, `betset:${set}`, {
      reference: set,
      holds: [
        { reference: newId(), amountCents: 100 },
        { reference: newId(), amountCents: 200 },
      ],
    }),
    debit(u.rich, 300, `betset:${newId()}`, { holds: [{ reference: newId(), amountCents: 1 }] }), // bad split
  ];
  const sameKey = debit(u.rich, 100);
  requests.push(sameKey, { ...sameKey }); // one key twice in the batch: staked once
  const replies = await run(requests);
  return { u, replies };
}

async function ledgerOf(u: Record<string, string>) {
  const names = new Map(Object.entries(u).map(([k, v]) => [v, k]));
  const ids = Object.values(u);
  const { rows } = await sql<any>`
    select t.type, t.user_id, t.description, t.metadata, p.account_id, p.amount, p.balance_after
    from transactions t join postings p on p.transaction_id = t.id
    where t.user_id in (${sql.join(ids)}) and t.type = 'bet'
    order by t.seq, p.account_id`.execute(h.db);
  const { rows: holds } = await sql<any>`
    select user_id, amount from holds where user_id in (${sql.join(ids)}) order by user_id, amount`.execute(
    h.db,
  );
  const { rows: refusals } = await sql<any>`
    select user_id, reason from debit_refusals where user_id in (${sql.join(ids)}) order by user_id, reason`.execute(
    h.db,
  );
  const balances = await Promise.all(ids.map((id) => h.balance(id)));
  const n = (id: string) => names.get(id) ?? id;
  const sorted = (xs: any[]) => xs.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    balances,
    postings: sorted(rows.map((r: any) => ({ ...r, user_id: n(r.user_id), account_id: n(r.account_id) }))),
    holds: sorted(holds.map((r: any) => ({ ...r, user_id: n(r.user_id) }))),
    refusals: sorted(refusals.map((r: any) => ({ ...r, user_id: n(r.user_id) }))),
  };
}

// a refusal tells the balance when it is answered: in a batch the stakes after it that fit are
// already taken by then (concurrent requests have no order), so that figure is left out here
const shape = (replies: any[]) =>
  replies.map(({ transactionId: _t, balanceCents, ...r }) => (r.ok ? { ...r, balanceCents } : r));

describe('stakes taken together', () => {
  it('answers and writes exactly what one stake at a time does', async () => {
    const batch = await scenario((requests) => debitTogether(ctx, requests));
    const single = await scenario(async (requests) => {
      const out = [];
      for (const r of requests) out.push(await debitCommand(ctx, r));
      return out;
    });
    expect(shape(batch.replies)).toEqual(shape(single.replies));
    expect(await ledgerOf(batch.u)).toEqual(await ledgerOf(single.u));
    expect(shape(batch.replies).map((r: any) => (r.ok ? r.balanceCents : r.reason))).toEqual([
      500,
      100,
      'insufficient_funds',
      0,
      900,
      'insufficient_funds',
      'unknown_account',
      'insufficient_funds',
      200,
      'invalid',
      100,
      100,
    ]);
    expect((await h.reconcile()).ok).toBe(true);
  });
});
