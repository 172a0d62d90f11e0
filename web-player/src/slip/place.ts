import { api } from '@bet/web-shell/core';
import type { PlacedBet } from './Receipt';

export interface PlacementAnswer {
  msg?: string;
  bets?: PlacedBet[];
  /** the wallet balance after the stake (the wallet's own push confirms it) */
  balance?: number;
}

/** Places the slip as one multi or as singles of `stake` each; errors come back for the slip to show. */
export function placeSlip(
  betType: 'single' | 'multi',
  stake: number,
  selections: Array<{ gameId: string; outcome: string }>,
): Promise<PlacementAnswer> {
  return betType === 'multi'
    ? api.post<PlacementAnswer>('/bets/multi', { stake, selections }, { silent: true })
    : api.post<PlacementAnswer>('/bets/singles', { stakePerBet: stake, selections }, { silent: true });
}
