import type { Answer } from '@bet/api-types';
import { api } from '@bet/web-shell/core';
import type { Placement } from './types';

/** Places the slip as one multi or as singles of `stake` each; errors come back for the slip to show. */
export function placeSlip(
  betType: 'single' | 'multi',
  stake: number,
  selections: Array<{ gameId: string; outcome: string }>,
): Promise<Placement> {
  return betType === 'multi'
    ? api.post<Answer<'/bets/multi', 'post'>>('/bets/multi', { stake, selections }, { silent: true })
    : api.post<Placement>('/bets/singles', { stakePerBet: stake, selections }, { silent: true });
}
