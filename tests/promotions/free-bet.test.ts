import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { game, goLive, kickOff, player, result } from '../betting/stack';
import { setLimits } from '../support/players';
import {
  claimFreeBet,
  eventually,
  failedChecks,
  inject,
  ledgerLines,
  type PromoStack,
  startPromoStack,
  walletOf,
} from './stack';

/**
 * Issue 33, free bets through betting (decision wallet-008): a claimed token pays a single's
 * stake from the promotions account; a win pays stake × odds − stake (the stake is not
 * returned), a loss costs the player nothing, a void gives the token back; a free bet cannot
 * be cashed out. Every ledger line to the cent, and the reconciliation afterwards.
 */
let s: PromoStack;
beforeAll(async () => {
  s = await startPromoStack();
}, 60_000);
afterAll(async () => s?.close());

const TOKEN = { kind: 'free_bet' as const, amountCents: 1_000, minOddsMilli: 1_800, expiresInDays: 7 };

async function tokenStatus(id: string) {
  const row = await s.wallet.ctx.db
    .selectFrom('free_bets')
    .select(['status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status as string;
}

describe('free bets through betting', () => {
  it('claim, a single paid by the token, won: winnings only; every ledger line to the cent', async () => {
    const p = await player(s, 5);
    const freeBetId = await claimFreeBet(s, p.id, TOKEN);
    const mine = await inject(s.wallet, 'GET', '/api/v1/promotions/mine', p.auth);
    expect(mine.body.promotions[0].freeBets).toMatchObject([
      { _id: freeBetId, amount: 10, minOdds: 1.8, status: 'active' },
    ]);
    const g = await game(s); // home 2.10
    const placed = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: g._id, outcome: 'A' }],
      freeBetId,
    });
    expect(placed.status).toBe(201);
    const bet = placed.body.bets[0];
    // the stake is not returned: 10 × 2.10 − 10
    expect(bet).toMatchObject({
      stake: 10,
      totalOdds: 2.1,
      potentialPayout: 11,
      freeBetId,
      freeBetAmount: 10,
    });
    expect(placed.body.balance).toBe(5); // the player's own money is untouched
    expect(await tokenStatus(freeBetId)).toBe('used');

    // the same token cannot pay a second bet
    const again = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: g._id, outcome: 'B' }],
      freeBetId,
    });
    expect(again.status).toBe(422);
    expect(again.body.msg).toMatch(/free bet/i);

    // a free bet is never cashed out
    await goLive(s, g, { home: 1.5, draw: 4, away: 7 });
    const cash = await inject(s.betting, 'POST', `/api/v1/bets/${bet._id}/cash-out`, p.auth);
    expect(cash.status).toBe(422);
    expect(cash.body.msg).toBe('A free bet cannot be cashed out.');

    expect((await result(s, g._id, 'A')).status).toBe(200);
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 16, 15_000);
    const mineAfter = await inject(s.betting, 'GET', `/api/v1/bets/${bet._id}`, p.auth);
    expect(mineAfter.body.bet ?? mineAfter.body).toMatchObject({
      status: 'won',
      payout: 11,
      freeBetAmount: 10,
    });
    expect(await ledgerLines(s, p.id)).toEqual([
      ['adjustment', 'U', 500, 500], // the test's funding
      ['adjustment', 'house', -500, null],
      ['free_bet_stake', 'promotions', -1_000, null],
      ['free_bet_stake', 'bets_in_play', 1_000, null],
      ['win', 'U', 1_100, 1_600],
      ['win', 'bets_in_play', -1_000, null],
      ['win', 'house', -100, null],
    ]);
    expect(await failedChecks(s)).toEqual([]);
  }, 90_000);

  it('a lost free bet costs the player nothing; a free bet on every leg void gives the token back', async () => {
    const p = await player(s, 0);
    const freeBetId = await claimFreeBet(s, p.id, TOKEN);
    const [g1, g2] = await Promise.all([game(s), game(s, { home: 2, draw: 3, away: 4 })]);
    const lost = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [{ gameId: g1._id, outcome: 'A' }],
      freeBetId,
    });
    expect(lost.status).toBe(201);
    await kickOff(s, g1);
    expect((await result(s, g1._id, 'B')).status).toBe(200);
    await eventually(
      async () => (await ledgerLines(s, p.id)).some(([type]) => type === 'stake_lost'),
      15_000,
    );

    const second = await claimFreeBet(s, p.id, TOKEN); // another promotion's token
    const multi = await inject(s.betting, 'POST', '/api/v1/bets/multi', p.auth, {
      stake: 10,
      selections: [
        { gameId: g2._id, outcome: 'A' },
        { gameId: (await game(s))._id, outcome: 'A' },
      ],
      freeBetId: second,
    });
    expect(multi.status).toBe(201);
    expect(multi.body.bets[0]).toMatchObject({
      stake: 10,
      totalOdds: 4.2,
      potentialPayout: 32,
      freeBetAmount: 10,
    });
    // both games cancelled: the bet is void and the token is the player's again
    for (const id of multi.body.bets[0].selections.map((l: any) => l.gameId))
      expect((await inject(s.games, 'PATCH', `/api/v1/games/${id}/cancel`, s.admin)).status).toBe(200);
    await eventually(async () => (await tokenStatus(second)) === 'active', 15_000);

    expect(await walletOf(s, p.auth)).toMatchObject({ walletBalance: 0 });
    expect(await ledgerLines(s, p.id)).toEqual([
      ['free_bet_stake', 'promotions', -1_000, null],
      ['free_bet_stake', 'bets_in_play', 1_000, null],
      ['stake_lost', 'bets_in_play', -1_000, null],
      ['stake_lost', 'house', 1_000, null],
      ['free_bet_stake', 'promotions', -1_000, null],
      ['free_bet_stake', 'bets_in_play', 1_000, null],
      ['free_bet_return', 'bets_in_play', -1_000, null],
      ['free_bet_return', 'promotions', 1_000, null],
    ]);
    expect(await failedChecks(s)).toEqual([]);
  }, 90_000);

  it('a free bet pays one bet: not a set of singles', async () => {
    const p = await player(s, 50);
    const freeBetId = await claimFreeBet(s, p.id, TOKEN);
    const [g1, g2] = await Promise.all([game(s), game(s)]);
    const res = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 10,
      selections: [
        { gameId: g1._id, outcome: 'A' },
        { gameId: g2._id, outcome: 'A' },
      ],
      freeBetId,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('A free bet pays one bet: place it on one selection, or as a multi.');
    expect(await tokenStatus(freeBetId)).toBe('active');
  }, 60_000);

  it('a token for Premier League 1X2 at 1.80: another league, another market or lower odds is refused by name before anything is recorded', async () => {
    const p = await player(s, 0);
    const freeBetId = await claimFreeBet(s, p.id, {
      ...TOKEN,
      leagues: ['Premier League'],
      markets: ['1x2'],
    });
    const [other, pl, low] = await Promise.all([
      game(s), // Nigeria Premier Football League
      game(s, { home: 2.1, draw: 3.2, away: 3.6 }, 120, 'Premier League'),
      game(s, { home: 1.5, draw: 4, away: 6 }, 120, 'Premier League'),
    ]);
    const place = (path: string, selections: object[]) =>
      inject(s.betting, 'POST', `/api/v1/bets/${path}`, p.auth, {
        ...(path === 'multi' ? { stake: 10 } : { stakePerBet: 10 }),
        selections,
        freeBetId,
      });

    const league = await place('singles', [{ gameId: other._id, outcome: 'A' }]);
    expect(league.status).toBe(422);
    expect(league.body).toMatchObject({
      code: 'free_bet_league',
      msg: `This free bet is for Premier League only; it cannot be placed on ${other.homeTeam} vs ${other.awayTeam} (Nigeria Premier Football League).`,
    });
    // one leg of a multi out of its leagues is enough
    const multi = await place('multi', [
      { gameId: pl._id, outcome: 'A' },
      { gameId: other._id, outcome: 'A' },
    ]);
    expect(multi.status).toBe(422);
    expect(multi.body.code).toBe('free_bet_league');

    await eventually(async () => {
      const r: any = await s.betting.ctx.db
        .selectFrom('games' as any)
        .select('market_odds' as any)
        .where('id', '=', pl._id)
        .executeTakeFirst();
      return r?.market_odds?.['ou_2.5']?.over > 100;
    }, 15_000);
    const market = await place('singles', [{ gameId: pl._id, market: 'ou_2.5', outcome: 'over' }]);
    expect(market.status).toBe(422);
    expect(market.body).toMatchObject({
      code: 'free_bet_market',
      msg: 'This free bet is for Match Result only; it cannot be placed on Total Goals 2.5.',
    });

    const odds = await place('singles', [{ gameId: low._id, outcome: 'A' }]);
    expect(odds.status).toBe(422);
    expect(odds.body).toMatchObject({
      code: 'free_bet_min_odds',
      msg: "This free bet needs odds of 1.80 or more; this bet's odds are 1.50.",
    });

    // nothing was recorded or taken for the refusals, and the token still pays the right pick
    expect(await tokenStatus(freeBetId)).toBe('active');
    expect(await ledgerLines(s, p.id)).toEqual([]);
    const ok = await place('singles', [{ gameId: pl._id, outcome: 'A' }]);
    expect(ok.status).toBe(201);
    expect(ok.body.bets[0]).toMatchObject({ freeBetId, freeBetAmount: 10, potentialPayout: 11 });
    expect(await tokenStatus(freeBetId)).toBe('used');
  }, 90_000);

  it("another player's token is refused as not found, before anything is recorded", async () => {
    const [owner, thief] = await Promise.all([player(s, 0), player(s, 0)]);
    const freeBetId = await claimFreeBet(s, owner.id, TOKEN);
    const g = await game(s);
    const res = await inject(s.betting, 'POST', '/api/v1/bets/singles', thief.auth, {
      stakePerBet: 10,
      selections: [{ gameId: g._id, outcome: 'A' }],
      freeBetId,
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'free_bet_unavailable', msg: 'Free bet not found.' });
    expect(await tokenStatus(freeBetId)).toBe('active');
  }, 60_000);

  it("a weekly stake limit counts a free bet's stake: near the limit, a free bet that would pass it is refused (decision betting-010)", async () => {
    const p = await player(s, 30);
    // the player sets a weekly stake limit of $25, as identity announces it
    await setLimits(s, p, 5, 25);
    const g = await game(s);
    const single = (stake: number, freeBetId?: string) =>
      inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
        stakePerBet: stake,
        selections: [{ gameId: g._id, outcome: 'A' }],
        ...(freeBetId ? { freeBetId } : {}),
      });
    expect((await single(20)).status).toBe(201); // $20 of the $25 staked with cash

    // a $10 free bet would take the week to $30: refused, and the token is still the player's
    const freeBetId = await claimFreeBet(s, p.id, TOKEN);
    const over = await single(10, freeBetId);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      code: 'weekly_stake_limit',
      msg: 'This would exceed your weekly stake limit of $25.00 ($20.00 staked this week, $5.00 left).',
    });
    expect(await tokenStatus(freeBetId)).toBe('active');

    // a $5 free bet fits exactly ($25) and counts: the week is full, not even a cent more
    const fits = await claimFreeBet(s, p.id, { ...TOKEN, amountCents: 500 });
    expect((await single(5, fits)).status).toBe(201);
    const after = await single(0.01);
    expect(after.status).toBe(422);
    expect(after.body.code).toBe('weekly_stake_limit');
    expect(await walletOf(s, p.auth)).toMatchObject({ walletBalance: 10 }); // the free bet took none of the cash
  }, 90_000);
});
