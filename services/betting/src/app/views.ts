import { type BetJson, betJson, type GameSummary } from '../domain/bet-view';
import { BetNotFoundError } from '../domain/errors';
import { betById, betsByIds, legsOfBets } from '../store/bets';
import type { BetRow, Db } from '../store/db';
import { gameSummary, loadGames } from '../store/games';

/** Renders bet rows as public Bet objects, with their selections and games, in one round trip each. */
export async function renderBets(db: Db, bets: BetRow[]): Promise<BetJson[]> {
  if (bets.length === 0) return [];
  const legs = await legsOfBets(
    db,
    bets.map((b) => b.id),
  );
  const games = await loadGames(
    db,
    legs.map((l) => l.game_id),
  );
  const summaries = new Map<string, GameSummary>();
  // a stub row (a result for a game never announced) has no teams: treat it as unknown
  for (const [id, g] of games) if (g.home_team !== '') summaries.set(id, gameSummary(g));
  return bets.map((b) =>
    betJson(
      {
        id: b.id,
        betType: b.bet_type,
        stakeCents: BigInt(b.stake_cents),
        totalOdds: b.total_odds,
        potentialPayoutCents: BigInt(b.potential_payout_cents),
        status: b.status,
        payoutCents: BigInt(b.payout_cents),
        freeBetId: b.free_bet_id,
        freeBetCents: BigInt(b.free_bet_cents),
        accaPromotionId: b.acca_promotion_id,
        accaBonusBp: b.acca_bonus_bp,
        accaBonusCents: BigInt(b.acca_bonus_cents),
        createdAt: new Date(b.created_at),
        settledAt: b.settled_at ? new Date(b.settled_at) : null,
      },
      legs
        .filter((l) => l.bet_id === b.id)
        .map((l) => ({
          gameId: l.game_id,
          market: l.market,
          outcome: l.outcome,
          odds: l.odds,
          result: l.result,
          boostId: l.boost_id,
          baseOdds: l.base_odds,
        })),
      summaries,
    ),
  );
}

export async function renderBetsById(db: Db, ids: string[]): Promise<BetJson[]> {
  if (ids.length === 0) return [];
  return renderBets(db, await betsByIds(db, ids));
}

/** One bet as its owner or an admin sees it; anyone else is told it does not exist. */
export async function betForViewer(
  db: Db,
  betId: string,
  viewer: { id: string; role: string },
): Promise<BetJson> {
  const row = await betById(db, betId);
  if (!row || row.status === 'pending_payment' || row.status === 'rejected') throw new BetNotFoundError();
  // someone else's bet is "not found" too: the answer must not tell which ids exist
  if (row.user_id !== viewer.id && viewer.role !== 'admin') throw new BetNotFoundError();
  const [bet] = await renderBets(db, [row]);
  return bet;
}
