import type { Answer } from '@bet/api-types';
import { api } from '@bet/web-shell/core';
import { type AcceptOdds, marketOf } from './rules';
import type { Placement } from './types';

/**
 * A pick as the betting service takes it: `market` only off 1X2, so a 1X2 slip sends exactly
 * the spec's `{gameId, outcome}`.
 */
export const wirePick = (s: { gameId: string; market?: string; outcome: string }) => {
  const market = marketOf(s);
  return market ? { gameId: s.gameId, market, outcome: s.outcome } : { gameId: s.gameId, outcome: s.outcome };
};

/**
 * Places the slip as one multi or as singles of `stake` each; errors come back for the slip to
 * show. Each pick carries the price it showed and the body the slip's "Odds changes" choice
 * (the betting service's `oddsChange`, betting-008): any takes the new price, higher only a
 * better one, none refuses a moved price so the player reviews it.
 * One Idempotency-Key per placement: a 503 or a cut connection is retried with it, never placed twice.
 */
export function placeSlip(
  betType: 'single' | 'multi',
  stake: number,
  picks: Array<{ gameId: string; market?: string; outcome: string; odds?: number; boost?: { id: string } }>,
  oddsChange: AcceptOdds,
  /** a free-bet token paying the stake (issue 33): one bet only, added to the body only when set */
  freeBetId: string | null = null,
): Promise<Placement> {
  // a boosted pick names its boost (`boostId`, betting-009) and sends the boosted price as its odds
  const selections = picks.map((p) => ({
    ...wirePick(p),
    ...(typeof p.odds === 'number' && Number.isFinite(p.odds) ? { odds: p.odds } : {}),
    ...(p.boost ? { boostId: p.boost.id } : {}),
  }));
  const token = freeBetId ? { freeBetId } : {};
  return betType === 'multi'
    ? api.post<Answer<'/bets/multi', 'post'>>(
        '/bets/multi',
        { stake, selections, oddsChange, ...token },
        { silent: true, idempotent: {} },
      )
    : api.post<Placement>(
        '/bets/singles',
        { stakePerBet: stake, selections, oddsChange, ...token },
        { silent: true, idempotent: {} },
      );
}
