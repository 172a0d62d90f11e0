import { KEY_REUSED } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Games, type Harness, player, startHarness } from './harness';

let h: Harness;
let games: Games;

beforeAll(async () => {
  // the reconciler takes over an unanswered placement at once (the retry-after-503 case)
  h = await startHarness({ env: { RECONCILE_AFTER_MS: '0', RECONCILE_INTERVAL_MS: '100' } });
  games = new Games(h);
});
afterAll(async () => h?.close());

async function post(url: string, auth: Record<string, string>, key: string | undefined, payload: unknown) {
  const res = await h.svc.app.inject({
    method: 'POST',
    url,
    headers: { ...auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });
  return {
    status: res.statusCode,
    body: res.json(),
    replayed: res.headers['idempotent-replayed'] === 'true',
  };
}

const placementsOf = async (userId: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from placements where user_id = ${userId}`.execute(
        h.svc.ctx.db,
      )
    ).rows[0].n,
  );
// debits by distinct key: the reconciler may ask again under the same key (one effect)
const debitsOf = (userId: string) =>
  new Set(h.wallet.debits.filter((d) => d.userId === userId).map((d) => d.idempotencyKey)).size;

describe('Idempotency-Key on bet placement', () => {
  it('a retry with the same key and body answers the first answer and places nothing more', async () => {
    const g = await games.create();
    const p = await player(h, 10_000);
    const body = { stakePerBet: 5, selections: [{ gameId: g._id, outcome: 'A' }] };
    const first = await post('/api/v1/bets/singles', p.auth, 'k-1', body);
    expect(first.status).toBe(201);
    expect(first.replayed).toBe(false);
    const again = await post('/api/v1/bets/singles', p.auth, 'k-1', body);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await placementsOf(p.id)).toBe(1);
    expect(debitsOf(p.id)).toBe(1);
    // the same body's fields in another order is the same request
    const reordered = await post('/api/v1/bets/singles', p.auth, 'k-1', {
      selections: [{ outcome: 'A', gameId: g._id }],
      stakePerBet: 5,
    });
    expect(reordered.body).toEqual(first.body);
    // without a key, or with another key, it is a new placement
    expect((await post('/api/v1/bets/singles', p.auth, 'k-2', body)).status).toBe(201);
    expect((await post('/api/v1/bets/singles', p.auth, undefined, body)).status).toBe(201);
    expect(await placementsOf(p.id)).toBe(3);
  });

  it('the same key with another body is refused with a clear message, nothing placed', async () => {
    const g = await games.create();
    const p = await player(h, 10_000);
    const first = await post('/api/v1/bets/multi', p.auth, 'm-1', {
      stake: 3,
      selections: [
        { gameId: g._id, outcome: 'A' },
        { gameId: (await games.create())._id, outcome: 'B' },
      ],
    });
    expect(first.status).toBe(201);
    const other = await post('/api/v1/bets/multi', p.auth, 'm-1', {
      stake: 4,
      selections: [
        { gameId: g._id, outcome: 'A' },
        { gameId: (await games.create())._id, outcome: 'B' },
      ],
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ msg: KEY_REUSED, code: 'idempotency_key_reused' });
    // a key used on the singles route is not a multi's
    const cross = await post('/api/v1/bets/singles', p.auth, 'm-1', {
      stakePerBet: 3,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    expect(cross.status).toBe(422);
    expect(await placementsOf(p.id)).toBe(1);
  });

  it('keys belong to their user', async () => {
    const g = await games.create();
    const a = await player(h, 10_000);
    const b = await player(h, 10_000);
    const body = { stakePerBet: 2, selections: [{ gameId: g._id, outcome: 'Draw' }] };
    const ra = await post('/api/v1/bets/singles', a.auth, 'shared', body);
    const rb = await post('/api/v1/bets/singles', b.auth, 'shared', body);
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(rb.replayed).toBe(false);
    expect(rb.body.bets[0]._id).not.toBe(ra.body.bets[0]._id);
  });

  it('the same key sent 10 times at once places once, and each answer is the one placement', async () => {
    const g = await games.create();
    const p = await player(h, 10_000);
    const body = { stakePerBet: 1, selections: [{ gameId: g._id, outcome: 'B' }] };
    const all = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/v1/bets/singles', p.auth, 'burst', body)),
    );
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = new Set(all.map((r) => r.body.bets[0]._id));
    expect(ids.size).toBe(1);
    expect(all.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await placementsOf(p.id)).toBe(1);
    expect(debitsOf(p.id)).toBe(1);
    expect(h.wallet.balance(p.id)).toBe(10_000 - 100);
  });

  it('a refusal after the placement was recorded is answered again as it was', async () => {
    const g = await games.create();
    const p = await player(h, 100);
    const body = { stakePerBet: 50, selections: [{ gameId: g._id, outcome: 'A' }] };
    const first = await post('/api/v1/bets/singles', p.auth, 'poor', body);
    expect(first.status).toBe(422);
    h.wallet.fund(p.id, 10_000);
    const again = await post('/api/v1/bets/singles', p.auth, 'poor', body);
    expect(again).toEqual({ ...first, replayed: true });
    expect(debitsOf(p.id)).toBe(1);
  });

  it('after a 503 (the debit landed, its answer lost) a retry gets the bet once the saga finished it', async () => {
    const g = await games.create();
    const p = await player(h, 10_000);
    const body = { stakePerBet: 7, selections: [{ gameId: g._id, outcome: 'A' }] };
    h.wallet.silent = true;
    let first: Awaited<ReturnType<typeof post>>;
    try {
      first = await post('/api/v1/bets/singles', p.auth, 'cut', body);
    } finally {
      h.wallet.silent = false;
    }
    expect(first.status).toBe(503);
    await eventually(async () => {
      const retry = await post('/api/v1/bets/singles', p.auth, 'cut', body);
      expect(retry.status).toBe(201);
      expect(retry.body.bets).toHaveLength(1);
      expect(retry.body.bets[0]).toMatchObject({ stake: 7, status: 'pending' });
      return true;
    }, 15_000);
    expect(await placementsOf(p.id)).toBe(1);
    expect(h.wallet.balance(p.id)).toBe(10_000 - 700);
  });

  it('a key older than IDEMPOTENCY_TTL_HOURS is forgotten: its reuse places again', async () => {
    const g = await games.create();
    const p = await player(h, 10_000);
    const body = { stakePerBet: 1, selections: [{ gameId: g._id, outcome: 'A' }] };
    expect((await post('/api/v1/bets/singles', p.auth, 'old', body)).status).toBe(201);
    await sql`update idempotency_keys set created_at = now() - interval '25 hours'
      where user_id = ${p.id}`.execute(h.svc.ctx.db);
    const later = await post('/api/v1/bets/singles', p.auth, 'old', body);
    expect(later.status).toBe(201);
    expect(later.replayed).toBe(false);
    expect(await placementsOf(p.id)).toBe(2);
  });

  it('a malformed key is a 400 naming the header', async () => {
    const p = await player(h, 10_000);
    const res = await post('/api/v1/bets/singles', p.auth, 'x'.repeat(256), {
      stakePerBet: 1,
      selections: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'Idempotency-Key', location: 'headers' });
  });
});
