/**
 * Idempotency keys: one per money movement, unique in the ledger. Events and commands that
 * mean the same movement use the same key, so a win credited by a command and again by the
 * bets.settled event is paid once. Callers of the money commands follow this convention.
 */
export const keys = {
  stake: (betId: string) => `bet:${betId}`,
  win: (betId: string) => `win:${betId}`,
  lost: (betId: string) => `lost:${betId}`,
  refund: (betId: string) => `refund:${betId}`,
  cashout: (betId: string) => `cashout:${betId}`,
  correction: (betId: string, n: number) => `settle:${betId}:${n}`,
  aviatorStake: (betId: string) => `aviator_bet:${betId}`,
  aviatorWin: (betId: string) => `aviator_win:${betId}`,
  aviatorLost: (betId: string) => `aviator_lost:${betId}`,
  deposit: (reference: string) => `deposit:${reference}`,
  withdrawal: (withdrawalId: string) => `withdrawal:${withdrawalId}`,
  withdrawalDecision: (withdrawalId: string) => `withdrawal:${withdrawalId}:decision`,
  adjustment: (id: string) => `adjustment:${id}`,
};

/** What a retried request must match for its replay to count as the same request. */
export function fingerprint(parts: { type: string; userId: string | null; amount: bigint }): string {
  return `${parts.type}|${parts.userId ?? '-'}|${parts.amount}`;
}
