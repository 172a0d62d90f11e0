import type { Answer } from '@bet/api-types';
import { api } from '@bet/web-shell/core';
import { useEffect } from 'react';
import { create } from 'zustand';
import { type Boost, boostFor, type Offers, offersOf } from './boosts';

interface OffersState extends Offers {
  loaded: boolean;
  /** reads `GET /promotions` once per page; later calls are no-ops */
  load: () => Promise<void>;
}

let loading: Promise<void> | null = null;

/**
 * The public promotions the board and the slip price with, read once (the list is short and
 * the same for everyone): not per row, not per price button.
 */
export const useOffers = create<OffersState>((set) => ({
  boosts: [],
  accas: [],
  loaded: false,
  load: () => {
    loading ??= api
      .get<Answer<'/promotions'>>('/promotions', { silent: true })
      .then((res) => set({ ...offersOf(res.promotions ?? []), loaded: true }))
      .catch(() => {
        // no promotions shown is the safe answer; a later page load tries again
        loading = null;
      });
    return loading;
  },
}));

/** The boost of one pick on the board or the match page; reading it starts the one fetch. */
export function useBoost(gameId: string, market: string | undefined, outcome: string): Boost | undefined {
  const boosts = useOffers((s) => s.boosts);
  const loaded = useOffers((s) => s.loaded);
  useEffect(() => {
    if (!loaded) void useOffers.getState().load();
  }, [loaded]);
  return boostFor(boosts, gameId, market, outcome);
}
