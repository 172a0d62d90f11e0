// The admin's market tabs: the player's match page groups (web-player/src/match/groups.ts), so an
// admin finds a market where a player sees it. A plain function of the market keys, which name
// their family (decision games-005: `ou_2.5`, `tt_home_1.5`, `eh_-1`, `ah_+0.5`, `htft`…).

export type MarketGroup = 'main' | 'goals' | 'halves' | 'handicap' | 'cs';

export const MARKET_GROUPS: Array<{ value: MarketGroup; label: string }> = [
  { value: 'main', label: 'Main' },
  { value: 'goals', label: 'Goals' },
  { value: 'halves', label: 'Halves' },
  { value: 'handicap', label: 'Handicap' },
  { value: 'cs', label: 'Correct Score' },
];

/** The group of a market; a key the catalogue does not know goes with Main. */
export function groupOf(key: string): MarketGroup {
  const family = key.split('_')[0];
  switch (family) {
    case 'ou':
    case 'tt':
    case 'btts':
      return 'goals';
    case 'ht':
    case 'htft':
      return 'halves';
    case 'eh':
    case 'ah':
      return 'handicap';
    case 'cs':
      return 'cs';
    default:
      return 'main';
  }
}
