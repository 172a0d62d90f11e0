import type { Answer } from '@bet/api-types';

export type BetPage = Answer<'/bets'>;
/** A bet as the list answers it; a cash-out is status `won` with `cashedOut` (docs/api-conventions.md). */
export type Bet = BetPage['bets'][number];

const KNOWN_BADGES = new Set(['pending', 'won', 'lost', 'cancelled', 'cashed_out']);

/** The badge of a bet: a cash-out (won, cashedOut) keeps its own; an unknown status looks cancelled. */
export function badgeOf(bet: { status: string; cashedOut?: boolean }): string {
  if (bet.cashedOut || bet.status === 'cashed_out') return 'cashed_out';
  return KNOWN_BADGES.has(bet.status) ? bet.status : 'cancelled';
}

/** Cash out is offered only for a pending bet with exactly one selection whose game is live. */
export function canCashOut(bet: Bet): boolean {
  return (
    bet.status === 'pending' && bet.selections?.length === 1 && bet.selections[0]?.game?.status === 'live'
  );
}
