// The match page's market tabs, as a plain function of the market keys (tested alone).
import { MARKETS_BY_KEY } from '@bet/proto-events/markets';

export type MarketTab = 'main' | 'goals' | 'halves' | 'handicap' | 'cs';

export const MARKET_TABS: Array<{ value: MarketTab; label: string }> = [
  { value: 'main', label: 'Main' },
  { value: 'goals', label: 'Goals' },
  { value: 'halves', label: 'Halves' },
  { value: 'handicap', label: 'Handicap' },
  { value: 'cs', label: 'Correct Score' },
];

const MAIN = ['1x2', 'dc', 'dnb', 'ou_2.5', 'btts'];

/** The keys of a tab, in the order given (the server's: the catalogue's display order). */
export function marketsOfTab<T extends { key: string }>(tab: MarketTab, markets: readonly T[]): T[] {
  if (tab === 'main') return MAIN.flatMap((k) => markets.filter((m) => m.key === k));
  return markets.filter((m) => {
    const family = MARKETS_BY_KEY.get(m.key)?.family;
    switch (tab) {
      case 'goals':
        return family === 'ou' || family === 'tt' || family === 'btts';
      case 'halves':
        return family === 'ht' || family === 'htft';
      case 'handicap':
        return family === 'eh' || family === 'ah';
      default:
        return family === 'cs';
    }
  });
}

export interface MatchEvent {
  type: 'Goal' | 'Card' | 'subst';
  detail: string;
  team: { name: string };
}

/** What the events say, per side: goals, yellow and red cards, substitutions. */
export function matchStats(events: readonly MatchEvent[], homeTeam: string, awayTeam: string) {
  const rows = [
    { key: 'goals', label: 'Goals', home: 0, away: 0 },
    { key: 'yellow', label: 'Yellow cards', home: 0, away: 0 },
    { key: 'red', label: 'Red cards', home: 0, away: 0 },
    { key: 'subst', label: 'Substitutions', home: 0, away: 0 },
  ];
  const row = (k: string) => rows.find((r) => r.key === k)!;
  for (const e of events) {
    const side = e.team.name === homeTeam ? 'home' : e.team.name === awayTeam ? 'away' : null;
    if (!side) continue;
    if (e.type === 'Goal' && !/missed/i.test(e.detail)) row('goals')[side]++;
    else if (e.type === 'Card') row(/red/i.test(e.detail) ? 'red' : 'yellow')[side]++;
    else if (e.type === 'subst') row('subst')[side]++;
  }
  return rows;
}

/**
 * What an outcome button shows under its market's heading: the pick's label without the
 * market's name ("2-1", not "Correct Score 2-1"); the full label stays its accessible name.
 */
export function shortLabel(label: string): string {
  return label
    .replace(/^(Correct Score|Half-time|HT\/FT|Asian Handicap|Handicap|BTTS) /, '')
    .replace(/ \(Draw No Bet\)$/, '');
}

const SIDE_SHORT: Readonly<Record<string, string>> = { A: '1', Draw: 'X', B: '2' };
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/**
 * What an outcome's button reads on a phone when its label names the teams and would be cut
 * ("Kano Pillars" → 1, "Draw/Kano Pillars" → X/1, "Kano or Draw" → 1X); undefined when its
 * label is already short. The button's accessible name keeps the full label.
 */
export function narrowLabel(market: string, outcome: string): string | undefined {
  if (market === 'dc') return outcome;
  const def = MARKETS_BY_KEY.get(market);
  const line = def?.line ?? 0;
  // lines name a team ("Kano Pillars -1.5", "Kano Pillars Over 1.5"): the side's number and the line
  if (def?.family === 'ah' || def?.family === 'eh')
    return outcome === 'Draw'
      ? `X ${signed(line)}`
      : `${SIDE_SHORT[outcome]} ${signed(outcome === 'A' ? line : -line)}`;
  if (def?.family === 'tt') return `${outcome === 'over' ? 'Over' : 'Under'} ${line}`;
  if (market === '1x2' || market === 'ht' || market === 'dnb') return SIDE_SHORT[outcome];
  if (market === 'htft')
    return outcome
      .split('/')
      .map((o) => SIDE_SHORT[o] ?? o)
      .join('/');
  return undefined;
}
