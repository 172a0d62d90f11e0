/**
 * The one market catalogue that games (pricing), betting (placement and settlement), the
 * web and the AI agree on: market keys, outcome codes, human labels, and the pure rule that
 * settles a selection from the full-time and half-time scores. See decision games-005.
 *
 * A market key names the market and its line: `1x2`, `dc`, `dnb`, `ou_2.5`, `tt_home_1.5`,
 * `btts`, `cs`, `ht`, `htft`, `eh_-1`, `ah_-1.5`. A handicap's line is added to the home
 * side's goals. 1X2 keeps the spec's outcome codes (`A`, `Draw`, `B`); every market whose
 * outcomes are the two sides (and the draw) uses the same codes.
 */

export type MarketFamily = '1x2' | 'dc' | 'dnb' | 'ou' | 'tt' | 'btts' | 'cs' | 'ht' | 'htft' | 'eh' | 'ah';

export interface MarketDef {
  key: string;
  family: MarketFamily;
  /** human name of the market ("Total Goals 2.5") */
  name: string;
  /** outcome codes, in display order */
  outcomes: readonly string[];
  /** the goal line (totals, team totals, handicaps) */
  line?: number;
  /** team totals: whose goals */
  side?: 'home' | 'away';
  /** settled on the half-time score (void when none was recorded) */
  halfTime: boolean;
}

export const DEFAULT_MARKET = '1x2';

const SIDES = ['A', 'Draw', 'B'] as const;
const TOTAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5] as const;
const TEAM_TOTAL_LINES = [0.5, 1.5] as const;
const EURO_LINES = [-1, 1] as const;
const ASIAN_LINES = [-1.5, -0.5, 0.5, 1.5] as const;
/** correct score grid: 0-0 … 4-4, anything else is `other` */
export const CS_MAX = 4;

const signed = (l: number) => (l > 0 ? `+${l}` : `${l}`);
const csOutcomes = (): string[] => {
  const out: string[] = [];
  for (let h = 0; h <= CS_MAX; h++) for (let a = 0; a <= CS_MAX; a++) out.push(`${h}-${a}`);
  out.push('other');
  return out;
};

function catalogue(): MarketDef[] {
  const m: MarketDef[] = [
    { key: '1x2', family: '1x2', name: 'Match Result', outcomes: SIDES, halfTime: false },
    { key: 'dc', family: 'dc', name: 'Double Chance', outcomes: ['1X', '12', 'X2'], halfTime: false },
    { key: 'dnb', family: 'dnb', name: 'Draw No Bet', outcomes: ['A', 'B'], halfTime: false },
  ];
  for (const line of TOTAL_LINES)
    m.push({
      key: `ou_${line}`,
      family: 'ou',
      name: `Total Goals ${line}`,
      outcomes: ['over', 'under'],
      line,
      halfTime: false,
    });
  for (const side of ['home', 'away'] as const)
    for (const line of TEAM_TOTAL_LINES)
      m.push({
        key: `tt_${side}_${line}`,
        family: 'tt',
        name: `${side === 'home' ? 'Home' : 'Away'} Team Goals ${line}`,
        outcomes: ['over', 'under'],
        line,
        side,
        halfTime: false,
      });
  m.push(
    { key: 'btts', family: 'btts', name: 'Both Teams To Score', outcomes: ['yes', 'no'], halfTime: false },
    { key: 'cs', family: 'cs', name: 'Correct Score', outcomes: csOutcomes(), halfTime: false },
    { key: 'ht', family: 'ht', name: 'Half-time Result', outcomes: SIDES, halfTime: true },
    {
      key: 'htft',
      family: 'htft',
      name: 'Half-time / Full-time',
      outcomes: SIDES.flatMap((h) => SIDES.map((f) => `${h}/${f}`)),
      halfTime: true,
    },
  );
  for (const line of EURO_LINES)
    m.push({
      key: `eh_${signed(line)}`,
      family: 'eh',
      name: `Handicap ${signed(line)}`,
      outcomes: SIDES,
      line,
      halfTime: false,
    });
  for (const line of ASIAN_LINES)
    m.push({
      key: `ah_${signed(line)}`,
      family: 'ah',
      name: `Asian Handicap ${signed(line)}`,
      outcomes: ['A', 'B'],
      line,
      halfTime: false,
    });
  return m;
}

/** Every market offered on every game, in display order. */
export const MARKETS: readonly MarketDef[] = catalogue();
export const MARKETS_BY_KEY: ReadonlyMap<string, MarketDef> = new Map(MARKETS.map((m) => [m.key, m]));

export function marketDef(key: string): MarketDef | undefined {
  return MARKETS_BY_KEY.get(key);
}

/** Whether `outcome` is one of `market`'s outcome codes (an absent market is 1X2). */
export function isSelection(market: string | undefined, outcome: string): boolean {
  const def = MARKETS_BY_KEY.get(market ?? DEFAULT_MARKET);
  return !!def && def.outcomes.includes(outcome);
}

export interface Teams {
  home: string;
  away: string;
}

const SIDE_WORD: Record<string, string> = { A: 'Home', Draw: 'Draw', B: 'Away' };

/**
 * What a player reads on a slip, a receipt or My Bets: "Over 2.5", "BTTS Yes",
 * "Arsenal or Draw", "Correct Score 2-1", "HT/FT Draw/Arsenal". With the teams, a side is
 * named by its team; without, Home / Away. 1X2 names the side alone, as the spec does.
 */
