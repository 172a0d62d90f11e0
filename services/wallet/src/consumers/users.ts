import { type EventEnvelope, handleOnce, NEVER_GIVE_UP } from '@bet/kit';
import { type EventData, UserDeleted, UserRegistered, UserUpdated } from '@bet/proto-events';
import type { WalletContext } from '../context';
import { ensureWallet, type Trx } from '../db/ledger';

const CONSUMER = 'wallet-users';

/** Keeps the little the wallet needs to know about users: names for the admin screens, closure. */
export async function startUserConsumer(ctx: WalletContext) {
  ctx.track(
    await ctx.bus.consume({
      durable: CONSUMER,
      subjects: [UserRegistered.subject, UserUpdated.subject, UserDeleted.subject],
      // a closure must reach the wallet whatever the outage: deposits stop at closed accounts
      maxDeliver: NEVER_GIVE_UP,
      handler: async (event) => {
        await handleOnce(ctx.db, CONSUMER, event.id, (trx) => applyUserEvent(trx, event));
      },
    }),
  );
}

export async function applyUserEvent(trx: Trx, event: EventEnvelope) {
  switch (event.subject) {
    case UserRegistered.subject:
    case UserUpdated.subject: {
      const e = event.data as EventData<typeof UserRegistered>;
      await trx
        .insertInto('users')
        .values({ id: e.userId, username: e.username, email: e.email, updated_at: new Date() })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ username: e.username, email: e.email, updated_at: new Date() }),
        )
        .execute();
      if (event.subject === UserRegistered.subject) await ensureWallet(trx, e.userId);
      const protection = (event.data as EventData<typeof UserUpdated>).protection;
      if (event.subject === UserUpdated.subject && protection) {
        const at = new Date(event.occurredAt);
        await trx
          .updateTable('users')
          .set({
            excluded_until: protection.exclusion ? new Date(protection.exclusion.until) : null,
            deposit_limits: JSON.stringify(protection.depositLimits),
            protection_at: at,
          })
          .where('id', '=', e.userId)
          .where((eb) => eb.or([eb('protection_at', 'is', null), eb('protection_at', '<=', at)]))
          .execute();
      }
      return;
    }
    case UserDeleted.subject: {
      const e = event.data as EventData<typeof UserDeleted>;
      await trx
        .insertInto('users')
        .values({ id: e.userId, username: null, email: null, deleted: true, updated_at: new Date() })
        .onConflict((oc) => oc.column('id').doUpdateSet({ deleted: true, updated_at: new Date() }))
        .execute();
      // money already owed to a closed wallet still arrives; nothing leaves it any more
      await ensureWallet(trx, e.userId);
      await trx
        .updateTable('accounts')
        .set({ status: 'closed' })
        .where('id', '=', e.userId)
        .where('kind', '=', 'user')
        .execute();
      return;
    }
  }
}
