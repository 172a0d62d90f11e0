import { settleSelection } from '@bet/proto-events/markets';
import { describe, expect, it } from 'vitest';
import { byFixture, CALENDAR, NOW, OFFSET } from '../../test/calendar';
import { insight, writeAnalysis } from './analysis';
import { betSlipOf, describeBet, detectIntent, explainRule, namedOutcome } from './chat';
import { headToHead, powerRatings, recentForm } from './form';
import { PLATFORM_SOURCE, platformHeadlines, writeTopicSummary } from './news';
import { playerRecord, suggestLimits, writeFeedback } from './player';
import { exposureOf, writeRiskSummary } from './risk';
import { slipFacts, suggestForSlip, writeSlipAnalysis } from './slip';
import { campaignPosts, socialPost } from './social';
import type { BetRecord } from './types';

describe('form, ratings and head-to-head', () => {
  it('form letters follow the results in order', () => {
    const f = recentForm(CALENDAR, 'Arsenal');
    expect(f.letters).toBe('WW');
    expect(f.goalsFor).toBe(4);
  });
  it('winners gain rating, losers lose it', () => {
    const r = powerRatings(CALENDAR);
    expect(r.get('Arsenal')!.rating).toBeGreaterThan(1500);
    expect(r.get('Chelsea')!.rating).toBeLessThan(1500);
  });
  it('head-to-head counts meetings at either venue', () => {
    const h = headToHead(CALENDAR, 'Chelsea', 'Arsenal');
    expect(h).toMatchObject({ meetings: 1, homeWins: 0, awayWins: 1, draws: 0 });
  });
});

describe('game analysis', () => {
  it('states the market, margin, form, head-to-head and a verdict from the numbers', () => {
    const g = byFixture('Chelsea', 'Arsenal');
    const i = insight(g, CALENDAR);
    expect(i.market!.margin).toBeCloseTo(1 / 2.7 + 1 / 3.4 + 1 / 2.6 - 1, 2);
    const text = writeAnalysis(i);
    expect(text).toContain('Chelsea vs Arsenal');
    expect(text).toMatch(/book margin/);
    expect(text).toMatch(/Head-to-head:\*\* 1 previous meeting/);
    expect(text).toMatch(/Verdict/);
  });
  it('a live game reports its score and minute', () => {
    const text = writeAnalysis(insight(byFixture('Plateau United', 'Shooting Stars'), CALENDAR));
    expect(text).toContain("is live at 40', Plateau United lead 1-0");
  });
});

describe('slip', () => {
  const legs = [
    byFixture('Arsenal', 'Tottenham'),
    byFixture('Real Madrid', 'Barcelona'),
    byFixture('Inter', 'AC Milan'),
  ].map((g) => ({
    game: g,
    market: '1x2',
    outcome: 'A' as const,
    odds: g.odds.home,
    insight: insight(g, CALENDAR),
  }));
  it('combined probability is the product of legs, EV = p × odds − 1, riskiest = least likely', () => {
    const f = slipFacts(legs);
    const p = f.legs.reduce((a, l) => a * l.probability, 1);
    expect(f.combinedProbability).toBeCloseTo(p, 3);
    expect(f.totalOdds).toBeCloseTo(1.6 * 2.2 * 2.0, 2);
    expect(f.expectedValue).toBeCloseTo(p * f.totalOdds - 1, 2);
    const least = [...f.legs].sort((a, b) => a.probability - b.probability)[0];
    expect(f.riskiest!.gameId).toBe(least.gameId);
    expect(writeSlipAnalysis(f)).toMatch(/Riskiest leg/);
  });
  it('suggestions come from other open games and name an alternative', () => {
    const f = slipFacts(legs);
    const cands = CALENDAR.filter((g) => g.status === 'upcoming').map((g) => insight(g, CALENDAR));
    const s = suggestForSlip(f, cands);
    expect(s.combinationSuggestions.length).toBeGreaterThan(0);
    for (const c of s.combinationSuggestions) expect(legs.map((l) => l.game.id)).not.toContain(c.gameId);
    expect(s.alternativeBet.explanation).toMatch(/singles|dropping/);
  });
  it('names a leg of another market as the catalogue does, at what its price implies', () => {
    const [first, ...rest] = legs;
    const f = slipFacts([{ ...first, market: 'ou_2.5', outcome: 'over', odds: 1.8 }, ...rest]);
    expect(f.legs[0]).toMatchObject({
      market: 'ou_2.5',
      outcome: 'over',
      pick: 'Over 2.5',
      odds: 1.8,
      currentOdds: 1.8,
      source: 'market',
    });
    expect(f.legs[0].probability).toBeCloseTo(1 / 1.8, 3);
    expect(writeSlipAnalysis(f)).toContain('Over 2.5');
  });
});

