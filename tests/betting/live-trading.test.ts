import { bettingService } from '@bet/betting';
import { gamesService, SimulatorRunner } from '@bet/games';
import { eventually, inject, startStack, type TestStack } from '@bet/kit/testing';
import { walletService } from '@bet/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player } from '../support/players';

/**
 * Issue 32 item 5 against the real games (its simulator driving the match), wallet and
 * betting services: a live bet placed after a goal at the pre-goal price is refused, during
 * the goal's suspension and after it (decision betting-008).
 */
type Stack = TestStack & Record<'games' | 'wallet' | 'betting', any>;
let s: Stack;
let runner: SimulatorRunner;

beforeAll(async () => {
  s = await startStack<'games' | 'wallet' | 'betting'>(
    [
      walletService,
      gamesService,
      { def: bettingService, options: { env: { LIVE_ACCEPT_DELAY_MS: '1000' } } },
    ],
    {
      env: {
        GAMES_PROVIDER: 'none',
        SIMULATOR_SPEED: '600',
        SIMULATOR_HORIZON_HOURS: '2',
        SIMULATOR_BACKFILL_HOURS: '1',
        LIVE_PRICE_MAX_AGE_S: '600',
        LIVE_SUSPEND_MS: '4000',
      },
    },
  );
  runner = new SimulatorRunner(s.games.ctx, { clock: () => Date.now() });
  await runner.tick();
}, 90_000);
afterAll(async () => {
  await runner?.stop();
  await s?.close();
});

/** Betting's read model of the live games: 1X2 home price in hundredths, by id. */
async function bettingPrices(): Promise<Map<string, number>> {
  const rows: any[] = await s.betting.ctx.db
    .selectFrom('games')
    .select(['id', 'odds_home', 'odds_live', 'status'])
    .where('status', '=', 'live')
    .execute();
  return new Map(rows.filter((r) => r.odds_live).map((r) => [r.id, r.odds_home]));
}

describe('live trading with the simulator driving a goal', () => {
  it('refuses a bet at the pre-goal price, during the suspension and after it', async () => {
    const p = await player(s, 1_000);
    // tick until a goal suspends a game betting had priced; its price before that tick is the pre-goal price
    const { id, preGoal } = await eventually(
      async () => {
        const before = await bettingPrices();
        await runner.tick();
        const rows: any[] = await s.games.ctx.db.selectFrom('games').select(['id', 'sim_state']).execute();
        for (const r of rows) {
          const sim = typeof r.sim_state === 'string' ? JSON.parse(r.sim_state) : r.sim_state;
          if (sim?.suspendedUntil > Date.now() + 2_500 && before.has(r.id))
            return { id: r.id as string, preGoal: before.get(r.id) as number };
        }
        return undefined;
      },
      60_000,
      50,
    );
    const bet = (extra: Record<string, unknown> = {}) =>
      inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
        stakePerBet: 5,
        selections: [{ gameId: id, outcome: 'A', odds: preGoal / 100 }],
        ...extra,
      });
    // during the suspension: refused, whatever the slip's choice
    const during = await bet({ oddsChange: 'any' });
    expect(during.status).toBe(422);
    expect(during.body.msg).toContain('is suspended while its in-play prices update');

    // after it the market reopens at the new price: the pre-goal quote is refused
    await eventually(
      async () => (await inject(s.games, 'GET', `/api/v1/games/${id}`)).body.suspended === false,
      15_000,
      200,
    );
    const g = (await inject(s.games, 'GET', `/api/v1/games/${id}`)).body;
    // nothing ticked meanwhile: the match is where the goal left it, at its new price
    expect(g.status).toBe('live');
    expect(Math.round(g.odds.home * 100)).not.toBe(preGoal);
    await eventually(async () => (await bettingPrices()).get(id) === Math.round(g.odds.home * 100));
    const after = await bet();
    expect(after.status).toBe(409);
    expect(after.body.msg).toBe('The odds have changed. Please review your bet slip and try again.');
    const taken = await bet({ oddsChange: 'any' });
    expect(taken.status).toBe(201);
    expect(taken.body.bets[0].totalOdds).toBe(g.odds.home);
    // no stake was taken for any refused bet
    const wallet = (await inject(s.wallet, 'GET', '/api/v1/wallet', p.auth)).body;
    const bets = (await inject(s.betting, 'GET', '/api/v1/bets', p.auth)).body.bets as any[];
    expect(bets).toHaveLength(1);
    expect(wallet.walletBalance).toBe(995);
  }, 120_000);
});
