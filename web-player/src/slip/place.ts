import type { Answer } from '@bet/api-types';
import { api } from '@bet/web-shell/core';
import { marketOf } from './rules';
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
 * Places the slip as one multi or as singles of `stake` each; errors come back for the slip to show.
 * One Idempotency-Key per placement: a 503 or a cut connection is retried with it, never placed twice.
 */
export function placeSlip(
  betType: 'single' | 'multi',
  stake: number,
  picks: Array<{ gameId: string; market?: string; outcome: string }>,
): Promise<Placement> {
  const selections = picks.map(wirePick);
  return betType === 'multi'
    ? api.post<Answer<'/bets/multi', 'post'>>(
        '/bets/multi',
        { stake, selections },
        { silent: true, idempotent: {} },
      )
    : api.post<Placement>(
        '/bets/singles',
        { stakePerBet: stake, selections },
        { silent: true, idempotent: {} },
      );
}