describe('player record', () => {
  const g1 = byFixture('Arsenal', 'Chelsea');
  const mk = (i: number, status: BetRecord['status'], stake: number, at: string): BetRecord => ({
    id: `b${i}`,
    userId: 'u',
    betType: 'single',
    stakeCents: stake,
    totalOdds: 2,
    potentialPayoutCents: stake * 2,
    status,
    payoutCents: status === 'won' ? stake * 2 : 0,
    placedAt: new Date(at),
    selections: [{ gameId: g1.id, market: '1x2', outcome: 'A', odds: 2 }],
  });
  const bets = [
    mk(1, 'lost', 1000, '2026-11-18T01:00:00Z'),
    mk(2, 'lost', 2000, '2026-11-18T01:20:00Z'),
    mk(3, 'won', 5000, '2026-11-18T01:40:00Z'),
    mk(4, 'pending', 1000, '2026-11-19T15:00:00Z'),
  ];
  const r = playerRecord(bets, new Map([[g1.id, g1]]), { now: NOW, offsetMinutes: OFFSET });
  it('counts stakes, wins, leagues, chasing and late-night play', () => {
    expect(r).toMatchObject({
      bets: 4,
      won: 1,
      lost: 2,
      pending: 1,
      stakedCents: 9000,
      netCents: 10000 - 8000,
    });
    expect(r.favouriteLeagues[0]).toEqual({ league: 'Premier League', selections: 4 });
    expect(r.favouriteMarkets).toEqual([{ market: '1x2', name: 'Match Result', selections: 4 }]);
    expect(r.chasingEpisodes).toBe(2);
    expect(r.lateNightShare).toBe(0.75);
    expect(writeFeedback(r)).toMatch(/chasing losses/);
  });
  it('reads legs of every market: leagues and markets count them, feedback names them', () => {
    const legs = (market: string, outcome: string) => [{ gameId: g1.id, market, outcome, odds: 1.9 }];
    const marketBets = [
      { ...mk(5, 'won', 1000, '2026-11-18T15:00:00Z'), selections: legs('ou_2.5', 'over') },
      { ...mk(6, 'lost', 1000, '2026-11-18T16:00:00Z'), selections: legs('ou_2.5', 'under') },
      { ...mk(7, 'lost', 1000, '2026-11-18T17:00:00Z'), selections: legs('cs', '2-1') },
      { ...mk(8, 'pending', 1000, '2026-11-18T18:00:00Z'), selections: legs('btts', 'yes') },
    ];
    const m = playerRecord(marketBets, new Map([[g1.id, g1]]), { now: NOW, offsetMinutes: OFFSET });
    expect(m.favouriteLeagues).toEqual([{ league: 'Premier League', selections: 4 }]);
    expect(m.favouriteMarkets).toEqual([
      { market: 'ou_2.5', name: 'Total Goals 2.5', selections: 2 },
      { market: 'btts', name: 'Both Teams To Score', selections: 1 },
      { market: 'cs', name: 'Correct Score', selections: 1 },
    ]);
    const text = writeFeedback(m);
    expect(text).toMatch(
      /What you bet on:\*\* Total Goals 2\.5 \(2\), Both Teams To Score \(1\), Correct Score \(1\)/,
    );
    expect(text).toMatch(/Correct Score and HT\/FT carry the widest margins/);
  });
  it('the chat names a bet on another market as the catalogue does', () => {
    const bet = {
      ...mk(9, 'pending', 1000, '2026-11-18T18:00:00Z'),
      selections: [{ gameId: g1.id, market: 'btts', outcome: 'yes', odds: 1.8 }],
    };
    expect(describeBet(bet, new Map([[g1.id, g1]])).pick).toBe('BTTS Yes');
    expect(describeBet(mk(10, 'pending', 1000, '2026-11-18T18:00:00Z'), new Map([[g1.id, g1]])).pick).toBe(
      'Arsenal to win',
    );
  });
  it('suggests limits below the usual week, tighter for risky play', () => {
    const s = suggestLimits(r);
    expect(s.suggestedLimits.betCount).toBe(3);
    expect(s.suggestedLimits.stakeAmount).toBe(65);
    expect(s.suggestion).toMatch(/30% below/);
  });
  it('with no bets: a cautious default', () => {
    const empty = playerRecord([], new Map(), { now: NOW, offsetMinutes: OFFSET });
    expect(suggestLimits(empty).suggestedLimits).toEqual({ betCount: 10, stakeAmount: 50 });
  });
});

