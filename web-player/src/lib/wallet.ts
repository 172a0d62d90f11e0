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
  const refresh = () => void useWallet.getState().refresh();
  onSocketEvent('bet_settled', refresh);
  onSocketEvent('withdrawal_processed', refresh);
}
