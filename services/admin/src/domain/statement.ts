import { SPEC_TX_TYPES, type SpecTxType } from '@bet/proto-events';

/**
 * The spec's filters of the user-details view are the ledger's groups (proto-events'
 * `TX_GROUPS`, the same the wallet's statement uses), so each line is reachable through the
 * spec's four filters (docs/api-conventions.md, "Values beyond the spec's enumerations").
 */
export type { SpecTxType };

const GROUPS: readonly string[] = SPEC_TX_TYPES;

/** What the screen sends (All, Bet, Win, Top-up, Withdrawal, any case) → a group; undefined = all. */
export function txFilter(value: string | undefined): SpecTxType | undefined {
  const v = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (v === '' || v === 'all') return undefined;
  if (GROUPS.includes(v)) return v as SpecTxType;
  return undefined;
}

export function isTxFilter(value: string | undefined): boolean {
  const v = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return v === '' || v === 'all' || GROUPS.includes(v);
}

export const BET_STATUSES = ['pending', 'won', 'lost', 'cancelled'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** All (or empty) → every status; else one of the spec's four (any case). */
export function betStatusFilter(value: string | undefined): BetStatus | undefined | null {
  const v = (value ?? '').toLowerCase();
  if (v === '' || v === 'all') return undefined;
  return (BET_STATUSES as readonly string[]).includes(v) ? (v as BetStatus) : null;
}
