import { DEFAULT_MARKET, marketDef } from '@bet/proto-events';
import {
  FreeBetLeagueError,
  FreeBetMarketError,
  FreeBetMinOddsError,
  FreeBetUnavailableError,
} from './errors';

/**
 * A free-bet token's terms as the wallet keeps them (issue 33, decision betting-010): what the
 * promotion promised at the claim. Betting checks them before it records a free bet, so a pick
 * outside them is refused by name and nothing is recorded or taken.
 */
export interface FreeBetTerms {
  promotionId: string;
  amountCents: bigint;
  /** thousandths, as the wallet keeps them */
  minOddsMilli: number;
  /** eligible league names and market keys (or families: `ou` is every Total Goals line); empty: any */
  leagues: readonly string[];
  markets: readonly string[];
  status: 'active' | 'used';
}

/** One leg of the bet a token would pay: its market and its game's league and teams. */
export interface FreeBetLeg {
  market: string;
  league: string;
  home: string;
  away: string;
}

const norm = (s: string) => s.trim().toLowerCase();
const odds = (hundredths: number) => (hundredths / 100).toFixed(2);

/** "A", "A or B", "A, B or C" */
function either(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

const marketName = (key: string) => marketDef(key)?.name ?? key;

/** A leg's market fits when the token names its key or its family (case does not matter). */
export function marketFits(markets: readonly string[], market: string): boolean {
  if (markets.length === 0) return true;
  const def = marketDef(market);
  const names = new Set(markets.map(norm));
  return names.has(norm(market)) || (def !== undefined && names.has(def.family));
}

export function leagueFits(leagues: readonly string[], league: string): boolean {
  return leagues.length === 0 || leagues.some((l) => norm(l) === norm(league));
}

/**
 * Throws the refusal of a bet the token cannot pay by its terms: a used token, a leg in another
 * league or market, or total odds under the token's minimum. Owner, amount and expiry stay the
 * wallet's to check when the token pays (under its lock).
 */
export function checkFreeBetTerms(
  terms: FreeBetTerms,
  bet: { totalOdds: number; legs: readonly FreeBetLeg[] },
): void {
  if (terms.status === 'used') throw new FreeBetUnavailableError('This free bet was already used.');
  for (const l of bet.legs)
    if (!leagueFits(terms.leagues, l.league))
      throw new FreeBetLeagueError(
        `This free bet is for ${either(terms.leagues)} only; it cannot be placed on ${l.home} vs ${l.away} (${l.league}).`,
      );
  for (const l of bet.legs)
    if (!marketFits(terms.markets, l.market ?? DEFAULT_MARKET))
      throw new FreeBetMarketError(
        `This free bet is for ${either(terms.markets.map(marketName))} only; it cannot be placed on ${marketName(l.market)}.`,
      );
  if (bet.totalOdds * 10 < terms.minOddsMilli)
    throw new FreeBetMinOddsError(
      `This free bet needs odds of ${odds(Math.ceil(terms.minOddsMilli / 10))} or more; this bet's odds are ${odds(bet.totalOdds)}.`,
    );
}
