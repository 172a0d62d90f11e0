import type { EventOf } from '@bet/kit';
import type {
  BetsCashedOut,
  BetsPlaced,
  BetsSettled,
  BetsVoided,
  GamesCancelled,
  GamesCreated,
  GamesSettled,
  GamesUpdated,
  UserDeleted,
  UserPresence,
  UserRegistered,
  UserRoleChanged,
  UserUpdated,
  WalletTransactionPosted,
} from '@bet/proto-events';
import type { DB } from '../context';
import { ACTIVITY_TYPES, dayOf } from '../domain/figures';
import { insertBet, settleBet } from '../store/bets';
import { setGameStatus, upsertGame } from '../store/games';
import { addToDailyTotals, insertTransaction, markActive } from '../store/ledger';
import { markDeleted, setBalance, setPresence, setRole, upsertUser } from '../store/users';

/** identity → the users read model (profile, role, closure, presence) */
export async function applyUserEvent(
  trx: DB,
  event:
    | EventOf<typeof UserRegistered>
    | EventOf<typeof UserUpdated>
    | EventOf<typeof UserRoleChanged>
    | EventOf<typeof UserDeleted>
    | EventOf<typeof UserPresence>,
) {
  switch (event.subject) {
    case 'user.registered': {
      const d = event.data;
      return upsertUser(trx, { ...d, id: d.userId });
    }
    case 'user.updated': {
      const d = event.data;
      return upsertUser(trx, { ...d, id: d.userId });
    }
    case 'user.role_changed':
      await setRole(trx, event.data.userId, event.data.role);
      return;
    case 'user.deleted':
      await markDeleted(trx, event.data.userId);
      return;
    case 'user.presence':
      return setPresence(trx, event.data.userId, event.data.isOnline, event.data.lastSeen);
  }
}

/** wallet → the statement copy, the balance, the per-day totals and the active users */
export async function applyTransaction(trx: DB, event: EventOf<typeof WalletTransactionPosted>) {
  const d = event.data;
  const fresh = await insertTransaction(trx, {
    id: d.transactionId,
    userId: d.userId,
    type: d.type,
    amountCents: d.amountCents,
    balanceAfterCents: d.balanceAfterCents,
    reference: d.reference,
    description: d.description,
    createdAt: d.createdAt,
  });
  if (!fresh) return;
  const day = dayOf(d.createdAt);
  await addToDailyTotals(trx, day, d.type, d.amountCents);
  if ((ACTIVITY_TYPES as readonly string[]).includes(d.type)) await markActive(trx, day, d.userId);
  await setBalance(trx, d.userId, d.balanceAfterCents, d.createdAt);
}

/** betting → each bet's stake, selections and outcome */
export async function applyBetEvent(
  trx: DB,
  event:
    | EventOf<typeof BetsPlaced>
    | EventOf<typeof BetsSettled>
    | EventOf<typeof BetsVoided>
    | EventOf<typeof BetsCashedOut>,
) {
  switch (event.subject) {
    case 'bets.placed': {
      const d = event.data;
      return insertBet(trx, {
        id: d.betId,
        userId: d.userId,
        betType: d.betType,
        stakeCents: d.stakeCents,
        potentialPayoutCents: d.potentialPayoutCents,
        totalOddsHundredths: d.totalOddsHundredths,
        selections: d.selections,
        placedAt: d.placedAt,
        ...(d.promotionId ? { promotionId: d.promotionId } : {}),
      });
    }
    case 'bets.settled': {
      const d = event.data;
      return settleBet(trx, {
        id: d.betId,
        userId: d.userId,
        stakeCents: d.stakeCents,
        status: d.status,
        payoutCents: d.payoutCents,
        at: d.settledAt,
        ...(d.promotionId ? { promotion: { id: d.promotionId, costCents: d.promotionCostCents ?? 0 } } : {}),
      });
    }
    case 'bets.voided': {
      const d = event.data;
      return settleBet(trx, {
        id: d.betId,
        userId: d.userId,
        stakeCents: d.refundCents,
        status: 'cancelled',
        payoutCents: d.refundCents,
        at: d.voidedAt,
      });
    }
    case 'bets.cashed_out': {
      const d = event.data;
      // the spec's four statuses: a cash-out is a win settled early (docs/api-conventions.md)
      return settleBet(trx, {
        id: d.betId,
        userId: d.userId,
        stakeCents: d.stakeCents,
        status: 'won',
        payoutCents: d.amountCents,
        cashedOut: true,
        at: d.cashedOutAt,
      });
    }
  }
}

/** games → teams, league, status and date of each game (for counts and bet selections) */
export async function applyGameEvent(
  trx: DB,
  event:
    | EventOf<typeof GamesCreated>
    | EventOf<typeof GamesUpdated>
    | EventOf<typeof GamesSettled>
    | EventOf<typeof GamesCancelled>,
) {
  switch (event.subject) {
    case 'games.created':
    case 'games.updated': {
      const g = event.data.game;
      return upsertGame(trx, {
        id: g._id,
        homeTeam: g.homeTeam,
        awayTeam: g.awayTeam,
        league: g.league ?? null,
        status: g.status,
        matchDate: g.matchDate,
      });
    }
    case 'games.settled':
      return setGameStatus(trx, event.data.gameId, 'finished');
    case 'games.cancelled':
      return setGameStatus(trx, event.data.gameId, 'cancelled');
  }
}
