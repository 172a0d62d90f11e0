import type { BetType, SlipSelection } from './rules';

/** One extra line of the slip's totals that a promotion adds ("Acca bonus +10%", "Boosted price"). */
export interface PromoLine {
  label: string;
  value: string;
}

/**
 * The seam for the promotions that apply by themselves (issue 33: odds boosts and the
 * accumulator bonus). Today neither the slip's prices nor the placement answer say anything
 * about them: a selection carries its odds only, and a Bet answers `freeBetId`/`freeBetAmount`
 * and nothing about a boost or a bonus. So this answers no line yet. When the server tells
 * (a boosted price on the game's odds, an acca bonus percent on the bet or from the active
 * `acca_bonus` rules with `accaPercent` of @bet/web-shell/promo), fill it here: the slip and
 * the receipt render whatever lines it returns, under Total Odds.
 */
export function promoLines(_slip: {
  betType: BetType;
  selections: SlipSelection[];
  stake: number;
}): PromoLine[] {
  return [];
}
