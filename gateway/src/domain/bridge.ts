import type {
  AdminFiguresChanged,
  BetsSettled,
  BetsVoided,
  EventData,
  GamesCreated,
  GamesOddsChanged,
  GamesResultCorrected,
  GamesSettled,
  GamesUpdated,
  UserDeleted,
  UserPresence,
  UserRoleChanged,
  UserSessionsRevoked,
  WalletTransactionPosted,
  WalletWithdrawalProcessed,
  WalletWithdrawalRequested,
} from '@bet/proto-events';

/**
 * What the socket layer should do for one bus event. Pure: the mapping from the event
 * catalogue to the socket events of docs/api-conventions.md, and who may see each one.
 */
export type SocketAction =
  | { kind: 'emit'; to: Audience; event: string; payload: unknown }
  /** the user's sockets join or leave the admins room (role changed) */
  | { kind: 'admin-membership'; userId: string; isAdmin: boolean }
  /** the account is closed: its sockets are dropped */
  | { kind: 'disconnect-user'; userId: string }
  /**
   * tokens were revoked: the sockets opened with them are dropped (one session's, or every
   * socket whose token was minted at or before `revokedAt`)
   */
  | { kind: 'revoke-sessions'; userId: string; sessionId: string | null; revokedAt: number };

/** everyone connected, only admins, or one user's own sockets */
export type Audience = { room: 'everyone' } | { room: 'admins' } | { room: 'user'; userId: string };

export const ADMINS_ROOM = 'admins';
export const userRoom = (userId: string) => `user:${userId}`;

/** the durable events the bridge consumes */
export const BRIDGED_SUBJECTS = [
  'games.created',
  'games.updated',
  'games.odds_changed',
  'games.settled',
  'games.result_corrected',
  'bets.settled',
  'bets.voided',
  'wallet.withdrawal_processed',
  'wallet.transaction_posted',
  'wallet.withdrawal_requested',
  'admin.figures_changed',
  'user.presence',
  'user.role_changed',
  'user.deleted',
  'user.sessions_revoked',
] as const;

/** the transient aviator broadcasts, forwarded as `aviator:<name>` to everyone */
export const AVIATOR_SUBJECTS = ['aviator.state', 'aviator.tick', 'aviator.crash'] as const;

const EVERYONE: Audience = { room: 'everyone' };
const ADMINS: Audience = { room: 'admins' };

/** dollars with two decimals from integer cents, as a JSON number */
export const dollars = (cents: number) => Math.round(cents) / 100;
const money = (cents: number) => `$${(Math.round(cents) / 100).toFixed(2)}`;

export function betSettledMessage(d: EventData<typeof BetsSettled>): string {
  if (d.correction) return `Your bet has been re-settled after a result correction: ${d.status}.`;
  return `Your bet has been settled: ${d.status}.`;
}

export function betVoidedMessage(d: EventData<typeof BetsVoided>): string {
  const why = d.reason.trim() ? ` (${d.reason.trim().replace(/\.$/, '')})` : '';
  return `Your bet has been cancelled${why}. Your stake of ${money(d.refundCents)} has been refunded.`;
}

export function withdrawalMessage(d: EventData<typeof WalletWithdrawalProcessed>): string {
  if (d.status === 'approved') return `Your withdrawal of ${money(d.amountCents)} has been approved.`;
  const notes = d.adminNotes.trim();
  return `Your withdrawal of ${money(d.amountCents)} was rejected and the amount returned to your wallet.${notes ? ` Note: ${notes}` : ''}`;
}

/**
 * The socket actions for one event. Unknown subjects map to nothing, so a newer catalogue
 * never breaks an older gateway.
 */
