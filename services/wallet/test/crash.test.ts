import { BusRequestError, newId, type OutboxTables, openDatabase } from '@bet/kit';
import { eventually, TEST_NATS_URL, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { WalletCredit, WalletDebit } from '@bet/proto-events';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletDB } from '../src/db/schema';
import { reconcile } from '../src/store/reconcile';
import { type Child, run } from './processes';

let infra: TestInfrastructure;
let db: Kysely<WalletDB & OutboxTables>;
let closeDb: () => Promise<void>;
const posted: Array<{ id: string; data: any }> = [];

beforeAll(async () => {
  infra = await testInfrastructure();
  await infra.bus.consume({
    durable: 'crash-watch',
    subjects: ['wallet.transaction_posted'],
    handler: async (e) => {
      posted.push({ id: e.id, data: e.data });
    },
  });
});
afterAll(async () => {
  await closeDb?.();
  await infra?.close();
});

function startWallet(failpoint?: 'before_commit' | 'after_commit'): Child {
  return run('services/wallet/src/main.ts', {
    DATABASE_URL: infra.databaseUrl!,
    NATS_URL: TEST_NATS_URL,
    BUS_PREFIX: infra.prefix,
    JWT_PUBLIC_KEY: infra.keys.publicKeyPem,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MODE: 'cluster',
    NODE_ENV: 'test',
    SANDBOX_WEBHOOK_SECRET: 'crash-test-sandbox-secret',
    DATA_DIR: `.tmp/${infra.prefix}`,
    ...(failpoint ? { WALLET_FAILPOINT: failpoint } : {}),
  });
}

async function started(c: Child) {
  await c.waitFor(/wallet listening/);
  if (!db) {
    const database = await openDatabase<WalletDB & OutboxTables>({
      kind: 'postgres',
      url: infra.databaseUrl!,
      schema: 'wallet',
      poolSize: 2,
    });
    db = database.db;
    closeDb = () => database.close();
  }
  return c;
}

const debit = (userId: string, betId: string, timeoutMs = 10_000) =>
  infra.bus.request<any>(
    WalletDebit.subject,
    {
      idempotencyKey: `bet:${betId}`,
      userId,
      amountCents: 700,
      type: 'bet',
      reference: betId,
      description: 'Single bet',
    },
    { timeoutMs },
  );

async function unpublished() {
  const stuck = await sql<{ n: string }>`select count(*) as n from outbox where published_at is null`.execute(
    db,
  );
  return Number(stuck.rows[0].n);
}

async function balance(userId: string) {
  const row = await db.selectFrom('accounts').select('balance').where('id', '=', userId).executeTakeFirst();
  return Number(row?.balance ?? 0);
}

describe.each(['before_commit', 'after_commit'] as const)('killed with -9 at %s', (failpoint) => {
  it('leaves nothing half done, and the retried command takes effect exactly once', async () => {
    const userId = newId();
    const betId = newId();

    // a healthy wallet funds the player (a win paid by the house)
    const healthy = await started(startWallet());
    const funded = await infra.bus.request<any>(WalletCredit.subject, {
      idempotencyKey: `win:${newId()}`,
      userId,
      amountCents: 1000,
      type: 'win',
      reference: newId(),
      description: 'Opening balance',
    });
    expect(funded).toMatchObject({ ok: true, balanceCents: 1000 });
    await healthy.kill('SIGTERM');

    // a wallet that stalls at the failpoint takes the stake command; it is killed there
    const doomed = await started(startWallet(failpoint));
    const pending = debit(userId, betId, 4_000).catch((err) => err);
    await doomed.waitFor(new RegExp(`failpoint ${failpoint} reached`));
    expect(await doomed.kill('SIGKILL')).toBe(null);
    const lost = await pending;
    expect(lost).toBeInstanceOf(BusRequestError);

    // what the crash left: before the commit nothing, after it the whole transaction
    const rows = await db
      .selectFrom('transactions')
      .select('id')
      .where('idempotency_key', '=', `bet:${betId}`)
      .execute();
    expect(rows).toHaveLength(failpoint === 'after_commit' ? 1 : 0);
    expect(await balance(userId)).toBe(failpoint === 'after_commit' ? 300 : 1000);

    // the caller retries against a restarted wallet
    const restarted = await started(startWallet());
    try {
      const retry = await debit(userId, betId);
      expect(retry).toMatchObject({ ok: true, balanceCents: 300, duplicate: failpoint === 'after_commit' });
      expect(await debit(userId, betId)).toMatchObject({ ok: true, balanceCents: 300, duplicate: true });
      expect(await balance(userId)).toBe(300);
      const tx = await db
        .selectFrom('transactions')
        .select('id')
        .where('idempotency_key', '=', `bet:${betId}`)
        .execute();
      expect(tx).toHaveLength(1);
      const postings = await db
        .selectFrom('postings')
        .select(['account_id', 'amount'])
        .where('transaction_id', '=', tx[0].id)
        .orderBy('account_id')
        .execute();
      expect(postings).toEqual(
        [
          { account_id: userId, amount: '-700' },
          { account_id: 'bets_in_play', amount: '700' },
        ].sort((a, b) => a.account_id.localeCompare(b.account_id)),
      );
      // the announcement survives the crash too, and goes out once
      await eventually(() => posted.some((e) => e.data.transactionId === tx[0].id), 10_000);
      // every outbox row marked published: a second publication would have gone out before
      await eventually(async () => (await unpublished()) === 0, 10_000);
      expect(posted.filter((e) => e.data.transactionId === tx[0].id)).toHaveLength(1);
      const report = await reconcile(db);
      expect(report.checks.filter((c) => !c.ok)).toEqual([]);
      expect(await unpublished()).toBe(0);
    } finally {
      await restarted.kill('SIGTERM');
    }
  }, 120_000);
});
