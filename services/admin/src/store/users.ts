import type { DB } from '../context';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  state: string | null;
  profile_picture: string | null;
  created_at: Date;
  deleted: boolean;
  is_online: boolean;
  last_seen: Date | null;
  balance_cents: string;
}

export async function upsertUser(
  db: DB,
  u: {
    id: string;
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    role?: string;
    state?: string | null;
    profilePicture?: string | null;
    createdAt?: string;
  },
) {
  const profile = {
    username: u.username,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    ...(u.role !== undefined ? { role: u.role } : {}),
    ...(u.state !== undefined ? { state: u.state } : {}),
    ...(u.profilePicture !== undefined ? { profile_picture: u.profilePicture } : {}),
  };
  await db
    .insertInto('users')
    .values({ id: u.id, created_at: u.createdAt ?? new Date(), ...profile, role: u.role ?? 'user' })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ ...profile, ...(u.createdAt ? { created_at: u.createdAt } : {}) }),
    )
    .execute();
}

export async function setRole(db: DB, userId: string, role: string): Promise<string | null> {
  const before = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
  return before?.role ?? null;
}

export async function markDeleted(db: DB, userId: string) {
  const before = await findUser(db, userId);
  await db.updateTable('users').set({ deleted: true, is_online: false }).where('id', '=', userId).execute();
  return before;
}

export async function setPresence(db: DB, userId: string, isOnline: boolean, lastSeen: string) {
  await db
    .updateTable('users')
    .set({ is_online: isOnline, last_seen: lastSeen })
    .where('id', '=', userId)
    .execute();
}

/** Keeps the newest balance a transaction announced (events of one wallet may be redelivered late). */
export async function setBalance(db: DB, userId: string, balanceCents: number, at: string) {
  await db
    .updateTable('users')
    .set({ balance_cents: balanceCents, balance_at: at })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('balance_at', 'is', null), eb('balance_at', '<=', new Date(at))]))
    .execute();
}

export async function findUser(db: DB, userId: string): Promise<UserRow | undefined> {
  return (await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()) as
    | UserRow
    | undefined;
}

export async function countUsers(db: DB): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function usernames(db: DB, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
