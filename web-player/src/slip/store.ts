import type { Answer } from '@bet/api-types';
import { api, type Game, type Odds, onSocketEvent, useDock } from '@bet/web-shell/core';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  type AcceptOdds,
  addToStake,
  applyMarketOdds,
  applyOdds,
  type BetType,
  effectiveBetType,
  isPick,
  MIN_MULTI_SELECTIONS,
  maxStake,
  type SlipSelection,
  type ToggleResult,
  toggleSelection,
} from './rules';

export interface SlipState {
  selections: SlipSelection[];
  betType: BetType;
  stake: string;
  keepSelections: boolean;
  /** which price moves are taken without asking */
  acceptOdds: AcceptOdds;
  /** the free-bet token paying the stake (issue 33); not kept across reloads */
  freeBetId: string | null;
  /** picks a token (its amount becomes the stake) or none (back to the player's own stake) */
  setFreeBet: (token: { _id: string; amount: number } | null) => void;
  setAcceptOdds: (accept: AcceptOdds) => void;
  /** the player takes the current prices of every selection */
  acceptChanges: () => void;
  toggle: (sel: SlipSelection) => ToggleResult;
  remove: (gameId: string) => void;
  clear: () => void;
  /** False when Multi was asked for with fewer than two selections. */
  setBetType: (type: BetType) => boolean;
  setStake: (stake: string) => void;
  quickAdd: (amount: number) => void;
  setMax: (balance: number) => void;
  setKeepSelections: (keep: boolean) => void;
  updateOdds: (gameId: string, odds: Partial<Odds> | null | undefined) => void;
  /** a game's prices of markets other than 1X2, by market and outcome */
  updateMarketOdds: (
    gameId: string,
    price: (market: string, outcome: string) => number | null | undefined,
  ) => void;
  /** Adds a shared slip's selections (toggle rules apply to each); returns how many were added. */
  addMany: (selections: SlipSelection[], betType?: BetType) => number;
  /** After a bet: clears the slip unless keep-selections is ticked. */
  afterPlaced: () => void;
}

export const SLIP_STORAGE_KEY = 'betSlip';

export const useSlip = create<SlipState>()(
  persist(
    (set, get) => ({
      selections: [],
      betType: 'single',
      stake: '',
      keepSelections: false,
      acceptOdds: 'higher',
      freeBetId: null,
      setFreeBet: (token) =>
        token
          ? set({ freeBetId: token._id, stake: String(token.amount) })
          : set({ freeBetId: null, stake: get().freeBetId ? '' : get().stake }),
      setAcceptOdds: (acceptOdds) => set({ acceptOdds }),
      acceptChanges: () => {
        if (!get().selections.some((s) => s.prevOdds !== undefined)) return;
        set({ selections: get().selections.map((s) => ({ ...s, prevOdds: undefined })) });
      },
      toggle: (sel) => {
        const { selections, result } = toggleSelection(get().selections, sel);
        if (selections !== get().selections) {
          set({ selections, betType: effectiveBetType(get().betType, selections.length) });
        }
        return result;
      },
      remove: (gameId) => {
        const selections = get().selections.filter((s) => s.gameId !== gameId);
        set({ selections, betType: effectiveBetType(get().betType, selections.length) });
      },
      clear: () => set({ selections: [], betType: 'single', freeBetId: null }),
      setBetType: (type) => {
        if (type === 'multi' && get().selections.length < MIN_MULTI_SELECTIONS) {
          set({ betType: 'single' });
          return false;
        }
        set({ betType: type });
        return true;
      },
      setStake: (stake) => set({ stake }),
      quickAdd: (amount) => set({ stake: String(addToStake(get().stake, amount)) }),
      setMax: (balance) => {
        const { betType, selections } = get();
        set({ stake: String(maxStake(balance, betType, selections.length)) });
      },
      setKeepSelections: (keepSelections) => set({ keepSelections }),
      updateOdds: (gameId, odds) => {
        const selections = applyOdds(get().selections, gameId, odds);
        if (selections !== get().selections) set({ selections });
      },
      updateMarketOdds: (gameId, price) => {
        const selections = applyMarketOdds(get().selections, gameId, price);
        if (selections !== get().selections) set({ selections });
      },
      addMany: (incoming, betType) => {
        let selections = get().selections;
        let added = 0;
        for (const sel of incoming) {
          const existing = selections.find((s) => s.gameId === sel.gameId);
          if (existing && isPick(existing, sel.market, sel.outcome)) continue; // already there: adding must not toggle it off
          const r = toggleSelection(selections, sel);
          if (r.result === 'added' || r.result === 'updated') added++;
          selections = r.selections;
        }
        const type = effectiveBetType(betType ?? get().betType, selections.length);
        set({ selections, betType: type });
        return added;
      },
      afterPlaced: () => {
        // a token pays one bet: the next one is the player's own stake
        if (get().freeBetId) set({ freeBetId: null, stake: '' });
        if (!get().keepSelections) set({ selections: [], betType: 'single' });
      },
    }),
    {
      name: SLIP_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        selections: s.selections,
        betType: s.betType,
        stake: s.stake,
        keepSelections: s.keepSelections,
        acceptOdds: s.acceptOdds,
      }),
    },
  ),
);

// the shell's phone tab bar shows the slip's count on every page
useDock.setState({ slipCount: useSlip.getState().selections.length });
useSlip.subscribe((s) => {
  if (useDock.getState().slipCount !== s.selections.length)
    useDock.setState({ slipCount: s.selections.length });
});

/** The betting service's limits for one bet (GET /bets/rules), for the slip's inline warnings. */
export const useBetRules = create<{ maxStake: number | null; maxPayout: number | null }>(() => ({
  maxStake: null,
  maxPayout: null,
}));

function loadBetRules(): void {
  api
    .get<Answer<'/bets/rules'>>('/bets/rules', { silent: true })
    .then((r) => useBetRules.setState({ maxStake: r.maxStake, maxPayout: r.maxPayout }))
    .catch(() => {});
}

let wired = false;
/** Live odds for the slip: pre-match and in-play pushes, and full game updates. */
export function wireSlipOdds(): void {
  if (wired) return;
  wired = true;
  loadBetRules();
  const onOdds = (p: { gameId?: string; odds?: Odds } | undefined) => {
    if (p?.gameId && p.odds) useSlip.getState().updateOdds(p.gameId, p.odds);
  };
  onSocketEvent('oddsUpdate', onOdds);
  onSocketEvent('liveOddsUpdate', onOdds);
  onSocketEvent('gameUpdate', (g: Game | undefined) => {
    if (g?._id && g.odds) useSlip.getState().updateOdds(g._id, g.odds);
  });
}
