import { startService } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { moneyKeys, WalletDebit } from '@bet/proto-events';
import { walletService } from '@bet/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debitOf } from '../../services/aviator/src/app/debits';
import { api, balance, bet, liftOff, player, roundWhere, type Stack, startStack } from './stack';

/**
 * Issue 10: a stake debit that lands after its bet was refused is given back. The wallet is
 * down when a bet is placed and when its round lifts off, so the bet is refused without the
 * wallet's answer; the reconciler then settles the bet's key with the wallet.
 */
let s: Stack;
beforeAll(async () => {
  s = await startStack({ AVIATOR_RECONCILE_MS: '100', AVIATOR_WALLET_TIMEOUT_MS: '300' });
}, 60_000);
afterAll(async () => {
  await s?.close();
});

async function refusedWithoutAnswer() {
  const p = await player(s, 50);
  const round = await roundWhere(s, () => true);
  await s.wallet.stop();
  const placed = await api(s.aviator, 'POST', '/api/v1/aviator/place-bet', p.auth, { stake: 10 });
  expect(placed.status).toBe(503);
  const [row] = (await s.aviator.ctx.db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', p.id)
    .execute()) as any[];
  expect(row.status).toBe('placing');
  await liftOff(s, round);
  await eventually(async () => (await bet(s, row.id)).status === 'rejected', 10_000);
  expect(await bet(s, row.id)).toMatchObject({ reject_reason: 'payment not confirmed', refund_state: 'due' });
  return { p, row };
}

const restartWallet = async () => {
  s.wallet = await startService(walletService, s.infra);
};

const kinds = async (auth: Record<string, string>) =>
  (await api(s.wallet, 'GET', '/api/v1/wallet/transactions', auth)).body.transactions.map(
    (t: any) => `${t.kind}:${t.amount}`,
  );

describe('a stake the wallet never confirmed', () => {
  it('is given back when the stalled debit lands after the refusal', async () => {
    const { p, row } = await refusedWithoutAnswer();
    await restartWallet();
    // the stalled copy of the debit arrives late and takes the stake
    const late = await s.infra.bus.request<{ ok: boolean }>(WalletDebit.subject, debitOf(row));
    expect(late.ok).toBe(true);
    // the reconciler gives it back, once
    await eventually(async () => (await bet(s, row.id)).refund_state === 'done', 15_000);
    await eventually(async () => (await balance(s, p.auth)) === 50, 10_000);
    expect((await kinds(p.auth)).sort()).toEqual(['adjustment:50', 'aviator_bet:-10', 'refund:10'].sort());
  });

  it('costs nothing when the debit never landed, and the stalled copy can no longer take it', async () => {
    const { p, row } = await refusedWithoutAnswer();
    await restartWallet();
    await eventually(async () => (await bet(s, row.id)).refund_state === 'done', 15_000);
    expect(await balance(s, p.auth)).toBe(50);
    // a copy arriving now is a duplicate of the settled key: the money stays where it is
    const late = await s.infra.bus.request<{ ok: boolean; duplicate?: boolean }>(
      WalletDebit.subject,
      debitOf(row),
    );
    expect(late).toMatchObject({ ok: true, duplicate: true });
    expect(await balance(s, p.auth)).toBe(50);
    // and the weekly usage reserved for it with betting was released
    const reserved: any = await s.betting.ctx.db
      .selectFrom('outside_stakes' as any)
      .selectAll()
      .where('reference', '=', row.id)
      .executeTakeFirst();
    expect(reserved?.released).toBe(true);
    expect(moneyKeys.refund(row.id)).toBe(`refund:${row.id}`);
  });
});