export function socketActionsFor(subject: string, data: any): SocketAction[] {
  const emit = (to: Audience, event: string, payload: unknown): SocketAction[] => [
    { kind: 'emit', to, event, payload },
  ];
  const toUser = (userId: string) => ({ room: 'user', userId }) as const;
  switch (subject) {
    case 'games.created':
      return emit(EVERYONE, 'new_game', (data as EventData<typeof GamesCreated>).game);
    case 'games.updated':
      return emit(EVERYONE, 'gameUpdate', (data as EventData<typeof GamesUpdated>).game);
    case 'games.odds_changed': {
      const d = data as EventData<typeof GamesOddsChanged>;
      return emit(EVERYONE, d.live ? 'liveOddsUpdate' : 'oddsUpdate', { gameId: d.gameId, odds: d.odds });
    }
    case 'games.settled':
    case 'games.result_corrected': {
      const d = data as EventData<typeof GamesSettled> | EventData<typeof GamesResultCorrected>;
      return emit(EVERYONE, 'gameResultUpdated', { gameId: d.gameId, result: d.result, scores: d.scores });
    }
    case 'bets.settled': {
      const d = data as EventData<typeof BetsSettled>;
      return emit(toUser(d.userId), 'bet_settled', {
        betId: d.betId,
        status: d.status,
        message: betSettledMessage(d),
        payout: dollars(d.payoutCents),
      });
    }
    case 'bets.voided': {
      const d = data as EventData<typeof BetsVoided>;
      return emit(toUser(d.userId), 'bet_settled', {
        betId: d.betId,
        status: 'cancelled',
        message: betVoidedMessage(d),
        payout: dollars(d.refundCents),
      });
    }
    case 'wallet.withdrawal_processed': {
      const d = data as EventData<typeof WalletWithdrawalProcessed>;
      return [
        ...emit(toUser(d.userId), 'withdrawal_processed', {
          withdrawalId: d.withdrawalId,
          status: d.status === 'approved' ? 'success' : 'rejected',
          message: withdrawalMessage(d),
        }),
        // the other admins' Withdrawals screens move the request between tabs
        ...emit(ADMINS, 'withdrawal_updated', { withdrawalId: d.withdrawalId, status: d.status }),
      ];
    }
    case 'wallet.withdrawal_requested': {
      const d = data as EventData<typeof WalletWithdrawalRequested>;
      return emit(ADMINS, 'withdrawal_requested', {
        withdrawalId: d.withdrawalId,
        userId: d.userId,
        amount: dollars(d.amountCents),
      });
    }
    case 'admin.figures_changed': {
      const d = data as EventData<typeof AdminFiguresChanged>;
      return emit(ADMINS, 'dashboard_updated', { stats: d.stats, financial: d.financial });
    }
    case 'wallet.transaction_posted': {
      // the wallet's own word on the balance, straight after the posting: no re-reads needed
      const d = data as EventData<typeof WalletTransactionPosted>;
      return emit(toUser(d.userId), 'balance_updated', {
        balance: dollars(d.balanceAfterCents),
        amount: dollars(d.amountCents),
        type: d.type,
        transactionId: d.transactionId,
        createdAt: d.createdAt,
      });
    }
    case 'user.presence': {
      const d = data as EventData<typeof UserPresence>;
      return emit({ room: 'admins' }, 'userStatusUpdate', {
        userId: d.userId,
        isOnline: d.isOnline,
        lastSeen: d.lastSeen,
      });
    }
    case 'user.role_changed': {
      const d = data as EventData<typeof UserRoleChanged>;
      return [{ kind: 'admin-membership', userId: d.userId, isAdmin: d.role === 'admin' }];
    }
    case 'user.deleted':
      return [{ kind: 'disconnect-user', userId: (data as EventData<typeof UserDeleted>).userId }];
    case 'user.sessions_revoked': {
      const d = data as EventData<typeof UserSessionsRevoked>;
      return [{ kind: 'revoke-sessions', userId: d.userId, sessionId: d.sessionId, revokedAt: d.revokedAt }];
    }
    default:
      return [];
  }
}

/** Notifications are only worth pushing while fresh; membership changes always apply. */
export function isStale(subject: string, occurredAt: string, now: number, maxAgeMs: number): boolean {
  if (subject === 'user.role_changed' || subject === 'user.deleted' || subject === 'user.sessions_revoked')
    return false;
  const t = Date.parse(occurredAt);
  return Number.isFinite(t) && now - t > maxAgeMs;
}

/** `aviator.tick` → `aviator:tick` */
export function aviatorEventName(subject: string): string | null {
  return (AVIATOR_SUBJECTS as readonly string[]).includes(subject) ? subject.replace('.', ':') : null;
}

/**
 * Presence from the sockets of one user across every gateway. Connect: the user came
 * online if this socket is the oldest one (two simultaneous first connections elect one
 * announcer). Disconnect: offline when none is left.
 */
export function cameOnline(
  self: { id: string; connectedAt: number },
  all: Array<{ id: string; connectedAt: number }>,
): boolean {
  return all.every(
    (s) =>
      s.id === self.id ||
      s.connectedAt > self.connectedAt ||
      (s.connectedAt === self.connectedAt && s.id > self.id),
  );
}
