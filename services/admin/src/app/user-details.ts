import { centsToDollars, hundredthsToOdds } from '@bet/kit';
import { specTxType, TX_GROUPS, WalletBalance } from '@bet/proto-events';
import type { AppContext } from '../context';
import { UserNotFoundError } from '../domain/errors';
import type { BetStatus, SpecTxType } from '../domain/statement';
import { type BetSelection, userBets } from '../store/bets';
import { gamesByIds } from '../store/games';
import { statement } from '../store/ledger';
import { findUser } from '../store/users';

export interface DetailsQuery {
  txType?: SpecTxType;
  betStatus?: BetStatus;
  order: 'asc' | 'desc';
  from?: Date;
  to?: Date;
  limit: number;
}

/**
 * The admin's view of one user, from the read models (profile, presence, the wallet's lines,
 * the bets), with the wallet asked for the live balance when it answers in time.
 */
export async function userDetails(ctx: AppContext, userId: string, q: DetailsQuery) {
  const db = ctx.db;
  const [user, lines, bets, live] = await Promise.all([
    findUser(db, userId),
    statement(db, {
      userId,
      clauses: q.txType ? TX_GROUPS[q.txType] : undefined,
      from: q.from,
      to: q.to,
      order: q.order,
      limit: q.limit,
    }),
    userBets(db, { userId, status: q.betStatus, from: q.from, to: q.to, order: q.order, limit: q.limit }),
    ctx
      .request(WalletBalance, { userId }, { timeoutMs: ctx.config.BALANCE_TIMEOUT_MS })
      .catch(() => undefined),
  ]);
  if (!user || user.deleted) throw new UserNotFoundError();

  const gameIds = [
    ...new Set(bets.flatMap((b) => (parseJson(b.selections) as BetSelection[]).map((s) => s.gameId))),
  ];
  const games = await gamesByIds(db, gameIds);
  const balanceCents = live ? live.balanceCents : Number(user.balance_cents);

  return {
    user: {
      _id: user.id,
      username: user.username,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      role: user.role,
      profilePicture: user.profile_picture,
      state: user.state,
      walletBalance: centsToDollars(balanceCents),
      createdAt: new Date(user.created_at).toISOString(),
      isOnline: user.is_online,
      lastSeen: user.last_seen ? new Date(user.last_seen).toISOString() : null,
    },
    transactions: lines.map((t) => {
      const amount = BigInt(t.amount_cents);
      return {
        _id: t.id,
        createdAt: new Date(t.created_at).toISOString(),
        type: specTxType(t.type, amount),
        kind: t.type,
        ...(t.type === 'adjustment' ? { adjustment: true } : {}),
        amount: centsToDollars(amount),
        balanceAfter: centsToDollars(String(t.balance_after_cents)),
        description: t.description,
      };
    }),
    bets: bets.map((b) => ({
      _id: b.id,
      betType: b.bet_type,
      selections: (parseJson(b.selections) as BetSelection[]).map((s) => {
        const g = games.get(s.gameId);
        return {
          gameId: g
            ? { _id: g.id, homeTeam: g.home_team, awayTeam: g.away_team, league: g.league, status: g.status }
            : { _id: s.gameId },
          outcome: s.outcome,
          odds: hundredthsToOdds(s.oddsHundredths),
        };
      }),
      stake: centsToDollars(b.stake_cents),
      totalOdds: hundredthsToOdds(b.total_odds_hundredths),
      potentialPayout: centsToDollars(b.potential_payout_cents),
      status: b.status,
      cashedOut: b.cashed_out,
      payout: centsToDollars(b.payout_cents),
      createdAt: new Date(b.placed_at).toISOString(),
    })),
  };
}

const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? []));
