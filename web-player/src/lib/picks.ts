// Kept out of format.ts: the catalogue comes only into the chunks that name picks.
import { selectionLabel } from '@bet/proto-events/markets';

/**
 * "Arsenal to win" / "Draw" / "Chelsea to win" on 1X2; another market's pick as the catalogue
 * names it ("Over 2.5", "BTTS Yes", "Arsenal or Draw").
 */
export function pickLabel(outcome: string, homeTeam?: string, awayTeam?: string, market?: string): string {
  if (market && market !== '1x2')
    return selectionLabel(
      market,
      outcome,
      homeTeam && awayTeam ? { home: homeTeam, away: awayTeam } : undefined,
    );
  if (outcome === 'A') return homeTeam ? `${homeTeam} to win` : 'Home win';
  if (outcome === 'B') return awayTeam ? `${awayTeam} to win` : 'Away win';
  if (outcome === 'Draw') return 'Draw';
  return outcome;
}
