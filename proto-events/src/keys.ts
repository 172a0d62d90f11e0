/**
 * Idempotency keys of the money commands (`wallet.debit`, `wallet.credit`) and of the money
 * events the wallet books. One key per movement, unique in the ledger: a win credited by a
 * command and again by the bets.settled event is paid once because both use `win:<betId>`.
 * Every producer and the wallet build keys here, never by hand.
 */
export const moneyKeys = {
  /** the stake of a lone bet */
  stake: (betId: string) => `bet:${betId}`,
  /** the one debit of singles placed together (all or none); held per bet */
  stakeSet: (setId: string) => `betset:${setId}`,
  win: (betId: string) => `win:${betId}`,
  /** a won multi's accumulator bonus (issue 33), beside its win */
  accaBonus: (betId: string) => `acca_bonus:${betId}`,
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
  /** a player's claim of a promotion (one per player and promotion) */
  bonusClaim: (promotionId: string, userId: string) => `bonus_claim:${promotionId}:${userId}`,
  /** bonus money (decision wallet-007): a claim's grant for what earned it (a deposit's id) */
  bonusGrant: (claimId: string, source: string) => `bonus_grant:${claimId}:${source}`,
  bonusConversion: (grantId: string) => `bonus_conversion:${grantId}`,
  bonusExpiry: (grantId: string) => `bonus_expiry:${grantId}`,
} as const;
