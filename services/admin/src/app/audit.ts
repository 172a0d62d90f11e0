import { type EventOf, pageOf } from '@bet/kit';
import type {
  GamesAdminAction,
  UserDeleted,
  UserRoleChanged,
  WalletBonusChanged,
  WalletTransactionPosted,
  WalletWithdrawalProcessed,
} from '@bet/proto-events';
import type { DB } from '../context';
import { adjustmentActor } from '../domain/audit';
import { auditPage, writeAudit } from '../store/audit';
import { usernames } from '../store/users';

const dollars = (cents: number) => Math.round(cents) / 100;

/** The platform's admin actions, one line per event that carries an admin as its actor. */
export async function recordAdminAction(
  trx: DB,
  event:
    | EventOf<typeof UserRoleChanged>
    | EventOf<typeof UserDeleted>
    | EventOf<typeof WalletWithdrawalProcessed>
    | EventOf<typeof WalletTransactionPosted>
    | EventOf<typeof GamesAdminAction>
    | EventOf<typeof WalletBonusChanged>,
) {
  const base = { id: event.id, at: event.occurredAt };
  const nameOf = async (id: string | null) => (id ? ((await usernames(trx, [id])).get(id) ?? null) : null);
  switch (event.subject) {
    case 'user.role_changed': {
      const d = event.data;
      return writeAudit(trx, {
        ...base,
        actorId: d.changedBy,
        actorName: await nameOf(d.changedBy),
        service: 'identity',
        action: 'user.role_change',
        entity: 'user',
        entityId: d.userId,
        before: { role: d.role === 'admin' ? 'user' : 'admin' },
        after: { role: d.role },
      });
    }
    case 'user.deleted': {
      const d = event.data;
      if (!d.deletedBy || d.deletedBy === d.userId) return; // a player closing their own account
      const username = await nameOf(d.userId);
      return writeAudit(trx, {
        ...base,
        actorId: d.deletedBy,
        actorName: await nameOf(d.deletedBy),
        service: 'identity',
        action: 'user.delete',
        entity: 'user',
        entityId: d.userId,
        before: username ? { username } : null,
        after: null,
      });
    }
    case 'wallet.withdrawal_processed': {
      const d = event.data;
      return writeAudit(trx, {
        ...base,
        actorId: d.processedBy,
        actorName: await nameOf(d.processedBy),
        service: 'wallet',
        action: `withdrawal.${d.status === 'approved' ? 'approve' : 'reject'}`,
        entity: 'withdrawal',
        entityId: d.withdrawalId,
        before: { status: 'pending', amount: dollars(d.amountCents), userId: d.userId },
        after: { status: d.status, adminNotes: d.adminNotes },
      });
    }
    case 'wallet.transaction_posted': {
      const d = event.data;
      const actorId = adjustmentActor(d.reference);
      // a closed wallet's payout leaves as a withdrawal line carrying its admin (issue 30)
      if (d.type === 'withdrawal' && actorId)
        return writeAudit(trx, {
          ...base,
          actorId,
          actorName: await nameOf(actorId),
          service: 'wallet',
          action: 'wallet.closed_payout',
          entity: 'user',
          entityId: d.userId,
          before: { walletBalance: dollars(d.balanceAfterCents - d.amountCents) },
          after: {
            walletBalance: dollars(d.balanceAfterCents),
            amount: dollars(d.amountCents),
            reason: d.description,
          },
        });
      // issue 33 (betting-009): a won multi's accumulator bonus is promotion money granted: audited, no actor
      if (d.type === 'acca_bonus')
        return writeAudit(trx, {
          ...base,
          actorId: null,
          actorName: null,
          service: 'wallet',
          action: 'bonus.acca',
          entity: 'user',
          entityId: d.userId,
          before: null,
          after: { betId: d.reference, amount: dollars(d.amountCents), transactionId: d.transactionId },
        });
      if (d.type !== 'adjustment') return;
      return writeAudit(trx, {
        ...base,
        actorId,
        actorName: await nameOf(actorId),
        service: 'wallet',
        action: 'wallet.adjust',
        entity: 'user',
        entityId: d.userId,
        before: { walletBalance: dollars(d.balanceAfterCents - d.amountCents) },
        after: {
          walletBalance: dollars(d.balanceAfterCents),
          amount: dollars(d.amountCents),
          reason: d.description,
        },
      });
    }
    case 'wallet.bonus_changed': {
      // the platform acts here (a deposit, the wagering, the expiry job): no admin actor
      const d = event.data;
      const action = { granted: 'bonus.grant', converted: 'bonus.convert', forfeited: 'bonus.forfeit' }[
        d.action
      ];
      return writeAudit(trx, {
        id: event.id,
        at: d.at,
        actorId: null,
        actorName: null,
        service: 'wallet',
        action,
        entity: 'user',
        entityId: d.userId,
        before: null,
        after: {
          promotionId: d.promotionId,
          grantId: d.grantId,
          amount: dollars(d.amountCents),
          transactionId: d.transactionId,
        },
      });
    }
    case 'games.admin_action': {
      const d = event.data;
      return writeAudit(trx, {
        id: event.id,
        at: d.at,
        actorId: d.actorId,
        actorName: d.actorName,
        service: 'games',
        action: d.action,
        entity: d.entity,
        entityId: d.entityId,
        before: d.before,
        after: d.after,
      });
    }
  }
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));

export async function auditLog(
  db: DB,
  q: { entity?: string; entityId?: string; actorId?: string; action?: string; page: number; limit: number },
) {
  const { rows, count } = await auditPage(db, q);
  return pageOf(
    'entries',
    rows.map((r) => ({
      _id: r.id,
      at: new Date(r.at).toISOString(),
      actor: { _id: r.actor_id, username: r.actor_name },
      service: r.service,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: parse(r.before),
      after: parse(r.after),
    })),
    { page: q.page, limit: q.limit, total: count },
  );
}
