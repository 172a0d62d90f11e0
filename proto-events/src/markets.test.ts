import { describe, expect, it } from 'vitest';
import {
  isSelection,
  MARKETS,
  marketDef,
  marketLabel,
  type Score,
  selectionLabel,
  settleSelection,
} from './markets';

/** every (ht, ft) pair with ht ≤ ft side by side, up to 6-6 at full time */
function grid(): Array<{ ht: Score; ft: Score }> {
  const out: Array<{ ht: Score; ft: Score }> = [];
  for (let fh = 0; fh <= 6; fh++)
    for (let fa = 0; fa <= 6; fa++)
      for (let hh = 0; hh <= fh; hh++)
        for (let ha = 0; ha <= fa; ha++) out.push({ ht: { home: hh, away: ha }, ft: { home: fh, away: fa } });
  return out;
}
const GRID = grid();
const side = (s: Score) => (s.home > s.away ? 'A' : s.home < s.away ? 'B' : 'Draw');

describe('market catalogue', () => {
  it('has unique keys, the lines the issue asks for, and 1X2 as the spec has it', () => {
    const keys = MARKETS.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([
      '1x2',
      'dc',
      'dnb',
      'ou_0.5',
      'ou_1.5',
      'ou_2.5',
      'ou_3.5',
      'ou_4.5',
      'tt_home_0.5',
      'tt_home_1.5',
      'tt_away_0.5',
      'tt_away_1.5',
      'btts',
      'cs',
      'ht',
      'htft',
      'eh_-1',
      'eh_+1',
      'ah_-1.5',
      'ah_-0.5',
      'ah_+0.5',
      'ah_+1.5',
    ]);
    expect(marketDef('1x2')?.outcomes).toEqual(['A', 'Draw', 'B']);
    expect(marketDef('cs')?.outcomes).toHaveLength(26);
    expect(marketDef('htft')?.outcomes).toHaveLength(9);
  });

  it('knows its selections; no market is 1X2', () => {
    expect(isSelection(undefined, 'A')).toBe(true);
    expect(isSelection(undefined, 'over')).toBe(false);
    expect(isSelection('ou_2.5', 'over')).toBe(true);
    expect(isSelection('ou_2.6', 'over')).toBe(false);
    expect(isSelection('cs', '4-4')).toBe(true);
    expect(isSelection('cs', '5-0')).toBe(false);
    expect(() => settleSelection('nope', 'A', { home: 0, away: 0 })).toThrow();
  });

  it.each([
    ['1x2', 'A', 'Arsenal'],
    ['1x2', 'Draw', 'Draw'],
    ['dc', '1X', 'Arsenal or Draw'],
    ['dc', 'X2', 'Draw or Chelsea'],
    ['dnb', 'B', 'Chelsea (Draw No Bet)'],
    ['ou_2.5', 'over', 'Over 2.5'],
    ['ou_0.5', 'under', 'Under 0.5'],
    ['tt_away_1.5', 'over', 'Chelsea Over 1.5'],
    ['btts', 'yes', 'BTTS Yes'],
    ['btts', 'no', 'BTTS No'],
    ['cs', '2-1', 'Correct Score 2-1'],
    ['cs', 'other', 'Correct Score Any Other'],
    ['ht', 'Draw', 'Half-time Draw'],
    ['htft', 'Draw/A', 'HT/FT Draw/Arsenal'],
    ['eh_-1', 'A', 'Handicap Arsenal -1'],
    ['eh_-1', 'B', 'Handicap Chelsea +1'],
    ['eh_-1', 'Draw', 'Handicap Draw (-1)'],
    ['ah_+0.5', 'B', 'Asian Handicap Chelsea -0.5'],
  ])('labels %s %s as "%s"', (market, outcome, label) => {
    expect(selectionLabel(market, outcome, { home: 'Arsenal', away: 'Chelsea' })).toBe(label);
  });

  it('labels without teams and names markets', () => {
    expect(selectionLabel('ou_2.5', 'over')).toBe('Over 2.5');
    expect(selectionLabel('dc', '12')).toBe('Home or Away');
    expect(marketLabel('tt_home_0.5', { home: 'Arsenal', away: 'Chelsea' })).toBe('Arsenal Team Goals 0.5');
    expect(marketLabel(undefined)).toBe('Match Result');
  });
});

