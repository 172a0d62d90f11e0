import { sql } from 'kysely';
import { buildReport, type CheckResult, checkResult, type ReconcileReport } from '../domain/reconcile';
import type { Trx } from './db';
import { openDebts } from './debts';

const SHOW = 20;

async function count(db: Trx, query: ReturnType<typeof sql<{ n: string }>>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function totals(
  db: Trx,
  query: ReturnType<typeof sql<{ a: string; b: string }>>,
): Promise<{ a: bigint; b: bigint }> {
  const { rows } = await query.execute(db);
  return { a: BigInt(rows[0]?.a ?? 0), b: BigInt(rows[0]?.b ?? 0) };
}

async function lines<T>(
  db: Trx,
  query: ReturnType<typeof sql<T>>,
  show: (row: T) => string,
): Promise<string[]> {
  const { rows } = await query.execute(db);
  return rows.map(show);
}

/**
 * Proves the ledger's invariants on the live data, read in one repeatable-read snapshot so
 * concurrent traffic cannot produce a false alarm. Each check says what it looked at.
 */
export async function reconcile(db: Trx): Promise<ReconcileReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const checks: CheckResult[] = [];
      const txCount = await count(trx, sql<{ n: string }>`select count(*) as n from transactions`);
      const wallets = await count(
        trx,
        // a player's cash wallet and bonus account (wallet-007) keep their balance alike
        sql<{ n: string }>`select count(*) as n from accounts where kind in ('user', 'bonus')`,
      );

      checks.push(
        checkResult(
          'balanced-transactions',
          'every transaction has at least two postings and they sum to zero',
          txCount,
          await lines(
            trx,
            sql<{ id: string; n: string; total: string | null }>`
              select t.id, count(p.seq) as n, sum(p.amount) as total
              from transactions t left join postings p on p.transaction_id = t.id
              group by t.id
              having count(p.seq) < 2 or sum(p.amount) <> 0
              limit ${SHOW}`,
            (r) => `transaction ${r.id}: ${r.n} postings summing to ${r.total ?? 0}`,
          ),
        ),
      );

      checks.push(
        checkResult(
          'wallet-balances',
          "every wallet's balance equals the sum of its postings",
          wallets,
          await lines(
            trx,
            sql<{ id: string; balance: string; total: string }>`
              select a.id, a.balance, coalesce(s.total, 0) as total
              from accounts a
              left join (select account_id, sum(amount) as total from postings group by account_id) s on s.account_id = a.id
              where a.kind in ('user', 'bonus') and a.balance <> coalesce(s.total, 0)
              limit ${SHOW}`,
            (r) => `wallet ${r.id}: balance ${r.balance}, postings sum to ${r.total}`,
          ),
        ),
      );

      checks.push(
        checkResult(
          'no-negative-wallet',
          'no wallet balance is below zero',
          wallets,
          await lines(
            trx,
            sql<{
              id: string;
              balance: string;
            }>`select id, balance from accounts where kind in ('user', 'bonus') and balance < 0 limit ${SHOW}`,
            (r) => `wallet ${r.id}: balance ${r.balance}`,
          ),
        ),
      );

      const walletLines = await count(
        trx,
        sql<{ n: string }>`select count(*) as n from postings where balance_after is not null`,
      );
      checks.push(
        checkResult(
          'running-balances',
          "every statement line's balanceAfter is the previous line's plus its amount, and the last equals the balance",
          walletLines,
          await lines(
            trx,
            sql<{ account_id: string; seq: string; detail: string }>`
              select account_id, seq, detail from (
                select p.account_id, p.seq,
                       'balanceAfter ' || p.balance_after || ' but previous ' || coalesce(lag(p.balance_after) over w, 0) || ' + amount ' || p.amount as detail,
                       p.balance_after <> coalesce(lag(p.balance_after) over w, 0) + p.amount as broken
                from postings p join accounts a on a.id = p.account_id and a.kind in ('user', 'bonus')
                window w as (partition by p.account_id order by p.seq)
              ) x where broken
              union all
              select a.id, last.seq, 'last balanceAfter ' || last.balance_after || ' but balance ' || a.balance
              from accounts a
              join lateral (select seq, balance_after from postings where account_id = a.id order by seq desc limit 1) last on true
              where a.kind in ('user', 'bonus') and last.balance_after <> a.balance
              limit ${SHOW}`,
            (r) => `wallet ${r.account_id} line ${r.seq}: ${r.detail}`,
          ),
        ),
      );

      const holds = await count(trx, sql<{ n: string }>`select count(*) as n from holds where amount > 0`);
      const inPlay = await totals(
        trx,
        sql<{ a: string; b: string }>`
        select (select coalesce(sum(amount), 0) from postings where account_id = 'bets_in_play') as a,
               (select coalesce(sum(amount), 0) from holds) as b`,
      );
      checks.push(
        checkResult(
          'bets-in-play',
          'bets_in_play equals the stakes still held for open bets, and is not negative',
          holds,
          inPlay.a === inPlay.b && inPlay.a >= 0n ? [] : [`bets_in_play ${inPlay.a}, open holds ${inPlay.b}`],
        ),
      );

      const withdrawals = await count(trx, sql<{ n: string }>`select count(*) as n from withdrawals`);
      const held = await totals(
        trx,
        sql<{ a: string; b: string }>`
        select (select coalesce(sum(amount), 0) from postings where account_id = 'pending_withdrawals') as a,
               (select coalesce(sum(amount), 0) from withdrawals where status = 'pending') as b`,
      );
      checks.push(
        checkResult(
          'pending-withdrawals',
          'pending_withdrawals equals the pending requests, and each request has the movements its status needs',
          withdrawals,
          [
            ...(held.a === held.b && held.a >= 0n
              ? []
              : [`pending_withdrawals ${held.a}, pending requests ${held.b}`]),
            ...(await lines(
              trx,
              sql<{ id: string; status: string }>`
                select id, status from withdrawals
                where (status = 'pending') <> (process_tx_id is null)
                limit ${SHOW}`,
              (r) => `withdrawal ${r.id} is ${r.status} but its decision transaction does not match`,
            )),
          ],
        ),
      );

      const deposits = await count(
        trx,
        sql<{ n: string }>`select count(*) as n from deposits where status = 'completed'`,
      );
      checks.push(
        checkResult(
          'deposits',
          'every completed deposit was credited exactly once, for its converted amount',
          deposits,
          await lines(
            trx,
            sql<{ reference: string; detail: string }>`
              select d.reference, case when t.id is null then 'no top-up transaction' else 'credited ' || coalesce(p.amount, 0) || ' of ' || d.amount_cents end as detail
              from deposits d
              left join transactions t on t.id = d.transaction_id
              left join postings p on p.transaction_id = t.id and p.account_id = d.user_id
              where d.status = 'completed' and (t.id is null or p.amount is distinct from d.amount_cents)
              union all
              select t.reference, 'top-up without a completed deposit'
              from transactions t left join deposits d on d.transaction_id = t.id
              where t.type = 'topup' and (d.id is null or d.status <> 'completed')
              limit ${SHOW}`,
            (r) => `deposit ${r.reference}: ${r.detail}`,
          ),
        ),
      );

      const all = await totals(
        trx,
        sql<{ a: string; b: string }>`select coalesce(sum(amount), 0) as a, 0 as b from postings`,
      );
      checks.push(
        checkResult(
          'ledger-total',
          'all accounts together sum to zero (nothing created or lost)',
          await count(trx, sql<{ n: string }>`select count(*) as n from accounts`),
          all.a === 0n ? [] : [`all postings sum to ${all.a}`],
        ),
      );
      // a clawback's shortfall is owed by one user: none may be unattributed, and each open
      // debt is listed (the withdrawal queue holds those users' requests)
      checks.push(
        checkResult(
          'debts-attributed',
          'every amount owed to the house (house_receivable) is owed by a known user',
          await count(
            trx,
            sql<{ n: string }>`select count(*) as n from postings where account_id = 'house_receivable'`,
          ),
          await lines(
            trx,
            sql<{ id: string; amount: string }>`
              select t.id, p.amount from postings p join transactions t on t.id = p.transaction_id
              where p.account_id = 'house_receivable' and coalesce(t.user_id, t.metadata->>'userId') is null
              limit ${SHOW}`,
            (r) => `transaction ${r.id}: ${r.amount} owed by nobody`,
          ),
        ),
      );
      // Aviator stakes: each closed once (aviator_win: or aviator_lost:, or given back with
      // refund:), a closed one holds nothing in bets-in-play, and no result without its stake
      checks.push(
        checkResult(
          'aviator-stakes',
          'every Aviator stake is closed at most once, holds nothing once closed, and every Aviator result has its stake',
          await count(
            trx,
            sql<{ n: string }>`select count(*) as n from transactions where type = 'aviator_bet'`,
          ),
          await lines(
            trx,
            sql<{ reference: string; detail: string }>`
              with stakes as (
                select s.reference,
                  exists (select 1 from transactions w where w.idempotency_key = 'aviator_win:' || s.reference) as won,
                  exists (select 1 from transactions l where l.idempotency_key = 'aviator_lost:' || s.reference) as lost,
                  exists (select 1 from transactions r where r.idempotency_key = 'refund:' || s.reference) as refunded,
                  coalesce((select sum(h.amount) from holds h where h.reference = s.reference), 0) as held
                from transactions s where s.type = 'aviator_bet'
              )
              select reference, case
                  when won and lost then 'both won and lost'
                  when refunded and (won or lost) then 'given back and settled'
                  else 'settled but still holds ' || held end as detail
              from stakes
              where (won and lost) or (refunded and (won or lost)) or ((won or lost or refunded) and held > 0)
              union all
              select substring(t.idempotency_key from position(':' in t.idempotency_key) + 1), t.idempotency_key || ' without its stake'
              from transactions t
              where t.idempotency_key ~ '^aviator_(win|lost):'
                and not exists (select 1 from transactions s
                  where s.idempotency_key = 'aviator_bet:' || substring(t.idempotency_key from position(':' in t.idempotency_key) + 1))
              limit ${SHOW}`,
            (r) => `aviator bet ${r.reference}: ${r.detail}`,
          ),
        ),
      );
      // bonus money (wallet-007): each bonus account holds exactly what its active grants have
      // left, and each grant's movements match its status (granted once; closed by one
      // conversion or expiry, or by nothing when there was nothing left)
      checks.push(
        checkResult(
          'bonus-grants',
          "every bonus account equals its active grants' remainders, and every closed grant moved what it had",
          await count(trx, sql<{ n: string }>`select count(*) as n from bonus_grants`),
          await lines(
            trx,
            sql<{ id: string; detail: string }>`
              select a.id, 'balance ' || a.balance || ' but active grants hold ' || coalesce(g.total, 0) as detail
              from accounts a
              left join (select 'bonus:' || user_id as id, sum(remaining_cents) as total
                         from bonus_grants where status = 'active' group by user_id) g on g.id = a.id
              where a.kind = 'bonus' and a.balance <> coalesce(g.total, 0)
              union all
              select g.id, 'granted ' || g.amount_cents || ' but its grant transaction moved ' || coalesce(p.amount, 0)
              from bonus_grants g
              left join postings p on p.transaction_id = g.grant_tx_id and p.account_id = 'bonus:' || g.user_id
              where p.amount is distinct from g.amount_cents
              union all
              select g.id, g.status || ' but its closing transaction is ' || coalesce(t.type, 'missing')
              from bonus_grants g left join transactions t on t.id = g.closed_tx_id
              where (g.status = 'active' and g.closed_tx_id is not null)
                 or (g.status = 'converted' and g.closed_tx_id is not null and t.type is distinct from 'bonus_conversion')
                 or (g.status = 'expired' and g.closed_tx_id is not null and t.type is distinct from 'bonus_expiry')
              limit ${SHOW}`,
            (r) => `bonus ${r.id}: ${r.detail}`,
          ),
        ),
      );
      const debts = await openDebts(trx);
      return {
        ...buildReport(checks),
        debts: debts.map((d) => ({ userId: d.userId, amountCents: Number(d.debt) })),
      };
    });
}
