import type { EventOf } from '@bet/kit';
import { UserDeleted, UserRegistered, UserUpdated } from '@bet/proto-events';
import type { Trx } from '../store/db';
import { closeWallet, ensureWallet } from '../store/ledger';
import { markUserDeleted, setProtection, upsertUser } from '../store/users';

export type UserEvent =
  | EventOf<typeof UserRegistered>
  | EventOf<typeof UserUpdated>
  | EventOf<typeof UserDeleted>;

/** Keeps the little the wallet needs to know about users: names for the admin screens, closure. */
export async function applyUserEvent(trx: Trx, event: UserEvent) {
  switch (event.subject) {
    case UserRegistered.subject:
    case UserUpdated.subject: {
      const e = event.data;
      await upsertUser(trx, e);
      if (event.subject === UserRegistered.subject) await ensureWallet(trx, e.userId);
      const protection = event.subject === UserUpdated.subject ? event.data.protection : undefined;
      if (protection) {
        await setProtection(trx, e.userId, {
          excludedUntil: protection.exclusion ? new Date(protection.exclusion.until) : null,
          depositLimits: JSON.stringify(protection.depositLimits),
          at: new Date(event.occurredAt),
        });
      }
      return;
    }
    case UserDeleted.subject: {
      await markUserDeleted(trx, event.data.userId);
      // money already owed to a closed wallet still arrives; nothing leaves it any more
      await closeWallet(trx, event.data.userId);
      return;
    }
  }
}