describe('settlement over every (ht, ft) pair up to 6-6', () => {
  const results = (market: string, ft: Score, ht: Score | null) =>
    Object.fromEntries(marketDef(market)!.outcomes.map((o) => [o, settleSelection(market, o, ft, ht)]));

  it('every market without a push case has exactly one winning outcome per score (two for Double Chance)', () => {
    for (const m of MARKETS) {
      if (m.family === 'dnb') continue;
      for (const { ht, ft } of GRID) {
        const r = Object.values(results(m.key, ft, ht));
        const winners = m.family === 'dc' ? 2 : 1;
        expect(
          r.filter((x) => x === 'won'),
          `${m.key} ${JSON.stringify({ ht, ft })}`,
        ).toHaveLength(winners);
        expect(r.filter((x) => x === 'lost')).toHaveLength(r.length - winners);
      }
    }
  });

  it.each(GRID.map((g) => [`${g.ht.home}-${g.ht.away} / ${g.ft.home}-${g.ft.away}`, g] as const))(
    '%s',
    (_name, { ht, ft }) => {
      const total = ft.home + ft.away;
      const r = side(ft);
      const win = (b: boolean) => (b ? 'won' : 'lost');
      expect(results('1x2', ft, ht)).toEqual({
        A: win(r === 'A'),
        Draw: win(r === 'Draw'),
        B: win(r === 'B'),
      });
      expect(results('dc', ft, ht)).toEqual({
        '1X': win(r !== 'B'),
        '12': win(r !== 'Draw'),
        X2: win(r !== 'A'),
      });
      expect(results('dnb', ft, ht)).toEqual(
        r === 'Draw' ? { A: 'push', B: 'push' } : { A: win(r === 'A'), B: win(r === 'B') },
      );
      for (const line of [0.5, 1.5, 2.5, 3.5, 4.5])
        expect(results(`ou_${line}`, ft, ht)).toEqual({ over: win(total > line), under: win(total < line) });
      for (const line of [0.5, 1.5]) {
        expect(results(`tt_home_${line}`, ft, ht)).toEqual({
          over: win(ft.home > line),
          under: win(ft.home < line),
        });
        expect(results(`tt_away_${line}`, ft, ht)).toEqual({
          over: win(ft.away > line),
          under: win(ft.away < line),
        });
      }
      const both = ft.home > 0 && ft.away > 0;
      expect(results('btts', ft, ht)).toEqual({ yes: win(both), no: win(!both) });
      const cs = results('cs', ft, ht);
      const key = ft.home <= 4 && ft.away <= 4 ? `${ft.home}-${ft.away}` : 'other';
      for (const [o, res] of Object.entries(cs)) expect(res).toBe(win(o === key));
      const h = side(ht);
      expect(results('ht', ft, ht)).toEqual({
        A: win(h === 'A'),
        Draw: win(h === 'Draw'),
        B: win(h === 'B'),
      });
      for (const [o, res] of Object.entries(results('htft', ft, ht)))
        expect(res).toBe(win(o === `${h}/${r}`));
      // European: home −1 is 1X2 on (home − 1, away); home +1 on (home + 1, away)
      const m1 = side({ home: ft.home - 1, away: ft.away });
      const p1 = side({ home: ft.home + 1, away: ft.away });
      expect(results('eh_-1', ft, ht)).toEqual({
        A: win(m1 === 'A'),
        Draw: win(m1 === 'Draw'),
        B: win(m1 === 'B'),
      });
      expect(results('eh_+1', ft, ht)).toEqual({
        A: win(p1 === 'A'),
        Draw: win(p1 === 'Draw'),
        B: win(p1 === 'B'),
      });
      // Asian half lines: −0.5 is a home win, +0.5 home or draw, −1.5 home by two, +1.5 away by two or more loses
      const d = ft.home - ft.away;
      expect(results('ah_-0.5', ft, ht)).toEqual({ A: win(d >= 1), B: win(d <= 0) });
      expect(results('ah_+0.5', ft, ht)).toEqual({ A: win(d >= 0), B: win(d <= -1) });
      expect(results('ah_-1.5', ft, ht)).toEqual({ A: win(d >= 2), B: win(d <= 1) });
      expect(results('ah_+1.5', ft, ht)).toEqual({ A: win(d >= -1), B: win(d <= -2) });
    },
  );

  it('half-time markets push when no half-time score was recorded; full-time markets do not care', () => {
    for (const o of marketDef('ht')!.outcomes)
      expect(settleSelection('ht', o, { home: 1, away: 0 }, null)).toBe('push');
    for (const o of marketDef('htft')!.outcomes)
      expect(settleSelection('htft', o, { home: 1, away: 0 }, null)).toBe('push');
    expect(settleSelection('ou_0.5', 'over', { home: 1, away: 0 }, null)).toBe('won');
  });

  it('an in-play bet settles on the whole match: Over 2.5 placed at 1-1 wins at 2-1', () => {
    expect(settleSelection('ou_2.5', 'over', { home: 2, away: 1 }, { home: 1, away: 1 })).toBe('won');
  });
});
