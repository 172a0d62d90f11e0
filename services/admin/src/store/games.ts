import type { DB } from '../context';

export async function upsertGame(
  db: DB,
  g: {
    id: string;
    homeTeam: string;
    awayTeam: string;
    league: string | null;
    status: string;
    matchDate: string;
  },
) {
  const values = {
    home_team: g.homeTeam,
    away_team: g.awayTeam,
    league: g.league,
    status: g.status,
    match_date: g.matchDate,
  };
  await db
    .insertInto('games')
    .values({ id: g.id, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export async function setGameStatus(db: DB, id: string, status: string) {
  await db.updateTable('games').set({ status }).where('id', '=', id).execute();
}

/** Games still to be played or being played ("Active Games"), and those of them not started. */
export async function gameCounts(db: DB): Promise<{ active: number; upcoming: number }> {
  const row = await db
    .selectFrom('games')
    .select((eb) => [
      eb.fn.count<string>('id').filterWhere('status', 'in', ['upcoming', 'live']).as('active'),
      eb.fn.count<string>('id').filterWhere('status', '=', 'upcoming').as('upcoming'),
    ])
    .executeTakeFirstOrThrow();
  return { active: Number(row.active), upcoming: Number(row.upcoming) };
}

export async function gamesByIds(db: DB, ids: string[]) {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('games').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
