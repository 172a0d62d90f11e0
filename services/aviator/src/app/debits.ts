import { moneyKeys } from '@bet/proto-events';
import type { BetRow } from '../store/bets';

/** The wallet debit that takes an Aviator bet's stake: one key per bet, whoever asks (placement, the reconciler). */
export function debitOf(bet: Pick<BetRow, 'id' | 'user_id' | 'stake_cents' | 'panel'>) {
  return {
    idempotencyKey: moneyKeys.aviatorStake(bet.id),
    userId: bet.user_id,
    amountCents: Number(bet.stake_cents),
    type: 'aviator_bet' as const,
    reference: bet.id,
    description: `Aviator bet (panel ${bet.panel})`,
  };
}
