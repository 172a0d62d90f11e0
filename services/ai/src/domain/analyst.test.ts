import { describe, expect, it } from 'vitest';
import { byFixture, CALENDAR, NOW, OFFSET } from '../../test/calendar';
import { insight, writeAnalysis } from './analysis';
import { betSlipOf, detectIntent, explainRule, namedOutcome } from './chat';
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
    selections: [{ gameId: g1.id, outcome: 'A', odds: 2 }],
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
    expect(r.chasingEpisodes).toBe(2);
    expect(r.lateNightShare).toBe(0.75);
    expect(writeFeedback(r)).toMatch(/chasing losses/);
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
    expect(e.worstCase).toEqual({ outcome: 'A', payoutCents: 16_000, netCents: 5_000 });
    expect(writeRiskSummary(e)).toMatch(/lopsided/);
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
