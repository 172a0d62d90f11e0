import { AviatorBetUpdated } from '@bet/proto-events';
import type { AppContext } from '../context';
import type { BetRow } from '../store/db';

type Change =
  | { status: 'active' }
  | { status: 'cashed_out'; multiplier: number; payoutCents: bigint }
  | { status: 'cancelled' };

/**
 * A bet of the round as everyone's "All bets" list shows it, once its change is committed:
 * placed, cashed out (by hand or automatically) or cancelled. Transient, like the ticks: a
 * screen that missed one gets the list again with GET /aviator/state at the next phase.
 */
export function announceBet(
  ctx: AppContext,
  bet: Pick<BetRow, 'id' | 'round_id' | 'username' | 'panel' | 'stake_cents'>,
  change: Change,
) {
  ctx.broadcast(AviatorBetUpdated, {
    roundId: bet.round_id,
    betId: bet.id,
    username: bet.username,
    panel: bet.panel,
    stakeCents: Number(bet.stake_cents),
    status: change.status,
    cashedOutAtHundredths: change.status === 'cashed_out' ? change.multiplier : null,
    payoutCents: change.status === 'cashed_out' ? Number(change.payoutCents) : null,
  });
}
