/** What the wallet's summary and history calls answer (the spec's field names). */
export interface Summary {
  currentWalletBalance?: number;
  totalTopUps?: { amount: number; count: number };
  totalWinnings?: { amount: number; count: number };
  totalBetsPlaced?: { amount: number; count: number };
}
export interface Transaction {
  _id: string;
  createdAt: string;
  /** the spec's word (bet, win, topup, withdrawal) */
  type: string;
  /** the ledger's own type (cashout, refund, adjustment…), shown where it says more */
  kind?: string;
  amount: number;
  balanceAfter: number;
  description?: string;
  /** on a withdrawal request's line: where the request stands */
  withdrawalStatus?: 'pending' | 'approved' | 'rejected';
}
export interface TxPage {
  transactions?: Transaction[];
  currentPage?: number;
  totalPages?: number;
}
