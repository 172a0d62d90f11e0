import type { Answer } from '@bet/api-types';
import { api, useSocketEvent } from '@bet/web-shell/core';
import { useCallback, useEffect, useRef, useState } from 'react';

type CashOutOffer = Answer<'/bets/{id}/cash-out'>;
type CashedOut = Answer<'/bets/{id}/cash-out', 'post'>;

/** How often the confirmation reads the offer again, on top of every price change. */
export const OFFER_REFRESH_MS = 3000;
/** A burst of price pushes is one read: at most one per this many milliseconds. */
const ODDS_READ_GAP_MS = 500;

/**
 * The server's cash-out offer for a bet (GET /bets/:id/cash-out), kept current (issue 34
 * item 6): read again whenever its game's prices move (the offer is stake × placed odds ÷
 * current odds less the margin, so it moves with them), and every few seconds while
 * `everyMs` is set (the confirmation). Null: no offer now.
 */
export function useCashOutOffer(betId: string, gameId: string | undefined, everyMs: number | null) {
  const [offer, setOffer] = useState<number | null>(null);
  const ctrl = useRef<AbortController | null>(null);
  const read = useCallback(() => {
    ctrl.current?.abort();
    const mine = new AbortController();
    ctrl.current = mine;
    return (
      api
        .get<CashOutOffer>(`/bets/${betId}/cash-out`, { silent: true, signal: mine.signal })
        // no offer (the game paused, the price moved away…) answers amount 0: nothing to confirm
        .then((d) => setOffer(d.available ? d.amount : null))
        .catch(() => {})
    );
  }, [betId]);
  useEffect(() => {
    void read();
    const t = everyMs ? setInterval(() => void read(), everyMs) : null;
    return () => {
      ctrl.current?.abort();
      if (t) clearInterval(t);
    };
  }, [read, everyMs]);

  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const onPrices = (p: { gameId?: string; _id?: string } | undefined) => {
    if (!gameId || (p?.gameId ?? p?._id) !== gameId || pending.current) return;
    const wait = Math.max(0, last.current + ODDS_READ_GAP_MS - Date.now());
    pending.current = setTimeout(() => {
      pending.current = null;
      last.current = Date.now();
      void read();
    }, wait);
  };
  useSocketEvent('liveOddsUpdate', onPrices);
  useSocketEvent('oddsUpdate', onPrices);
  useSocketEvent('gameUpdate', onPrices);
  return offer;
}

/** Cashes the bet out at the offer of the moment (POST /bets/:id/cash-out). */
export function cashOutBet(betId: string): Promise<CashedOut> {
  return api.post<CashedOut>(`/bets/${betId}/cash-out`, undefined, { silent: true });
}
