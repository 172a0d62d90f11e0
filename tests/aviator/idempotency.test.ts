import { KEY_REUSED } from '@bet/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, balance, liftOff, player, roundWhere, type Stack, startStack } from './stack';

/**
 * Issue 36: Aviator's place-bet takes an Idempotency-Key. A retry with the same key and body
 * answers the first answer and takes no second stake; ten at once bet once; another body under
 * the key is refused. Bets go in during a flight (held for the next round), which the manual
 * clock keeps open for as long as the test needs.
 */
describe('Aviator place-bet with an Idempotency-Key', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack({}, undefined, 'cluster');
    await liftOff(s, await roundWhere(s, (c) => c > 150));
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const place = (auth: Record<string, string>, key: string, body: unknown) =>
    api(s.aviator, 'POST', '/api/v1/aviator/place-bet', { ...auth, 'idempotency-key': key }, body);
  const betsOf = async (userId: string) =>
    (await s.aviator.ctx.db.selectFrom('bets').select('id').where('user_id', '=', userId).execute()).length;

  it('the same key sent 10 times at once bets once; a later retry answers the same', async () => {
    const p = await player(s, 50);
    const body = { stake: 5, panel: 1 };
    const all = await Promise.all(Array.from({ length: 10 }, () => place(p.auth, 'av-1', body)));
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(all.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(all[0].body).toMatchObject({ msg: 'Bet placed!', panel: 1, stake: 5, balance: 45 });
    expect(await betsOf(p.id)).toBe(1);
    expect(await balance(s, p.auth)).toBe(45);
    expect(await place(p.auth, 'av-1', body)).toEqual(all[0]);
  });

  it('another body under the key is refused and bets nothing; another key bets again', async () => {
    const p = await player(s, 50);
    expect((await place(p.auth, 'av-2', { stake: 2, panel: 1 })).status).toBe(201);
    const other = await place(p.auth, 'av-2', { stake: 3, panel: 2 });
    expect(other).toEqual({ status: 422, body: { msg: KEY_REUSED, code: 'idempotency_key_reused' } });
    expect(await betsOf(p.id)).toBe(1);
    expect((await place(p.auth, 'av-3', { stake: 3, panel: 2 })).status).toBe(201);
    expect(await balance(s, p.auth)).toBe(45);
  });
});
