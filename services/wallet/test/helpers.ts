import { type EventEnvelope, laneIndex, newId, type RunningService, startService } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { type CommandReply, WalletCredit, WalletDebit } from '@bet/proto-events';
import { type Kysely, sql } from 'kysely';
import { BETS_LANES } from '../src/consumers/bets';
import { walletService } from '../src/index';

export type MoneyReply = CommandReply<typeof WalletDebit>;

export interface Harness {
  infra: TestInfrastructure;
  svc: RunningService<any>;
  db: Kysely<any>;
  adminId: string;
  adminToken: string;
  userToken(userId: string): Promise<string>;
  http(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Record<string, any> }>;
  debit(req: {
    userId: string;
    amountCents: number;
    key?: string;
    reference?: string;
    type?: 'bet' | 'aviator_bet';
  }): Promise<MoneyReply>;
  credit(req: {
    userId: string;
    amountCents: number;
    key?: string;
    reference?: string;
    type?: 'win' | 'refund' | 'cashout' | 'aviator_win';
  }): Promise<MoneyReply>;
  /** an admin adjustment through the API */
  fund(userId: string, dollars: number): Promise<void>;
  balance(userId: string): Promise<number>;
  publish(subject: string, data: unknown, id?: string): Promise<string>;
  /** waits until a consumer has handled these events (the inbox row commits with their effect) */
  handled(ids: string[], consumer?: string): Promise<void>;
  /**
   * waits until the bets consumer has handled an event published now, which it received
   * after everything published before (a settlement of a bet nobody staked: it moves nothing).
   * Its user is in another lane than `besides`, whose lane a test may be holding up.
   */
  caughtUp(besides?: string): Promise<void>;
  reconcile(): Promise<{ ok: boolean; checks: Array<{ name: string; ok: boolean; violations: string[] }> }>;
  close(): Promise<void>;
}

/** The wallet against real infrastructure (or the embedded kind), with helpers that speak its public contract. */
export async function startWallet(
  opts: { kind?: 'cluster' | 'embedded'; env?: Record<string, string | undefined> } = {},
): Promise<Harness> {
  const infra = await testInfrastructure({
    kind: opts.kind,
    env: { SANDBOX_WEBHOOK_SECRET: 'test-sandbox-secret-0123456789', ...opts.env },
  });
  const svc = await startService(walletService, infra);
  const db = svc.ctx.db as Kysely<any>;
  const adminId = newId();
  const adminToken = await infra.token({ id: adminId, role: 'admin', username: 'boss' });
  const http: Harness['http'] = async (method, url, o = {}) => {
    const res = await svc.app.inject({
      method: method as any,
      url,
      headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
      ...(o.body !== undefined ? { payload: o.body as any } : {}),
    });
    let body: any = res.body;
    try {
      body = res.json();
    } catch {}
    return { status: res.statusCode, body, headers: res.headers };
  };
  const h: Harness = {
    infra,
    svc,
    db,
    adminId,
    adminToken,
    userToken: (userId) => infra.token({ id: userId, role: 'user', username: `u${userId.slice(-4)}` }),
    http,
    debit: (r) =>
      infra.bus.request(
        WalletDebit.subject,
        {
          idempotencyKey: r.key ?? `bet:${r.reference ?? newId()}`,
          userId: r.userId,
          amountCents: r.amountCents,
          type: r.type ?? 'bet',
          reference: r.reference ?? newId(),
          description: 'Single bet',
        },
        { timeoutMs: 20_000 },
      ),
    credit: (r) =>
      infra.bus.request(
        WalletCredit.subject,
        {
          idempotencyKey: r.key ?? `win:${r.reference ?? newId()}`,
          userId: r.userId,
          amountCents: r.amountCents,
          type: r.type ?? 'win',
          reference: r.reference ?? newId(),
          description: 'Bet won',
        },
        { timeoutMs: 20_000 },
      ),
    async fund(userId, dollars) {
      const res = await http('PATCH', `/api/v1/admin/users/${userId}/wallet`, {
        token: adminToken,
        body: { amount: dollars, description: 'test funding' },
      });
      if (res.status !== 200) throw new Error(`fund failed: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async balance(userId) {
      const row = await db
        .selectFrom('accounts')
        .select('balance')
        .where('id', '=', userId)
        .executeTakeFirst();
      return Number(row?.balance ?? 0);
    },
    async publish(subject, data, id = newId()) {
      const event: EventEnvelope = { id, subject, version: 1, occurredAt: new Date().toISOString(), data };
      await infra.bus.publish(event);
      return id;
    },
    async handled(ids, consumer = 'wallet-bets') {
      const distinct = [...new Set(ids)];
      await eventually(
        async () =>
          (await countRows(
            db,
            'inbox',
            sql`consumer = ${consumer} and event_id in (${sql.join(distinct)})`,
          )) === distinct.length,
        20_000,
      );
    },
    async caughtUp(besides) {
      let userId = newId();
      while (besides && laneIndex(userId, BETS_LANES) === laneIndex(besides, BETS_LANES)) userId = newId();
      const id = await h.publish('bets.settled', {
        betId: newId(),
        userId,
        status: 'lost',
        stakeCents: 100,
        payoutCents: 0,
        settledAt: new Date().toISOString(),
      });
      await h.handled([id]);
    },
    async reconcile() {
      const res = await http('GET', '/api/v1/admin/wallet/reconcile', { token: adminToken });
      return res.body;
    },
    async close() {
      await svc.stop();
      await infra.close();
    },
  };
  return h;
}

export async function countRows(db: Kysely<any>, table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db);
  return Number(rows[0].n);
}
