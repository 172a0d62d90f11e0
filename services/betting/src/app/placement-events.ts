import { type BetsPlaced, DEFAULT_MARKET, type EventData } from '@bet/proto-events';
import type { BetRow } from '../store/db';
import type { PlacementRecord } from './placement-checks';

/** The `bets.placed` events of a placement's accepted bets. */
export function placedEvents(p: PlacementRecord, bets: BetRow[]): EventData<typeof BetsPlaced>[] {
  return bets.map((b) => placedEvent(p, b));
}

/** One bet's `bets.placed`; a boost or an accumulator bonus names its promotion (issue 33), else the payload is as before. */
function placedEvent(p: PlacementRecord, b: BetRow): EventData<typeof BetsPlaced> {
  const legs = p.legs.filter((l) => l.betId === b.id);
  const promotionId =
    legs.find((l) => l.boostId)?.boostId ?? p.bets.find((x) => x.id === b.id)?.promotionId ?? null;
  return {
    ...placedData(p, b),
    ...(promotionId ? { promotionId } : {}),
  };
}

function placedData(p: PlacementRecord, b: BetRow): EventData<typeof BetsPlaced> {
  return {
    betId: b.id,
    userId: b.user_id,
    betType: b.bet_type,
    stakeCents: Number(b.stake_cents),
    totalOddsHundredths: b.total_odds,
    potentialPayoutCents: Number(b.potential_payout_cents),
    selections: p.legs
      .filter((l) => l.betId === b.id)
      // a 1X2 leg keeps the spec's payload exactly; another market names itself
      .map((l) =>
        l.market === DEFAULT_MARKET
          ? { gameId: l.gameId, outcome: l.outcome, oddsHundredths: l.odds }
          : { gameId: l.gameId, market: l.market, outcome: l.outcome, oddsHundredths: l.odds },
      ),
    placedAt: new Date(b.created_at).toISOString(),
  };
}
