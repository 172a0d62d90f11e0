import { create } from 'zustand';
import { api, useSession } from './session';
import { onSocketEvent } from './socket';

export interface WalletState {
  /** dollars; null while signed out or not read yet */
  balance: number | null;
  refresh: () => Promise<void>;
}

/**
 * The signed-in player's balance: one store for the whole page (the header, the slip's Max and
 * warnings, the wallet page), so a bet or a settlement changes it everywhere at once.
 */
export const useWallet = create<WalletState>((set) => ({
  balance: null,
  refresh: async () => {
    if (useSession.getState().status !== 'authenticated') {
      set({ balance: null });
      return;
    }
    try {
      const data = await api.get<{ walletBalance?: number | string }>('/wallet', { silent: true });
      const v = Number(data?.walletBalance ?? 0);
      set({ balance: Number.isFinite(v) ? v : 0 });
    } catch {
      /* keep the last known balance */
    }
  },
}));

/** when the balance is read after a settlement or withdrawal push */
export const SETTLEMENT_REREADS_MS = [0, 1500, 4000];

let wired = false;
/** Keeps the balance fresh: on sign-in/out, and when bets settle or withdrawals are processed. */
export function startWallet(): void {
  if (wired) return;
  wired = true;
  let last = useSession.getState().status;
  if (last === 'authenticated') void useWallet.getState().refresh();
  useSession.subscribe((s) => {
    if (s.status === last) return;
    last = s.status;
    if (s.status === 'authenticated') void useWallet.getState().refresh();
    else useWallet.setState({ balance: null });
  });
  // The push and the wallet's credit come from different services and may arrive in either
  // order, so the balance is read at once and again a little later.
  const refresh = () => {
    for (const delay of SETTLEMENT_REREADS_MS) setTimeout(() => void useWallet.getState().refresh(), delay);
  };
  onSocketEvent('bet_settled', refresh);
  onSocketEvent('withdrawal_processed', refresh);
}
