import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byFixture } from '../../services/ai/test/calendar';
import { publish, startAi } from './harness';

/**
 * The built-in analyst's chat with what players actually type (issue 30, item 15). "Now" is
 * Friday 20 November 2026, 11:00 in Lagos (the platform's zone, UTC+1).
 */
describe('the chat understands what players type', () => {
  let s: Awaited<ReturnType<typeof startAi>>;
  let user: string;
  const userId = newId();
  const chat = async (message: string, history: Array<{ role: 'user' | 'model'; text: string }> = []) => {
    const r = await s.call(
      'POST',
      '/ai/chat',
      { message, history: history.map((m) => ({ role: m.role, parts: [{ text: m.text }] })) },
      user,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { reply: string; betSlip?: { gameId: string; outcome: string } };
  };

  beforeAll(async () => {
    s = await startAi();
    user = await s.infra.token({ id: userId, username: 'ada' });
    const bets = [
      {
        betId: newId(),
        stake: 1000,
        at: '2026-11-14T11:00:00Z',
        game: byFixture('Arsenal', 'Chelsea'),
        outcome: 'B',
        odds: 400,
      },
      {
        betId: newId(),
        stake: 2500,
        at: '2026-11-18T12:00:00Z',
        game: byFixture('Manchester City', 'Arsenal'),
        outcome: 'B',
        odds: 390,
      },
      {
        betId: newId(),
        stake: 500,
        at: '2026-11-19T12:00:00Z',
        game: byFixture('Arsenal', 'Tottenham'),
        outcome: 'A',
        odds: 160,
      },
    ];
    for (const b of bets)
      await publish(s.infra, 'bets.placed', {
        betId: b.betId,
        userId,
        betType: 'single',
        stakeCents: b.stake,
        totalOddsHundredths: b.odds,
        potentialPayoutCents: Math.round((b.stake * b.odds) / 100),
        selections: [{ gameId: b.game.id, outcome: b.outcome, oddsHundredths: b.odds }],
        placedAt: b.at,
      });
    await publish(s.infra, 'bets.settled', {
      betId: bets[0]!.betId,
      userId,
      status: 'lost',
      stakeCents: 1000,
      payoutCents: 0,
      settledAt: '2026-11-14T17:00:00Z',
    });
    await publish(s.infra, 'bets.settled', {
      betId: bets[1]!.betId,
      userId,
      status: 'won',
      stakeCents: 2500,
      payoutCents: 9750,
      settledAt: '2026-11-18T22:00:00Z',
    });
    await eventually(async () => {
      const closed = await s.ai.ctx.db
        .selectFrom('bet_closures' as never)
        .selectAll()
        .execute();
      const placed = await s.ai.ctx.db
        .selectFrom('bets' as never)
        .selectAll()
        .execute();
      return placed.length === 3 && closed.length === 2;
    }, 30_000);
  }, 120_000);
  afterAll(() => s?.stop());

  it('"Bet $10 on Tottenham": the named team\'s side of its next game goes on the slip, with the stake\'s return', async () => {
    const r = await chat('Bet $10 on Tottenham');
    expect(r.betSlip).toMatchObject({ gameId: byFixture('Arsenal', 'Tottenham').id, outcome: 'B' });
    expect(r.reply).toMatch(/\*\*Tottenham to win\*\* in Arsenal vs Tottenham/);
    expect(r.reply).toMatch(/\$10\.00\*\* stake would return \$54\.00/);
    const chelsea = await chat('bet 5 dollars on Chelsea');
    // Chelsea's next game, whichever side Chelsea are on
    expect(chelsea.reply).toMatch(/\*\*Chelsea to win\*\*/);
    expect(chelsea.reply).toMatch(/\$5\.00\*\* stake/);
  });

  it('"Show my recent bets" lists them, latest first, with how each ended', async () => {
    const r = await chat('Show my recent bets');
    expect(r.betSlip).toBeUndefined();
    expect(r.reply).toMatch(/Your recent bets/);
    const lines = r.reply.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual([
      '- Arsenal vs Tottenham: Arsenal to win, $5.00: pending',
      '- Manchester City vs Arsenal: Arsenal to win, $25.00: won ($97.50)',
      '- Arsenal vs Chelsea: Chelsea to win, $10.00: lost',
    ]);
  });

  it('"yes, confirm" after a proposal: the proposed bet is on the slip, and the player confirms it there', async () => {
    const proposal = await chat('Bet $10 on Tottenham');
    const r = await chat('yes, confirm', [
      { role: 'user', text: 'Bet $10 on Tottenham' },
      { role: 'model', text: proposal.reply },
    ]);
    expect(r.betSlip).toMatchObject({ gameId: byFixture('Arsenal', 'Tottenham').id, outcome: 'B' });
    expect(r.reply).toMatch(
      /\*\*Tottenham to win\*\* in Arsenal vs Tottenham at \*\*5\.40\*\* is on your bet slip/,
    );
    expect(r.reply).toMatch(/\$10\.00/);
    expect(r.reply).toMatch(/Place Bet/);
    // with nothing proposed, a yes is not taken for a greeting or a bet
    const alone = await chat('yes, confirm');
    expect(alone.betSlip).toBeUndefined();
    expect(alone.reply).toMatch(/no bet waiting/);
  });

  it('a message that only names a game or a team gets its analysis (the assistant page has no game to go on)', async () => {
    const game = await chat('What do you think about Arsenal vs Spurs?');
    expect(game.reply).toMatch(/Arsenal vs Tottenham/);
    expect(game.reply).not.toMatch(/^Hi ada/);
    const team = await chat('Real Madrid v Barcelona');
    expect(team.reply).toMatch(/Real Madrid vs Barcelona/);
  });

  it('"today" and "tomorrow" are the platform\'s days, named as its players\' calendar names them', async () => {
    const today = await chat('games today');
    expect(today.reply).toMatch(/games on Fri 20 Nov/);
    expect(today.reply).toMatch(
      /Enyimba vs Rivers United \(Nigeria Premier Football League\): Fri 20 Nov, 16:00 Lagos time/,
    );
    const tomorrow = await chat('games tomorrow');
    expect(tomorrow.reply).toMatch(/games on Sat 21 Nov/);
    expect(tomorrow.reply).toMatch(/Arsenal vs Tottenham \(Premier League\): Sat 21 Nov, 13:30 Lagos time/);
    expect(tomorrow.reply).not.toMatch(/Fri 20 Nov/);
  });
});

describe('the slip analysis analyses singles as singles', () => {
  let s: Awaited<ReturnType<typeof startAi>>;
  let user: string;
  beforeAll(async () => {
    s = await startAi();
    user = await s.infra.token({ username: 'ada' });
  }, 120_000);
  afterAll(() => s?.stop());

  const selections = () => [
    { gameId: byFixture('Arsenal', 'Tottenham').id, outcome: 'A', odds: 1.6 },
    { gameId: byFixture('Real Madrid', 'Barcelona').id, outcome: 'B', odds: 3.1 },
  ];

  it('singles: each selection its own bet, no combined odds or probability', async () => {
    const r = await s.call('POST', '/ai/analyze-slip', { selections: selections(), betType: 'single' }, user);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.analysis).toMatch(/\*\*2 singles\*\*/);
    expect(r.body.analysis).toMatch(/wins or loses on its own/);
    expect(r.body.analysis).not.toMatch(/multi|combined/i);
    expect(r.body.analysis).toMatch(/- Arsenal vs Tottenham: Arsenal to win at 1\.60/);
  });

  it('a multi, and the spec body without a bet type, keep the multi analysis', async () => {
    for (const body of [{ selections: selections(), betType: 'multi' }, { selections: selections() }]) {
      const r = await s.call('POST', '/ai/analyze-slip', body, user);
      expect(r.status).toBe(200);
      expect(r.body.analysis).toMatch(/\*\*2-leg multi\*\* at combined odds of 4\.96/);
    }
    expect(
      (await s.call('POST', '/ai/analyze-slip', { selections: selections(), betType: 'each-way' }, user))
        .status,
    ).toBe(400);
  });
});
