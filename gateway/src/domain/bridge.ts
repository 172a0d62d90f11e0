import { type EventEnvelope, type EventOf, moneyText, typedEvent } from '@bet/kit';
import {
  AdminFiguresChanged,
  AviatorBetUpdated,
  BetsSettled,
  BetsVoided,
  type EventData,
  type EventDefinition,
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

/** the transient aviator broadcasts, forwarded as `aviator:<name>` to everyone */
export const AVIATOR_SUBJECTS = ['aviator.state', 'aviator.tick', 'aviator.crash', 'aviator.bet'] as const;

const EVERYONE: Audience = { room: 'everyone' };
const ADMINS: Audience = { room: 'admins' };

/** dollars with two decimals from integer cents, as a JSON number */
export const dollars = (cents: number) => Math.round(cents) / 100;
const money = (cents: number) => moneyText(Math.round(cents));

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

/** What the player reads when an admin adjusted their wallet (issue 34 item 7). */
export function adjustmentMessage(d: EventData<typeof WalletTransactionPosted>): string {
  const why = d.description.trim().replace(/\.$/, '');
  const what =
    d.amountCents >= 0
      ? `credited ${money(d.amountCents)} to your wallet`
      : `debited ${money(-d.amountCents)} from your wallet`;
  return `An administrator ${what}${why ? `: ${why}` : ''}.`;
}

const emit = (to: Audience, event: string, payload: unknown): SocketAction[] => [
  { kind: 'emit', to, event, payload },
];
const toUser = (userId: string): Audience => ({ room: 'user', userId });

/**
 * One bridged catalogue event: its envelope is checked against the definition, so the
 * mapping gets the event's typed data.
 */
function bridge<E extends EventDefinition>(
  def: E,
  actions: (data: EventOf<E>['data']) => SocketAction[],
): { subject: E['subject']; actions: (envelope: EventEnvelope) => SocketAction[] } {
  return {
    subject: def.subject,
    actions: (envelope: EventEnvelope) => actions(typedEvent(def, envelope).data),
  };
}

const resultUpdated = (d: EventData<typeof GamesSettled> | EventData<typeof GamesResultCorrected>) =>
  emit(EVERYONE, 'gameResultUpdated', { gameId: d.gameId, result: d.result, scores: d.scores });

/** The durable events the bridge consumes, each with the socket actions it becomes. */
const BRIDGES = [
  bridge(GamesCreated, (d) => emit(EVERYONE, 'new_game', d.game)),
  bridge(GamesUpdated, (d) => emit(EVERYONE, 'gameUpdate', d.game)),
  bridge(GamesOddsChanged, (d) =>
    emit(EVERYONE, d.live ? 'liveOddsUpdate' : 'oddsUpdate', { gameId: d.gameId, odds: d.odds }),
  ),
  bridge(GamesSettled, resultUpdated),
  bridge(GamesResultCorrected, resultUpdated),
  bridge(BetsSettled, (d) =>
    emit(toUser(d.userId), 'bet_settled', {
      betId: d.betId,
      status: d.status,
      message: betSettledMessage(d),
      payout: dollars(d.payoutCents),
    }),
  ),
  bridge(BetsVoided, (d) =>
    emit(toUser(d.userId), 'bet_settled', {
      betId: d.betId,
      status: 'cancelled',
      message: betVoidedMessage(d),
      payout: dollars(d.refundCents),
    }),
  ),
  bridge(WalletWithdrawalProcessed, (d) => [
    ...emit(toUser(d.userId), 'withdrawal_processed', {
      withdrawalId: d.withdrawalId,
      status: d.status === 'approved' ? 'success' : 'rejected',
      message: withdrawalMessage(d),
    }),
    // the other admins' Withdrawals screens move the request between tabs
    ...emit(ADMINS, 'withdrawal_updated', { withdrawalId: d.withdrawalId, status: d.status }),
  ]),
  // the wallet's own word on the balance, straight after the posting: no re-reads needed
  bridge(WalletTransactionPosted, (d) => [
    ...emit(toUser(d.userId), 'balance_updated', {
      balance: dollars(d.balanceAfterCents),
      amount: dollars(d.amountCents),
      type: d.type,
      transactionId: d.transactionId,
      createdAt: d.createdAt,
    }),
    // an admin's adjustment is also a notification, like a settled bet or a processed
    // withdrawal: {status, message} and the signed amount
    ...(d.type === 'adjustment'
      ? emit(toUser(d.userId), 'wallet_adjusted', {
          transactionId: d.transactionId,
          status: d.amountCents >= 0 ? 'credit' : 'debit',
          message: adjustmentMessage(d),
          amount: dollars(d.amountCents),
        })
      : []),
  ]),
  bridge(WalletWithdrawalRequested, (d) =>
    emit(ADMINS, 'withdrawal_requested', {
      withdrawalId: d.withdrawalId,
      userId: d.userId,
      amount: dollars(d.amountCents),
    }),
  ),
  bridge(AdminFiguresChanged, (d) =>
    emit(ADMINS, 'dashboard_updated', { stats: d.stats, financial: d.financial }),
  ),
  bridge(UserPresence, (d) =>
    emit(ADMINS, 'userStatusUpdate', { userId: d.userId, isOnline: d.isOnline, lastSeen: d.lastSeen }),
  ),
  bridge(UserRoleChanged, (d) => [
    { kind: 'admin-membership', userId: d.userId, isAdmin: d.role === 'admin' },
  ]),
  bridge(UserDeleted, (d) => [{ kind: 'disconnect-user', userId: d.userId }]),
  bridge(UserSessionsRevoked, (d) => [
    { kind: 'revoke-sessions', userId: d.userId, sessionId: d.sessionId, revokedAt: d.revokedAt },
  ]),
];

/** the subjects of the durable events the bridge consumes */
export const BRIDGED_SUBJECTS = BRIDGES.map((b) => b.subject);

const bySubject = new Map<string, (envelope: EventEnvelope) => SocketAction[]>(
  BRIDGES.map((b) => [b.subject, b.actions]),
);

/**
 * The socket actions for one event. Unknown subjects map to nothing, so a newer catalogue
 * never breaks an older gateway; a payload off its catalogue schema throws
 * (MessageSchemaError).
 */
export function socketActionsFor(envelope: EventEnvelope): SocketAction[] {
  return bySubject.get(envelope.subject)?.(envelope) ?? [];
}

const MEMBERSHIP_SUBJECTS: ReadonlySet<string> = new Set([
  UserRoleChanged.subject,
  UserDeleted.subject,
  UserSessionsRevoked.subject,
]);

/** Notifications are only worth pushing while fresh; membership changes always apply. */
export function isStale(subject: string, occurredAt: string, now: number, maxAgeMs: number): boolean {
  if (MEMBERSHIP_SUBJECTS.has(subject)) return false;
  const t = Date.parse(occurredAt);
  return Number.isFinite(t) && now - t > maxAgeMs;
}

/**
 * What goes to the sockets for one aviator broadcast: a bet of the round as the All bets entry
 * of GET /aviator/state (dollars, the multiplier as a number), the others as published.
 */
export function aviatorPayload(subject: string, data: unknown): unknown {
  if (subject !== AviatorBetUpdated.subject) return data;
  const d = data as EventData<typeof AviatorBetUpdated>;
  return {
    roundId: d.roundId,
    betId: d.betId,
    username: d.username,
    panel: d.panel,
    stake: dollars(d.stakeCents),
    status: d.status,
    cashedOutAt: d.cashedOutAtHundredths === null ? null : d.cashedOutAtHundredths / 100,
    payout: d.payoutCents === null ? null : dollars(d.payoutCents),
  };
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
