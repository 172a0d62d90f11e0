import { type Selectable, sql, type Updateable } from 'kysely';
import type { UsersTable } from '../db/schema';
import type { Limits } from '../domain/limits';
import { protectionFromJson } from '../domain/protection';
import type { Role, User } from '../domain/users';
import type { Db } from './db';

export type UserRow = Selectable<UsersTable>;

export function rowToUser(r: UserRow): User {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    state: r.state,
    role: r.role,
    passwordHash: r.password_hash,
    profilePicture: r.profile_picture,
    limits: {
      betCount: {
        limit: r.bet_count_limit,
        pending:
          r.pending_bet_count_limit !== null && r.pending_bet_count_at
            ? { value: r.pending_bet_count_limit, effectiveAt: new Date(r.pending_bet_count_at) }
            : null,
      },
      stakeCents: {
        limit: Number(r.stake_limit_cents),
        pending:
          r.pending_stake_limit_cents !== null && r.pending_stake_at
            ? { value: Number(r.pending_stake_limit_cents), effectiveAt: new Date(r.pending_stake_at) }
            : null,
      },
    },
    isOnline: r.is_online,
    lastSeen: r.last_seen ? new Date(r.last_seen) : null,
    createdAt: new Date(r.created_at),
    closedAt: r.closed_at ? new Date(r.closed_at) : null,
    termsAcceptedAt: r.terms_accepted_at ? new Date(r.terms_accepted_at) : null,
    protection: protectionFromJson(r.protection),
    phone: r.phone,
  };
}

export function limitsColumns(l: Limits) {
  return {
    bet_count_limit: l.betCount.limit,
    pending_bet_count_limit: l.betCount.pending?.value ?? null,
    pending_bet_count_at: l.betCount.pending?.effectiveAt ?? null,
    stake_limit_cents: BigInt(l.stakeCents.limit),
    pending_stake_limit_cents: l.stakeCents.pending ? BigInt(l.stakeCents.pending.value) : null,
    pending_stake_at: l.stakeCents.pending?.effectiveAt ?? null,
  };
}

export async function findUserById(
  db: Db,
  id: string,
  opts: { forUpdate?: boolean; forShare?: boolean; includeClosed?: boolean } = {},
): Promise<User | undefined> {
  let q = db.selectFrom('users').selectAll().where('id', '=', id);
  if (!opts.includeClosed) q = q.where('closed_at', 'is', null);
  if (opts.forUpdate) q = q.forUpdate();
  else if (opts.forShare) q = q.forShare();
  const row = await q.executeTakeFirst();
  return row ? rowToUser(row) : undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return row ? rowToUser(row) : undefined;
}

export async function findUserByPhone(db: Db, phone: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('phone', '=', phone)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return row ? rowToUser(row) : undefined;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined
  );
}

export interface NewUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  passwordHash: string | null;
  profilePicture?: string | null;
  termsAcceptedAt?: Date | null;
  /** E.164, for an account made by phone sign-in */
  phone?: string | null;
  now: Date;
}

export async function insertUser(db: Db, u: NewUser): Promise<User> {
  const row = await db
    .insertInto('users')
    .values({
      id: u.id,
      username: u.username,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      role: u.role,
      password_hash: u.passwordHash,
      profile_picture: u.profilePicture ?? null,
      terms_accepted_at: u.termsAcceptedAt ?? null,
      phone: u.phone ?? null,
      created_at: u.now,
      updated_at: u.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return rowToUser(row);
}

export type UserUpdate = Omit<Updateable<UsersTable>, 'id' | 'created_at'>;

export async function updateUser(db: Db, id: string, set: UserUpdate, now: Date): Promise<User> {
  const row = await db
    .updateTable('users')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return rowToUser(row);
}

/** Open administrator accounts, locked: decisions about the last admin are serialised. */
export async function lockAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('closed_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUsers(
  db: Db,
  opts: { search?: string; offset: number; limit: number },
): Promise<{ users: User[]; total: number }> {
  let q = db.selectFrom('users').where('closed_at', 'is', null);
  const search = opts.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(username)`, 'like', pattern),
        eb('email', 'like', pattern),
        eb(sql`lower(first_name)`, 'like', pattern),
        eb(sql`lower(last_name)`, 'like', pattern),
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
      ]),
    );
  }
  const [{ count }] = await q.select((eb) => eb.fn.countAll<string>().as('count')).execute();
  const rows = await q
    .selectAll()
    .orderBy(sql`case when role = 'admin' then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(opts.offset)
    .limit(opts.limit)
    .execute();
  return { users: rows.map(rowToUser), total: Number(count) };
}

/** Open administrator accounts, unlocked (a first check before asking other services). */
export async function openAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('closed_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Sets presence on an open account; false when there is none. */
export async function markPresence(trx: Db, userId: string, isOnline: boolean, now: Date): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({ is_online: isOnline, last_seen: now })
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Open accounts with a pending limit change due by `now`. */
export async function dueLimitUserIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('closed_at', 'is', null)
    .where((eb) => eb.or([eb('pending_bet_count_at', '<=', now), eb('pending_stake_at', '<=', now)]))
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