describe('risk, social posts, news', () => {
  it('exposure per outcome and the worst case', () => {
    const g = byFixture('Arsenal', 'Tottenham');
    const e = exposureOf(g, [
      { betType: 'single', stakeCents: 10_000, potentialPayoutCents: 16_000, outcome: 'A' },
      { betType: 'single', stakeCents: 1_000, potentialPayoutCents: 5_400, outcome: 'B' },
    ]);
    expect(e.worstCase).toMatchObject({ picks: ['Arsenal to win'], payoutCents: 16_000, netCents: 5_000 });
    expect(e.worstCase!.score).toMatch(/^(\d)-(\d)$/);
    const [h, a] = e.worstCase!.score.split('-').map(Number);
    expect(h).toBeGreaterThan(a);
    expect(writeRiskSummary(e)).toMatch(/lopsided/);
  });
  it('exposure reads legs of every market (market + outcome) and settles them together on each score', () => {
    const g = byFixture('Arsenal', 'Tottenham');
    const legs = [
      {
        betType: 'single' as const,
        stakeCents: 2_000,
        potentialPayoutCents: 3_800,
        market: 'ou_2.5',
        outcome: 'over',
      },
      {
        betType: 'single' as const,
        stakeCents: 3_000,
        potentialPayoutCents: 5_100,
        market: 'btts',
        outcome: 'yes',
      },
      {
        betType: 'single' as const,
        stakeCents: 1_000,
        potentialPayoutCents: 9_000,
        market: 'cs',
        outcome: '2-1',
      },
      { betType: 'single' as const, stakeCents: 4_000, potentialPayoutCents: 6_400, outcome: 'A' },
      {
        betType: 'single' as const,
        stakeCents: 1_500,
        potentialPayoutCents: 2_700,
        market: 'dnb',
        outcome: 'B',
      },
    ];
    const e = exposureOf(g, legs);
    expect(e.totalStakeCents).toBe(11_500);
    expect(e.outcomes.A).toEqual({ betCount: 1, totalStakeCents: 4_000, totalPotentialPayoutCents: 6_400 });
    expect(e.selections.map((x) => x.label)).toEqual([
      'Correct Score 2-1',
      'Arsenal to win',
      'BTTS Yes',
      'Over 2.5',
      'Tottenham (Draw No Bet)',
    ]);
    // 2-1 lands Over 2.5, BTTS Yes, the correct score and the home win at once
    expect(e.worstCase).toEqual({
      score: '2-1',
      htScore: null,
      picks: ['Over 2.5', 'BTTS Yes', 'Correct Score 2-1', 'Arsenal to win'],
      payoutCents: 3_800 + 5_100 + 9_000 + 6_400,
      netCents: 3_800 + 5_100 + 9_000 + 6_400 - 11_500,
    });
    const text = writeRiskSummary(e);
    expect(text).toMatch(/5 pending bets with \$115\.00 staked/);
    expect(text).toMatch(/- Over 2\.5: 1 bet, \$20\.00 staked, \$38\.00 potential payout/);
    expect(text).toMatch(/a 2-1 result pays out \$243\.00/);
  });
  it("the worst case over a grid of open books is the largest payout of any score, by the catalogue's settlement", () => {
    const g = byFixture('Arsenal', 'Tottenham');
    const picks: Array<[string, string]> = [
      ['1x2', 'Draw'],
      ['ou_1.5', 'under'],
      ['ou_3.5', 'over'],
      ['btts', 'no'],
      ['cs', 'other'],
      ['dnb', 'A'],
      ['ht', 'B'],
      ['htft', 'B/A'],
      ['ah_-1.5', 'A'],
      ['tt_away_0.5', 'over'],
    ];
    for (let i = 0; i < 40; i++) {
      const legs = picks
        .filter((_, k) => (i * 7 + k * 3) % 4 !== 0)
        .map(([market, outcome], k) => ({
          betType: (k + i) % 3 === 0 ? ('multi' as const) : ('single' as const),
          stakeCents: 100 * (1 + ((i + k) % 5)),
          potentialPayoutCents: 100 * (1 + ((i + k) % 5)) * (2 + ((i * k) % 7)),
          market,
          outcome,
        }));
      const e = exposureOf(g, legs);
      // an independent oracle: every (ft, ht) up to 7-7, each leg settled on its own
      let worst = 0;
      for (let h = 0; h <= 7; h++)
        for (let a = 0; a <= 7; a++)
          for (let x = 0; x <= h; x++)
            for (let y = 0; y <= a; y++) {
              let pay = 0;
              for (const l of legs) {
                const r = settleSelection(l.market, l.outcome, { home: h, away: a }, { home: x, away: y });
                if (r === 'won') pay += l.potentialPayoutCents;
                else if (r === 'push') pay += l.betType === 'multi' ? l.potentialPayoutCents : l.stakeCents;
              }
              worst = Math.max(worst, pay);
            }
      expect(e.worstCase!.payoutCents).toBe(worst);
    }
  });
  it('a live game: only scores from the current one on', () => {
    const g = { ...byFixture('Arsenal', 'Tottenham'), status: 'live' as const, scores: { home: 2, away: 0 } };
    const e = exposureOf(g, [
      { betType: 'single', stakeCents: 1_000, potentialPayoutCents: 50_000, market: 'cs', outcome: '0-0' },
      {
        betType: 'single',
        stakeCents: 1_000,
        potentialPayoutCents: 3_000,
        market: 'ou_2.5',
        outcome: 'under',
      },
    ]);
    expect(e.worstCase).toMatchObject({ score: '2-0', picks: ['Under 2.5'], payoutCents: 3_000 });
  });
  it('a social post carries the real odds; a campaign has a post per fixture', () => {
    const g = byFixture('Arsenal', 'Tottenham');
    expect(socialPost(insight(g, CALENDAR))).toContain('1.60');
    const day = CALENDAR.filter(
      (x) => x.league === 'Premier League' && x.matchDate.toISOString().startsWith('2026-11-21'),
    );
    const posts = campaignPosts(
      'Premier League',
      new Date('2026-11-21'),
      day,
      new Map(day.map((x) => [x.id, insight(x, CALENDAR)])),
    );
    expect(posts).toHaveLength(day.length + 2);
  });
  it('platform headlines are labelled as such; a topic summary uses form and fixtures', () => {
    const h = platformHeadlines(CALENDAR, NOW);
    expect(h.length).toBeGreaterThan(3);
    expect(h.every((x) => x.source === PLATFORM_SOURCE)).toBe(true);
    expect(writeTopicSummary('Arsenal', CALENDAR, h, NOW)).toMatch(/Next up: Arsenal vs Tottenham/);
    expect(writeTopicSummary('Nobody FC', CALENDAR, h, NOW)).toMatch(/couldn't find/);
  });
});

describe('chat', () => {
  it('detects intents', () => {
    expect(detectIntent('I think I am addicted to betting')).toBe('help');
    expect(detectIntent('what is my balance?')).toBe('account');
    expect(detectIntent('how does cash out work?')).toBe('rule');
    expect(detectIntent('suggest a bet for Arsenal vs Tottenham')).toBe('suggest');
    expect(detectIntent('analyse Chelsea vs Arsenal')).toBe('analyse');
    expect(detectIntent('live games in Nigeria')).toBe('find');
    expect(detectIntent('hello')).toBe('smalltalk');
  });
  it('reads a named outcome, explains rules and shapes the betSlip as the spec does', () => {
    const g = byFixture('Arsenal', 'Tottenham');
    expect(namedOutcome('put Tottenham to win on my slip', g)).toBe('B');
    expect(namedOutcome('the draw please', g)).toBe('Draw');
    expect(explainRule('how does cash out work')).toMatch(/pending single bet whose game is live/);
    expect(betSlipOf(g, 'A')).toEqual({
      gameId: g.id,
      outcome: 'A',
      gameDetails: { homeTeam: 'Arsenal', awayTeam: 'Tottenham' },
      oddsAtTimeOfBet: { home: 1.6, away: 5.4, draw: 4.0 },
    });
  });
});
