import { useSession } from '@bet/web-shell/core';
import { useEffect } from 'react';
import { odds as fmtOdds, money } from '../lib/format';
import { useWallet } from '../lib/wallet';
import { usableFreeBets, useMyPromotions } from '../promo/mine';
import { useOffers } from '../promo/offers';
import { boostWarnings, promoLines } from './promoLines';
import {
  effectiveBetType,
  freeBetFits,
  freeBetPayout,
  freeBetWarnings,
  oddsToAccept,
  parseStake,
  slipTotals,
  stakeWarnings,
} from './rules';
import { useBetRules, useSlip } from './store';

/**
 * Everything the slip shows, worked out from the slip, the session, the balance, the player's
 * free-bet tokens and the offers (loaded here if they are not yet): the effective bet type, the
 * token in use, totals and payout, the warnings that block placing, the promotions' extra
 * lines and the picks whose changed odds wait for an accept.
 */
export function useSlipView() {
  const slip = useSlip();
  const status = useSession((s) => s.status);
  const balance = useWallet((s) => s.balance);
  const rules = useBetRules();
  const myPromotions = useMyPromotions((s) => s.promotions);
  const accas = useOffers((s) => s.accas);
  const offersLoaded = useOffers((s) => s.loaded);
  useEffect(() => {
    if (!offersLoaded) void useOffers.getState().load();
  }, [offersLoaded]);

  const count = slip.selections.length;
  const betType = effectiveBetType(slip.betType, count);
  const signedIn = status === 'authenticated';
  // the player's free-bet tokens: read at sign-in (wireMyPromotions), after a claim and a free bet
  const tokens = signedIn ? usableFreeBets(myPromotions) : [];
  const fits = freeBetFits(betType, count);
  // the token in use: one the player still holds, on a slip it can pay
  const freeBet = (fits && tokens.find((t) => t._id === slip.freeBetId)) || null;
  // a multi's stake, or the stake of each single
  const stake = freeBet ? freeBet.amount : parseStake(slip.stake);
  const totals = slipTotals(slip.selections, betType, freeBet ? freeBet.amount : slip.stake);
  const payout = freeBet ? freeBetPayout(freeBet.amount, totals.potentialPayout) : totals.potentialPayout;
  const warnings = freeBet
    ? [
        // the token pays: the balance is not asked, the token's minimum odds are
        ...stakeWarnings(
          slip.selections,
          betType,
          freeBet.amount,
          { balance: null, maxStake: rules.maxStake, maxPayout: rules.maxPayout },
          money,
        ),
        ...freeBetWarnings(freeBet, totals.totalOdds, fmtOdds),
      ]
    : stakeWarnings(
        slip.selections,
        betType,
        slip.stake,
        { balance: signedIn ? balance : null, maxStake: rules.maxStake, maxPayout: rules.maxPayout },
        money,
      );
  warnings.push(...boostWarnings(betType, slip.selections, stake, freeBet !== null));
  const extraLines = promoLines({
    betType,
    selections: slip.selections,
    stake,
    freeBet: freeBet !== null,
    accas,
  });
  const toAccept = oddsToAccept(slip.selections, slip.acceptOdds);
  const insufficient = warnings.some((w) => w.startsWith('Insufficient balance'));
  return {
    slip,
    count,
    betType,
    signedIn,
    balance,
    tokens,
    fits,
    freeBet,
    totals,
    payout,
    warnings,
    extraLines,
    toAccept,
    insufficient,
  };
}

export type SlipView = ReturnType<typeof useSlipView>;
