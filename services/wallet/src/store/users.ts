import type { Trx } from './db';

/** The name and email a provider's checkout asks for. */
export async function userContact(db: Trx, userId: string) {
  return db.selectFrom('users').select(['email', 'username']).where('id', '=', userId).executeTakeFirst();
}

/** A running time-out or self-exclusion and the deposit limits (as identity last announced). */
export async function userProtection(db: Trx, userId: string) {
  return db
    .selectFrom('users')
    .select(['excluded_until', 'deposit_limits'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function upsertUser(trx: Trx, u: { userId: string; username: string; email: string }) {
  await trx
    .insertInto('users')
    .values({ id: u.userId, username: u.username, email: u.email, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ username: u.username, email: u.email, updated_at: new Date() }),
    )
    .execute();
}

/** Stores protection settings unless newer ones (a later event) are already there. */
export async function setProtection(
  trx: Trx,
  userId: string,
  p: { excludedUntil: Date | null; depositLimits: string; at: Date },
) {
  await trx
    .updateTable('users')
    .set({ excluded_until: p.excludedUntil, deposit_limits: p.depositLimits, protection_at: p.at })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('protection_at', 'is', null), eb('protection_at', '<=', p.at)]))
    .execute();
}

export async function markUserDeleted(trx: Trx, userId: string) {
  await trx
    .insertInto('users')
    .values({ id: userId, username: null, email: null, deleted: true, updated_at: new Date() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ deleted: true, updated_at: new Date() }))
    .execute();
}

/** Usernames of these users (an id the read model does not know is left out). */
export async function usernames(db: Trx, ids: string[]) {
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
}
