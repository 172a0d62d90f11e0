import { api, onSocketEvent, useSession } from '@bet/web-shell/core';
import { create } from 'zustand';

interface WalletState {
  balance: number | null;
  refresh: () => Promise<void>;
}

/** The signed-in user's wallet balance, shared by the bet slip (Max) and the wallet page. */
export const useWallet = create<WalletState>((set) => ({
  balance: null,
  refresh: async () => {
    if (useSession.getState().status !== 'authenticated') {
      set({ balance: null });
      return;
    }
    try {
      const data = await api.get<{ walletBalance?: number }>('/wallet', { silent: true });
      set({
        balance:
          typeof data?.walletBalance === 'number' ? data.walletBalance : Number(data?.walletBalance ?? 0),
      });
    } catch {
      /* keep the last known balance */
    }
  },
}));

/** when the balance is read after a settlement or withdrawal push */
export const SETTLEMENT_REREADS_MS = [0, 1500, 4000];

let wired = false;
/** Keeps the balance fresh: on sign-in/out and when bets settle or withdrawals are processed. */
export function wireWallet(): void {
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
