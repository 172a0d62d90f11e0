import type { Answer } from '@bet/api-types';
import { create } from 'zustand';
import { setDeploymentCurrency } from './deployment';
import { api, useSession } from './session';
import { onSocketEvent, useSocketStatus } from './socket';

/** `balance_updated`: the wallet's own word, pushed right after a posting (docs/api-conventions.md). */
export interface BalanceUpdate {
  balance: number;
  amount: number;
  /** the ledger's type: bet, win, topup, withdrawal, refund, cashout, aviator_bet… */
  type: string;
  transactionId: string;
  createdAt: string;
}

export interface WalletState {
  /** dollars; null while signed out or not read yet */
  balance: number | null;
  /** bonus money (issue 33: stakeable, not withdrawable), dollars; null while not read */
  bonus: number | null;
  /** time of the newest posting applied, so a late push never rolls the balance back */
  postedAt: number | null;
  refresh: () => Promise<void>;
  /** a balance the server just answered (a bet placement says it) */
  set: (balance: number) => void;
  apply: (update: BalanceUpdate) => void;
}

/**
 * The signed-in player's balance: one store for the whole page (the header, the slip's Max and
 * warnings, the wallet page), so a bet or a settlement changes it everywhere at once. It moves
 * on the wallet's own push (`balance_updated`); it is read only at sign-in and on reconnecting.
 */
export const useWallet = create<WalletState>((set, get) => ({
  balance: null,
  bonus: null,
  postedAt: null,
  refresh: async () => {
    if (useSession.getState().status !== 'authenticated') {
      set({ balance: null, bonus: null, postedAt: null });
      return;
    }
    try {
      const { walletBalance, bonusBalance, currency } = await api.get<Answer<'/wallet'>>('/wallet', {
        silent: true,
      });
      setDeploymentCurrency(currency);
      set({ balance: walletBalance, bonus: typeof bonusBalance === 'number' ? bonusBalance : null });
    } catch {
      /* keep the last known balance */
    }
  },
  set: (balance) => {
    if (Number.isFinite(balance)) set({ balance });
  },
  apply: (u) => {
    const at = Date.parse(u.createdAt);
    if (!Number.isFinite(u.balance) || !Number.isFinite(at)) return;
    const last = get().postedAt;
    if (last !== null && at < last) return;
    set({ balance: u.balance, postedAt: at });
    // the push says the cash balance only: a deposit (which may earn a match) or a bonus
    // movement (a conversion) moves the bonus too, so read it
    if (u.type === 'topup' || u.type.startsWith('bonus')) void get().refresh();
  },
}));

let wired = false;
/** Keeps the balance fresh: read on sign-in and after a reconnection, pushed in between. */
export function startWallet(): void {
  if (wired) return;
  wired = true;
  let last = useSession.getState().status;
  if (last === 'authenticated') void useWallet.getState().refresh();
  useSession.subscribe((s) => {
    if (s.status === last) return;
    last = s.status;
    if (s.status === 'authenticated') void useWallet.getState().refresh();
    else useWallet.setState({ balance: null, bonus: null, postedAt: null });
  });
  onSocketEvent('balance_updated', (u: BalanceUpdate) => useWallet.getState().apply(u));
  // pushes sent while the socket was down are lost: read once when it is back
  let was = useSocketStatus.getState().status;
  useSocketStatus.subscribe((s) => {
    if (s.status === 'connected' && was !== 'connected' && was !== 'connecting')
      void useWallet.getState().refresh();
    was = s.status;
  });
}
