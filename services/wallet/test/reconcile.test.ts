import { newId } from '@bet/kit';
import { createTestDatabase } from '@bet/kit/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startWallet } from './helpers';
import { exitOf, run } from './processes';

let h: Harness;
const flying = newId();
const paid = newId();
beforeAll(async () => {
  h = await startWallet();
  // some ordinary traffic: a funded player, a stake, a win, a pending withdrawal
  const u = newId();
  await h.fund(u, 50);
  const bet = newId();
  await h.debit({ userId: u, amountCents: 1000, reference: bet, key: `bet:${bet}` });
  await h.debit({ userId: u, amountCents: 500 });
  await h.credit({ userId: u, amountCents: 1800, reference: bet, key: `win:${bet}` });
  // an Aviator stake in the air and one paid
  await h.debit({
    userId: u,
    amountCents: 100,
    reference: flying,
    key: `aviator_bet:${flying}`,
    type: 'aviator_bet',
  });
  await h.debit({
    userId: u,
    amountCents: 100,
    reference: paid,
    key: `aviator_bet:${paid}`,
    type: 'aviator_bet',
  });
  await h.credit({
    userId: u,
    amountCents: 150,
    reference: paid,
    key: `aviator_win:${paid}`,
    type: 'aviator_win',
  });
  await h.http('POST', '/api/v1/wallet/request-withdrawal', {
    token: await h.userToken(u),
    body: { amount: 3 },
  });
});
afterAll(async () => h?.close());

async function cli() {
  const c = run('services/wallet/src/bin/reconcile.ts', { DATABASE_URL: h.infra.databaseUrl! });
  const code = await exitOf(c);
  return { code, out: c.output() };
}

/** Breaks the ledger behind the service's back, runs `fn`, and repairs it. */
async function tampered(
  statement: ReturnType<typeof sql>,
  undo: ReturnType<typeof sql>,
  fn: () => Promise<void>,
) {
  await statement.execute(h.db);
  try {
    await fn();
  } finally {
    await undo.execute(h.db);
  }
}

describe('reconciliation', () => {
  it('passes on an honest ledger, from the npm script and the admin endpoint', async () => {
    const { code, out } = await cli();
    expect(out).toContain('balanced-transactions');
    expect(out).toContain('All invariants hold.');
    expect(code).toBe(0);
    const report = await h.reconcile();
    expect(report.ok).toBe(true);
    expect((await h.http('POST', '/api/v1/admin/wallet/reconcile', { token: h.adminToken })).body.ok).toBe(
      true,
    );
    expect(report.checks.map((c) => c.name)).toEqual([
      'balanced-transactions',
      'wallet-balances',
      'no-negative-wallet',
      'running-balances',
      'bets-in-play',
      'pending-withdrawals',
      'deposits',
      'ledger-total',
      'debts-attributed',
      'aviator-stakes',
      'bonus-grants',
    ]);
  });

  it('catches a wallet balance that drifted from its postings', async () => {
    const u = (
      await h.db.selectFrom('accounts').select('id').where('kind', '=', 'user').executeTakeFirstOrThrow()
    ).id;
    await tampered(
      sql`update accounts set balance = balance + 1 where id = ${u}`,
      sql`update accounts set balance = balance - 1 where id = ${u}`,
      async () => {
        const report = await h.reconcile();
        expect(report.ok).toBe(false);
        expect(report.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
          'wallet-balances',
          'running-balances',
        ]);
        const { code, out } = await cli();
        expect(code).toBe(1);
        expect(out).toMatch(/FAIL {2}wallet-balances/);
        expect(out).toContain('Invariants violated.');
      },
    );
    expect((await h.reconcile()).ok).toBe(true);
  });

  it('catches an unbalanced transaction and money created from nothing', async () => {
    const p = await h.db
      .selectFrom('postings')
      .select(['seq', 'account_id'])
      .where('account_id', '=', 'house')
      .executeTakeFirstOrThrow();
    await tampered(
      sql`update postings set amount = amount + 5 where seq = ${p.seq}`,
      sql`update postings set amount = amount - 5 where seq = ${p.seq}`,
      async () => {
        const failed = (await h.reconcile()).checks.filter((c) => !c.ok).map((c) => c.name);
        expect(failed).toEqual(['balanced-transactions', 'ledger-total']);
      },
    );
  });

  it('catches stakes in play and held withdrawals that do not match their records', async () => {
    await tampered(
      sql`update holds set amount = amount + 1`,
      sql`update holds set amount = amount - 1`,
      async () => {
        expect((await h.reconcile()).checks.find((c) => c.name === 'bets-in-play')?.ok).toBe(false);
      },
    );
    await tampered(
      sql`update withdrawals set amount = amount + 1`,
      sql`update withdrawals set amount = amount - 1`,
      async () => {
        expect((await h.reconcile()).checks.find((c) => c.name === 'pending-withdrawals')?.ok).toBe(false);
      },
    );
  });

  it('catches an Aviator stake still held after it was paid, and a result without its stake', async () => {
    await tampered(
      sql`update holds set amount = amount + 100 where reference = ${paid}`,
      sql`update holds set amount = amount - 100 where reference = ${paid}`,
      async () => {
        const report = await h.reconcile();
        const aviator = report.checks.find((c) => c.name === 'aviator-stakes');
        expect(aviator?.ok).toBe(false);
        expect(aviator?.violations).toEqual([`aviator bet ${paid}: settled but still holds 100`]);
        const { code, out } = await cli();
        expect(code).toBe(1);
        expect(out).toMatch(/FAIL {2}aviator-stakes/);
      },
    );
    await tampered(
      sql`update transactions set idempotency_key = ${`aviator_bet:x${paid}`} where idempotency_key = ${`aviator_bet:${paid}`}`,
      sql`update transactions set idempotency_key = ${`aviator_bet:${paid}`} where idempotency_key = ${`aviator_bet:x${paid}`}`,
      async () => {
        const aviator = (await h.reconcile()).checks.find((c) => c.name === 'aviator-stakes');
        expect(aviator?.violations).toContain(`aviator bet ${paid}: aviator_win:${paid} without its stake`);
      },
    );
    expect((await h.reconcile()).ok).toBe(true);
  });

  it('the database itself refuses a negative wallet, whoever writes', async () => {
    const u = (
      await h.db.selectFrom('accounts').select('id').where('kind', '=', 'user').executeTakeFirstOrThrow()
    ).id;
    await expect(sql`update accounts set balance = -1 where id = ${u}`.execute(h.db)).rejects.toThrow(
      /accounts_user_balance_non_negative/,
    );
  });

  it('says clearly when there is no wallet ledger to check', async () => {
    const empty = await createTestDatabase();
    try {
      const c = run('services/wallet/src/bin/reconcile.ts', { DATABASE_URL: empty.url });
      expect(await exitOf(c)).toBe(2);
      expect(c.output()).toMatch(/No wallet ledger/);
      // a read-only check creates nothing where it looks
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      const { rows } = await client.query(
        `select count(*)::int as n from pg_namespace where nspname = 'wallet'`,
      );
      await client.end();
      expect(rows[0].n).toBe(0);
    } finally {
      await empty.drop();
    }
  });
});
