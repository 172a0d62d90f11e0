import type { Answer } from '@bet/api-types';
import { api, errorMessage, useSession } from '@bet/web-shell/core';
import { create } from 'zustand';

export type MyPromotion = Answer<'/promotions/mine'>['promotions'][number];
export type FreeBetToken = MyPromotion['freeBets'][number];
export type BonusGrant = MyPromotion['grants'][number];

interface MineState {
  /** null: not read yet (or signed out) */
  promotions: MyPromotion[] | null;
  error: string | null;
  loading: boolean;
  /** reads GET /promotions/mine again (signed-in only); the last answer stays meanwhile */
  load: () => Promise<void>;
}

/**
 * The player's claimed promotions (issue 33): one store for the Promotions page's "My
 * promotions" and the slip's free-bet picker, read again after a claim and after a free bet is
 * placed, and dropped on sign-out.
 */
export const useMyPromotions = create<MineState>((set) => ({
  promotions: null,
  error: null,
  loading: false,
  load: async () => {
    if (useSession.getState().status !== 'authenticated') {
      set({ promotions: null, error: null, loading: false });
      return;
    }
    set({ loading: true });
    try {
      const res = await api.get<Answer<'/promotions/mine'>>('/promotions/mine', { silent: true });
      set({ promotions: res.promotions, error: null, loading: false });
    } catch (err) {
      set({ error: errorMessage(err), loading: false });
    }
  },
}));

let wired = false;
/**
 * Reads the player's promotions at sign-in (the slip's free-bet picker needs them on any page)
 * and forgets them at sign-out (another player may sign in next).
 */
export function wireMyPromotions(): void {
  if (wired) return;
  wired = true;
  let last = useSession.getState().status;
  if (last === 'authenticated') void useMyPromotions.getState().load();
  useSession.subscribe((s) => {
    if (s.status === last) return;
    last = s.status;
    useMyPromotions.setState({ promotions: null, error: null, loading: false });
    if (s.status === 'authenticated') void useMyPromotions.getState().load();
  });
}

/** Tokens that can pay a bet now: active and not expired, the soonest to expire first. */
export function usableFreeBets(promotions: MyPromotion[] | null, now = Date.now()): FreeBetToken[] {
  return (promotions ?? [])
    .flatMap((p) => p.freeBets)
    .filter((t) => t.status === 'active' && Date.parse(t.expiresAt) > now)
    .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt));
}
