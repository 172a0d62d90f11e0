import { errorMessage, toast } from '@bet/web-shell/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useWallet } from '../lib/wallet';
import { useMyPromotions } from '../promo/mine';
import { placeSlip } from './place';
import type { ReceiptData } from './Receipt';
import {
  MSG_INVALID_SLIP,
  MSG_LOGIN_TO_BET,
  MSG_MULTI_NEEDS_TWO,
  MSG_SHARE_EMPTY,
  parseStake,
} from './rules';
import { copyText, MSG_SHARE_COPIED, type ShareResult, shareSlip } from './Share';
import { useSlip } from './store';
import type { SlipView } from './useSlipView';

export const MSG_BETS_PLACED = 'Bets placed successfully!';

/**
 * Placing and sharing the slip: the checks before the server is asked, the calls
 * (POST /bets through placeSlip, the share code), the receipt of what was placed and the share
 * panel. The receipt stays until the player moves on: Done, or a new pick on the board.
 */
export function usePlaceSlip(view: SlipView) {
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<'place' | 'share' | null>(null);
  const [shared, setShared] = useState<ShareResult | null>(null);
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);
  const selections = useSlip((s) => s.selections);
  const selectionsAtReceipt = useRef<unknown>(null);
  useEffect(() => {
    if (receipt && selections !== selectionsAtReceipt.current) setReceipt(null);
  }, [receipt, selections]);

  const { slip, count, betType, signedIn, freeBet, totals, payout, warnings, toAccept } = view;

  const place = async () => {
    if (!signedIn) {
      toast.error(MSG_LOGIN_TO_BET);
      navigate('/login', { state: { from: location } });
      return;
    }
    const stake = freeBet ? freeBet.amount : parseStake(slip.stake);
    if (count === 0 || stake <= 0) {
      toast.error(MSG_INVALID_SLIP);
      return;
    }
    if (slip.betType === 'multi' && count < 2) {
      toast.error(MSG_MULTI_NEEDS_TWO);
      return;
    }
    if (warnings.length > 0 || toAccept.length > 0) return;
    const placed = slip.selections.slice();
    setBusy('place');
    try {
      // placeSlip sends each pick's market only off 1X2
      const res = await placeSlip(betType, stake, placed, slip.acceptOdds, freeBet?._id ?? null);
      toast.success(res?.msg || MSG_BETS_PLACED);
      setReceipt({
        betType,
        bets: Array.isArray(res?.bets) ? res.bets : [],
        selections: placed,
        stake,
        totalStake: totals.totalStake,
        totalOdds: betType === 'multi' ? totals.totalOdds : null,
        potentialPayout: payout,
        freeBetAmount: freeBet ? freeBet.amount : null,
      });
      setShared(null);
      slip.afterPlaced();
      selectionsAtReceipt.current = useSlip.getState().selections;
      // the balance after the stake comes with the answer; the wallet's push confirms it
      if (typeof res?.balance === 'number') useWallet.getState().set(res.balance);
      if (freeBet) void useMyPromotions.getState().load();
    } catch (err) {
      toast.error(errorMessage(err));
      // a refused token (used elsewhere, expired): the picker shows what is left
      if (freeBet) void useMyPromotions.getState().load();
    } finally {
      setBusy(null);
    }
  };

  const share = async () => {
    if (count === 0) {
      toast.error(MSG_SHARE_EMPTY);
      return;
    }
    setBusy('share');
    try {
      const res = await shareSlip(slip.selections, betType);
      setShared(res);
      if (await copyText(res.shareUrl)) toast.success(MSG_SHARE_COPIED);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return { busy, shared, receipt, closeReceipt: () => setReceipt(null), place, share };
}
