import type { IdempotencyTables } from '@bet/kit';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;
/** bigint columns come back from Postgres as strings */
type Big = ColumnType<string, string | number | bigint, string | number | bigint>;
type BigOrNull = ColumnType<string | null, string | number | bigint | null, string | number | bigint | null>;

export interface ChainTable {
  id: number;
  seed: string;
  length: number;
  every: number;
  salt: string;
  terminating_hash: string;
  checkpoints: ColumnType<string[], string, string>;
  created_at: Generated<Date>;
}

export interface RoundsTable {
  id: string;
  idx: number;
  hash: string;
  /** the id the round after this one will have: bets held for it carry it (migration 0003) */
  next_id: string;
  crash_point: Big;
  state: 'betting' | 'running' | 'crashed';
  betting_ends_at: Timestamp;
  started_at: Timestamp | null;
  crashed_at: Timestamp | null;
  cap_multiplier: BigOrNull;
  bets: Generated<number>;
  staked_cents: ColumnType<string, string | number | undefined, string | number>;
  paid_cents: ColumnType<string, string | number | undefined, string | number>;
  created_at: Generated<Date>;
}

export type BetStatus = 'placing' | 'active' | 'cashed_out' | 'lost' | 'rejected';

export interface BetsTable {
  id: string;
  round_id: string;
  user_id: string;
  username: string;
  panel: number;
  stake_cents: Big;
  auto_cash_out: number | null;
  target: BigOrNull;
  status: BetStatus;
  cashed_out_at: BigOrNull;
  payout_cents: BigOrNull;
  reject_reason: string | null;
  /** a refused bet whose stake the wallet may still have taken: settled by the reconciler */
  refund_state: ColumnType<'due' | 'done' | null, 'due' | 'done' | null | undefined, 'due' | 'done' | null>;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface AviatorDB extends IdempotencyTables {
  chain: ChainTable;
  rounds: RoundsTable;
  bets: BetsTable;
}
