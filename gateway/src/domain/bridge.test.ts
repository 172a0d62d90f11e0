import { MessageSchemaError } from '@bet/kit';
import { AviatorBetUpdated, events, validate } from '@bet/proto-events';
import { describe, expect, it } from 'vitest';
import {
  AVIATOR_SUBJECTS,
  socketActionsFor as actionsFor,
  aviatorEventName,
  aviatorPayload,
  BRIDGED_SUBJECTS,
  cameOnline,
  dollars,
  isStale,
} from './bridge';

const example = (subject: string) => Object.values(events).find((e) => e.subject === subject)!.example as any;
const socketActionsFor = (subject: string, data: unknown) =>
  actionsFor({ id: 'e1', subject, version: 1, occurredAt: '2026-11-21T12:00:00Z', data });

describe('bus → socket bridge', () => {
  it('only bridges subjects that exist in the catalogue', () => {
    const known = new Set(Object.values(events).map((e) => e.subject));
    for (const s of [...BRIDGED_SUBJECTS, ...AVIATOR_SUBJECTS]) expect(known.has(s), s).toBe(true);
  });

  it('maps game events to the public socket events', () => {
    const game = example('games.created').game;
    expect(socketActionsFor('games.created', { game })).toEqual([
      { kind: 'emit', to: { room: 'everyone' }, event: 'new_game', payload: game },
    ]);
    expect(socketActionsFor('games.updated', { game })).toMatchObject([
      { event: 'gameUpdate', payload: game },
    ]);
    const odds = { home: 1.8, draw: 3.4, away: 4.5 };
    expect(socketActionsFor('games.odds_changed', { gameId: game._id, odds, live: true })).toMatchObject([
      { event: 'liveOddsUpdate', to: { room: 'everyone' }, payload: { gameId: game._id, odds } },
    ]);
    expect(socketActionsFor('games.odds_changed', { gameId: game._id, odds, live: false })).toMatchObject([
      { event: 'oddsUpdate' },
    ]);
    const settled = example('games.settled');
    expect(socketActionsFor('games.settled', settled)).toMatchObject([
      {
        event: 'gameResultUpdated',
        payload: { gameId: settled.gameId, result: settled.result, scores: settled.scores },
      },
    ]);
    const corrected = example('games.result_corrected');
    expect(socketActionsFor('games.result_corrected', corrected)).toMatchObject([
      {
        event: 'gameResultUpdated',
        payload: { gameId: corrected.gameId, result: 'Draw', scores: corrected.scores },
      },
    ]);
  });

  it('sends bet outcomes to the bettor only, in dollars and readable words', () => {
    const won = example('bets.settled');
    expect(validate(events.BetsSettled.schema, won)).toEqual([]);
    expect(socketActionsFor('bets.settled', won)).toEqual([
      {
        kind: 'emit',
        to: { room: 'user', userId: won.userId },
        event: 'bet_settled',
        payload: { betId: won.betId, status: 'won', message: 'Your bet has been settled: won.', payout: 21 },
      },
    ]);
    const lost = { ...won, status: 'lost', payoutCents: 0 };
    expect(socketActionsFor('bets.settled', lost)[0]).toMatchObject({
      payload: { status: 'lost', payout: 0, message: 'Your bet has been settled: lost.' },
    });
    const corrected = { ...won, correction: 1 };
    expect(socketActionsFor('bets.settled', corrected)[0]).toMatchObject({
      payload: { message: 'Your bet has been re-settled after a result correction: won.' },
    });
    const voided = example('bets.voided');
    expect(socketActionsFor('bets.voided', voided)).toEqual([
      {
        kind: 'emit',
        to: { room: 'user', userId: voided.userId },
        event: 'bet_settled',
        payload: {
          betId: voided.betId,
          status: 'cancelled',
          message: 'Your bet has been cancelled (Game cancelled). Your stake of $10.00 has been refunded.',
          payout: 10,
        },
      },
    ]);
  });

  it('tells the requester about their withdrawal as success or rejected', () => {
    const approved = example('wallet.withdrawal_processed');
    expect(socketActionsFor('wallet.withdrawal_processed', approved)).toEqual([
      {
        kind: 'emit',
        to: { room: 'user', userId: approved.userId },
        event: 'withdrawal_processed',
        payload: {
          withdrawalId: approved.withdrawalId,
          status: 'success',
          message: 'Your withdrawal of $50.00 has been approved.',
        },
      },
      {
        kind: 'emit',
        to: { room: 'admins' },
        event: 'withdrawal_updated',
        payload: { withdrawalId: approved.withdrawalId, status: 'approved' },
      },
    ]);
    const rejected = { ...approved, status: 'rejected', adminNotes: '' };
    expect(socketActionsFor('wallet.withdrawal_processed', rejected)[0]).toMatchObject({
      payload: {
        status: 'rejected',
        message: 'Your withdrawal of $50.00 was rejected and the amount returned to your wallet.',
      },
    });
  });

  it("tells admins of new withdrawal requests and of the dashboard's new figures, nobody else", () => {
    const w = example('wallet.withdrawal_requested');
    expect(socketActionsFor('wallet.withdrawal_requested', w)).toEqual([
      {
        kind: 'emit',
        to: { room: 'admins' },
        event: 'withdrawal_requested',
        payload: { withdrawalId: w.withdrawalId, userId: w.userId, amount: 50 },
      },
    ]);
    const f = example('admin.figures_changed');
    expect(socketActionsFor('admin.figures_changed', f)).toEqual([
      {
        kind: 'emit',
        to: { room: 'admins' },
        event: 'dashboard_updated',
        payload: { stats: f.stats, financial: f.financial },
      },
    ]);
  });

  it('shows presence to admins only and follows role changes and closed accounts', () => {
    const p = example('user.presence');
    expect(socketActionsFor('user.presence', p)).toEqual([
      {
        kind: 'emit',
        to: { room: 'admins' },
        event: 'userStatusUpdate',
        payload: { userId: p.userId, isOnline: true, lastSeen: p.lastSeen },
      },
    ]);
    expect(
      socketActionsFor('user.role_changed', { userId: p.userId, role: 'admin', changedBy: p.userId }),
    ).toEqual([{ kind: 'admin-membership', userId: p.userId, isAdmin: true }]);
    expect(
      socketActionsFor('user.role_changed', { userId: p.userId, role: 'user', changedBy: p.userId }),
    ).toEqual([{ kind: 'admin-membership', userId: p.userId, isAdmin: false }]);
    expect(socketActionsFor('user.deleted', { userId: p.userId, deletedBy: null })).toEqual([
      { kind: 'disconnect-user', userId: p.userId },
    ]);
  });

  it("pushes the wallet's new balance to its owner only", () => {
    const d = example('wallet.transaction_posted');
    expect(socketActionsFor('wallet.transaction_posted', d)).toEqual([
      {
        kind: 'emit',
        to: { room: 'user', userId: d.userId },
        event: 'balance_updated',
        payload: {
          balance: 90,
          amount: -10,
          type: 'bet',
          transactionId: d.transactionId,
          createdAt: d.createdAt,
        },
      },
    ]);
  });

  it("an admin's adjustment is also a notification to the player, credit or debit, with the reason", () => {
    const d = {
      ...example('wallet.transaction_posted'),
      type: 'adjustment',
      amountCents: 1250,
      balanceAfterCents: 11_250,
      description: 'Goodwill for the outage',
    };
    const actions = socketActionsFor('wallet.transaction_posted', d);
    expect(actions.map((a) => (a.kind === 'emit' ? a.event : a.kind))).toEqual([
      'balance_updated',
      'wallet_adjusted',
    ]);
    expect(actions[1]).toEqual({
      kind: 'emit',
      to: { room: 'user', userId: d.userId },
      event: 'wallet_adjusted',
      payload: {
        transactionId: d.transactionId,
        status: 'credit',
        message: 'An administrator credited $12.50 to your wallet: Goodwill for the outage.',
        amount: 12.5,
      },
    });
    const debit = socketActionsFor('wallet.transaction_posted', { ...d, amountCents: -250, description: '' });
    expect(debit[1]).toMatchObject({
      payload: { status: 'debit', amount: -2.5, message: 'An administrator debited $2.50 from your wallet.' },
    });
  });

  it('ignores subjects it does not know and private events nobody should see', () => {
    expect(socketActionsFor('bets.placed', example('bets.placed'))).toEqual([]);
    expect(socketActionsFor('something.new', {})).toEqual([]);
  });

  it('refuses a payload off its catalogue schema instead of emitting half of it', () => {
    expect(() => socketActionsFor('bets.settled', { ...example('bets.settled'), userId: undefined })).toThrow(
      MessageSchemaError,
    );
  });

  it('drops stale notifications but never membership changes', () => {
    const now = Date.parse('2026-11-21T12:10:00Z');
    expect(isStale('bets.settled', '2026-11-21T12:00:00Z', now, 120_000)).toBe(true);
    expect(isStale('bets.settled', '2026-11-21T12:09:00Z', now, 120_000)).toBe(false);
    expect(isStale('user.role_changed', '2026-11-01T00:00:00Z', now, 120_000)).toBe(false);
    expect(isStale('user.deleted', '2026-11-01T00:00:00Z', now, 120_000)).toBe(false);
  });

  it('names aviator events', () => {
    expect(aviatorEventName('aviator.tick')).toBe('aviator:tick');
    expect(aviatorEventName('aviator.bet')).toBe('aviator:bet');
    expect(aviatorEventName('aviator.round_settled')).toBeNull();
  });

  it('sends a bet of the round as the All bets entry of GET /aviator/state (dollars, multiplier)', () => {
    const d = AviatorBetUpdated.example;
    expect(aviatorPayload('aviator.bet', d)).toEqual({
      roundId: d.roundId,
      betId: d.betId,
      username: 'demo',
      panel: 1,
      stake: 10,
      status: 'cashed_out',
      cashedOutAt: 2.44,
      payout: 24.4,
    });
    expect(
      aviatorPayload('aviator.bet', {
        ...d,
        status: 'active',
        cashedOutAtHundredths: null,
        payoutCents: null,
      }),
    ).toMatchObject({ status: 'active', cashedOutAt: null, payout: null });
    // the others go out as published
    const tick = { multiplier: 1.37 };
    expect(aviatorPayload('aviator.tick', tick)).toBe(tick);
  });

  it('converts cents to dollars exactly', () => {
    expect(dollars(2150)).toBe(21.5);
    expect(dollars(1)).toBe(0.01);
    expect(dollars(0)).toBe(0);
  });

  it('elects exactly one announcer among simultaneous first connections', () => {
    const a = { id: 'a', connectedAt: 100 };
    const b = { id: 'b', connectedAt: 100 };
    const c = { id: 'c', connectedAt: 90 };
    expect(cameOnline(a, [a])).toBe(true);
    expect([cameOnline(a, [a, b]), cameOnline(b, [a, b])]).toEqual([true, false]);
    expect(cameOnline(a, [a, c])).toBe(false);
  });
});
