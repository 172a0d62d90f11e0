import type { EventData, UserUpdated } from '@bet/proto-events';
import type { Db, UserRow } from './db';

const EPOCH = new Date(0);

/** A user's row before identity's events arrive: the token's username stands in, no limits. */
const newUser = (id: string, username: string) => ({
  id,
  username,
  bet_count_limit: 0,
  stake_limit_cents: 0,
  version_at: EPOCH,
});

/** Makes sure a user row exists (the token's username stands in until identity's events arrive). */
export async function ensureUser(db: Db, userId: string, username: string): Promise<void> {
  await db
    .insertInto('users')
    .values(newUser(userId, username))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The user row locked, created first from the token's username if identity's events have not arrived. */
export async function lockOrCreateUser(trx: Db, userId: string, username: string): Promise<UserRow> {
  return (await lockOrCreateUsers(trx, [{ id: userId, username }])).get(userId) as UserRow;
}

export async function applyUserRegistered(
  db: Db,
  userId: string,
  username: string,
  occurredAt: Date,
): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: userId, username, bet_count_limit: 0, stake_limit_cents: 0, version_at: occurredAt })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ username, version_at: occurredAt })
        .where('users.version_at', '<=', occurredAt)
        .where('users.deleted', '=', false),
    )
    .execute();
}

type Limits = EventData<typeof UserUpdated>['limits'];

export async function applyUserUpdated(
  db: Db,
  userId: string,
  username: string,
  limits: Limits,
  occurredAt: Date,
  excludedUntil: string | null = null,
): Promise<void> {
  const c = limits.weeklyBetCount;
  const s = limits.weeklyStakeAmount;
  const row = {
    username,
    bet_count_limit: Math.floor(c.limit),
    bet_count_pending: c.pending ? Math.floor(c.pending.value) : null,
    bet_count_pending_at: c.pending ? new Date(c.pending.effectiveAt) : null,
    stake_limit_cents: Math.round(s.limit * 100),
    stake_pending_cents: s.pending ? Math.round(s.pending.value * 100) : null,
    stake_pending_at: s.pending ? new Date(s.pending.effectiveAt) : null,
    excluded_until: excludedUntil ? new Date(excludedUntil) : null,
    version_at: occurredAt,
  };
  await db
    .insertInto('users')
    .values({ id: userId, ...row })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet(row)
        .where('users.version_at', '<=', occurredAt)
        .where('users.deleted', '=', false),
    )
    .execute();
}

/** A closed account: its name leaves the public boards, its bets stay. */
export async function applyUserDeleted(db: Db, userId: string, occurredAt: Date): Promise<void> {
  const row = { username: 'Deleted user', deleted: true, version_at: occurredAt };
  await db
    .insertInto('users')
    .values({ id: userId, bet_count_limit: 0, stake_limit_cents: 0, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/**
 * `lockOrCreateUser` for many users at once. The rows are held FOR UPDATE, which serialises a
 * user's placements so the week's usage read under them is exact, and locked in id order so
 * two batches cannot deadlock.
 */
export async function lockOrCreateUsers(
  trx: Db,
  users: Array<{ id: string; username: string }>,
): Promise<Map<string, UserRow>> {
  const wanted = new Map(users.map((u) => [u.id, u.username]));
  if (wanted.size === 0) return new Map();
  const lock = () =>
    trx
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...wanted.keys()])
      .orderBy('id')
      .forUpdate()
      .execute();
  let rows = await lock();
  if (rows.length < wanted.size) {
    const known = new Set(rows.map((r) => r.id));
    await trx
      .insertInto('users')
      .values([...wanted].filter(([id]) => !known.has(id)).map(([id, username]) => newUser(id, username)))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    rows = await lock();
  }
  return new Map(rows.map((r) => [r.id, r]));
}