export function selectionLabel(market: string | undefined, outcome: string, teams?: Teams): string {
  const def = MARKETS_BY_KEY.get(market ?? DEFAULT_MARKET);
  if (!def) return outcome;
  const side = (o: string) =>
    teams && o === 'A' ? teams.home : teams && o === 'B' ? teams.away : (SIDE_WORD[o] ?? o);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  switch (def.family) {
    case '1x2':
      return side(outcome);
    case 'dc': {
      const [x, y] = outcome === '1X' ? ['A', 'Draw'] : outcome === '12' ? ['A', 'B'] : ['Draw', 'B'];
      return `${side(x)} or ${side(y)}`;
    }
    case 'dnb':
      return `${side(outcome)} (Draw No Bet)`;
    case 'ou':
      return `${cap(outcome)} ${def.line}`;
    case 'tt':
      return `${side(def.side === 'home' ? 'A' : 'B')} ${cap(outcome)} ${def.line}`;
    case 'btts':
      return `BTTS ${cap(outcome)}`;
    case 'cs':
      return outcome === 'other' ? 'Correct Score Any Other' : `Correct Score ${outcome}`;
    case 'ht':
      return `Half-time ${side(outcome)}`;
    case 'htft': {
      const [h, f] = outcome.split('/');
      return `HT/FT ${side(h)}/${side(f)}`;
    }
    case 'eh': {
      const line = def.line ?? 0;
      if (outcome === 'Draw') return `Handicap Draw (${signed(line)})`;
      return `Handicap ${side(outcome)} ${signed(outcome === 'A' ? line : -line)}`;
    }
    case 'ah': {
      const line = def.line ?? 0;
      return `Asian Handicap ${side(outcome)} ${signed(outcome === 'A' ? line : -line)}`;
    }
  }
}

/** A market's name for a game's teams ("Arsenal Team Goals 1.5"). */
export function marketLabel(market: string | undefined, teams?: Teams): string {
  const def = MARKETS_BY_KEY.get(market ?? DEFAULT_MARKET);
  if (!def) return market ?? DEFAULT_MARKET;
  if (def.family === 'tt' && teams)
    return `${def.side === 'home' ? teams.home : teams.away} Team Goals ${def.line}`;
  return def.name;
}

export interface Score {
  home: number;
  away: number;
}

/**
 * won / lost, or push: the stake comes back (odds 1.00) — Draw No Bet on a draw, and a
 * half-time market when no half-time score was recorded. A cancelled game voids every
 * selection; that is the caller's to decide, not a score's.
 */
export type SelectionResult = 'won' | 'lost' | 'push';

const sideOf = (home: number, away: number) => (home > away ? 'A' : home === away ? 'Draw' : 'B');
const winIf = (b: boolean): SelectionResult => (b ? 'won' : 'lost');

/**
 * The settlement of one selection from the score at the end of normal time (`ft`) and at
 * half time (`ht`, null when none was recorded). Pure; used by betting to settle and by
 * games to price (a price is the fair chance of `won` given no `push`). Throws on a market
 * or outcome that is not in the catalogue.
 */
export function settleSelection(
  market: string | undefined,
  outcome: string,
  ft: Score,
  ht: Score | null = null,
): SelectionResult {
  const def = MARKETS_BY_KEY.get(market ?? DEFAULT_MARKET);
  if (!def?.outcomes.includes(outcome))
    throw new Error(`unknown selection ${market ?? DEFAULT_MARKET}/${outcome}`);
  const { home, away } = ft;
  const total = home + away;
  const line = def.line ?? 0;
  switch (def.family) {
    case '1x2':
      return winIf(sideOf(home, away) === outcome);
    case 'dc': {
      const r = sideOf(home, away);
      return winIf(outcome === '1X' ? r !== 'B' : outcome === '12' ? r !== 'Draw' : /* X2 */ r !== 'A');
    }
    case 'dnb': {
      const r = sideOf(home, away);
      return r === 'Draw' ? 'push' : winIf(r === outcome);
    }
    case 'ou':
      // every line offered is a half line: no push
      return winIf(outcome === 'over' ? total > line : total < line);
    case 'tt': {
      const goals = def.side === 'home' ? home : away;
      return winIf(outcome === 'over' ? goals > line : goals < line);
    }
    case 'btts': {
      const both = home >= 1 && away >= 1;
      return winIf(outcome === 'yes' ? both : !both);
    }
    case 'cs': {
      const inGrid = home <= CS_MAX && away <= CS_MAX;
      return winIf(outcome === 'other' ? !inGrid : inGrid && outcome === `${home}-${away}`);
    }
    case 'ht':
      if (!ht) return 'push';
      return winIf(sideOf(ht.home, ht.away) === outcome);
    case 'htft': {
      if (!ht) return 'push';
      return winIf(`${sideOf(ht.home, ht.away)}/${sideOf(home, away)}` === outcome);
    }
    case 'eh':
      return winIf(sideOf(home + line, away) === outcome);
    case 'ah': {
      // half lines only: the adjusted score is never level
      const adjusted = home + line - away;
      if (adjusted === 0) return 'push';
      return winIf((adjusted > 0 ? 'A' : 'B') === outcome);
    }
  }
}
