import type { Migration } from 'kysely';
import { ledger } from './migrations/0001_ledger';
import { settlementOrder } from './migrations/0002_settlement_order';
import { debitRefusals } from './migrations/0003_debit_refusals';
import { heldDeposits } from './migrations/0004_held_deposits';
import { adjustmentRequests } from './migrations/0009_adjustment_requests';
import { playerProtection } from './migrations/0020_player_protection';
import { fourEyesControls } from './migrations/0031_four_eyes_controls';
import { bonusLedger } from './migrations/0032_bonus_ledger';
import { freeBets } from './migrations/0033_free_bets';
import { accaBonus } from './migrations/0034_acca_bonus';
import { freeBetTerms } from './migrations/0035_free_bet_terms';

/** Explicit, ordered index of the wallet's migrations (names recorded by deployed databases). */
export const migrations: Record<string, Migration> = {
  '0001_ledger': ledger,
  '0002_settlement_order': settlementOrder,
  '0003_debit_refusals': debitRefusals,
  '0004_held_deposits': heldDeposits,
  '0009_adjustment_requests': adjustmentRequests,
  '0020_player_protection': playerProtection,
  '0031_four_eyes_controls': fourEyesControls,
  '0032_bonus_ledger': bonusLedger,
  '0033_free_bets': freeBets,
  '0034_acca_bonus': accaBonus,
  '0035_free_bet_terms': freeBetTerms,
};
