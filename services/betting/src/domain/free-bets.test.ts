import { describe, expect, it } from 'vitest';
import { checkFreeBetTerms, type FreeBetTerms, leagueFits, marketFits } from './free-bets';

const terms = (over: Partial<FreeBetTerms> = {}): FreeBetTerms => ({
  promotionId: 'p',
  amountCents: 1000n,
  minOddsMilli: 1800,
  leagues: [],
  markets: [],
  status: 'active',
  ...over,
});
const leg = (league: string, market = '1x2') => ({ market, league, home: 'Arsenal', away: 'Chelsea' });

describe('free-bet terms (decision betting-010)', () => {
  it('no leagues or markets: any; names match whatever their case and spaces', () => {
    expect(leagueFits([], 'La Liga')).toBe(true);
    expect(leagueFits([' premier league '], 'Premier League')).toBe(true);
    expect(leagueFits(['Premier League'], 'Premier League 2')).toBe(false);
    expect(marketFits([], 'cs')).toBe(true);
    expect(marketFits(['1X2'], '1x2')).toBe(true);
    // a family names each of its lines
    expect(marketFits(['ou'], 'ou_2.5')).toBe(true);
    expect(marketFits(['ou_1.5'], 'ou_2.5')).toBe(false);
  });

  it('refuses by name: league, then market, then minimum odds', () => {
    const t = terms({ leagues: ['Premier League', 'La Liga', 'Serie A'], markets: ['1x2', 'dc'] });
    expect(() => checkFreeBetTerms(t, { totalOdds: 300, legs: [leg('Bundesliga', 'ou_2.5')] })).toThrow(
      'This free bet is for Premier League, La Liga or Serie A only; it cannot be placed on Arsenal vs Chelsea (Bundesliga).',
    );
    expect(() => checkFreeBetTerms(t, { totalOdds: 300, legs: [leg('La Liga', 'ou_2.5')] })).toThrow(
      'This free bet is for Match Result or Double Chance only; it cannot be placed on Total Goals 2.5.',
    );
    expect(() => checkFreeBetTerms(t, { totalOdds: 179, legs: [leg('Serie A')] })).toThrow(
      "This free bet needs odds of 1.80 or more; this bet's odds are 1.79.",
    );
    expect(() =>
      checkFreeBetTerms(t, { totalOdds: 180, legs: [leg('Serie A'), leg('la liga', 'dc')] }),
    ).not.toThrow();
    expect(() => checkFreeBetTerms(terms({ status: 'used' }), { totalOdds: 300, legs: [] })).toThrow(
      'This free bet was already used.',
    );
  });
});
