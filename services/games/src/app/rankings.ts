import { badRequest, conflict, isUniqueViolation, newId, notFound } from '@bet/kit';
import type { Selectable } from 'kysely';
import type { Actor, Ctx, DB } from '../context';
import type { RankingsTable } from '../db/schema';
import { DEFAULT_RANKING } from '../domain/odds';
import { audit } from './audit';
import { recordEvents } from './events';
import { repriceTeams, teamKey } from './pricing';

export interface ApiRanking {
  _id: string;
  teamName: string;
  ranking: number;
}

const toApi = (r: Selectable<RankingsTable>): ApiRanking => ({
  _id: r.id,
  teamName: r.team_name,
  ranking: r.ranking,
});

export async function listRankings(db: DB): Promise<ApiRanking[]> {
  const rows = await db
    .selectFrom('rankings')
    .selectAll()
    .orderBy('ranking', 'desc')
    .orderBy('team_key')
    .execute();
  return rows.map(toApi);
}

export async function createRanking(
  ctx: Ctx,
  actor: Actor,
  input: { teamName: string; ranking?: number },
): Promise<ApiRanking> {
  const teamName = input.teamName.trim();
  if (!teamName)
    throw badRequest('teamName must not be empty', [
      { path: 'teamName', location: 'body', msg: 'teamName must not be empty' },
    ]);
  try {
    return await ctx.tx(async (trx) => {
      const row = await trx
        .insertInto('rankings')
        .values({
          id: newId(),
          team_name: teamName,
          team_key: teamKey(teamName),
          ranking: input.ranking ?? DEFAULT_RANKING,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, actor, 'ranking.create', 'ranking', row.id, null, toApi(row));
      await recordEvents(trx, await repriceTeams(trx, [teamName], ctx.config.ODDS_MARGIN));
      return toApi(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A ranking for ${teamName} already exists`, 'duplicate_team');
    throw err;
  }
}

export async function updateRanking(
  ctx: Ctx,
  actor: Actor,
  id: string,
  input: { ranking: number; teamName?: string },
) {
  return ctx.tx(async (trx) => {
    const before = await trx
      .selectFrom('rankings')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Ranking not found');
    if (input.teamName !== undefined && teamKey(input.teamName) !== before.team_key) {
      throw badRequest('The team name of a ranking cannot be changed', [
        { path: 'teamName', location: 'body', msg: 'The team name of a ranking cannot be changed' },
      ]);
    }
    const after = await trx
      .updateTable('rankings')
      .set({ ranking: input.ranking, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (after.ranking !== before.ranking) {
      await audit(trx, actor, 'ranking.update', 'ranking', id, toApi(before), toApi(after));
      await recordEvents(trx, await repriceTeams(trx, [before.team_name], ctx.config.ODDS_MARGIN));
    }
    return toApi(after);
  });
}

export async function deleteRanking(ctx: Ctx, actor: Actor, id: string) {
  await ctx.tx(async (trx) => {
    const before = await trx
      .selectFrom('rankings')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Ranking not found');
    await trx.deleteFrom('rankings').where('id', '=', id).execute();
    await audit(trx, actor, 'ranking.delete', 'ranking', id, toApi(before), null);
    await recordEvents(trx, await repriceTeams(trx, [before.team_name], ctx.config.ODDS_MARGIN));
  });
}

/** Seeds the simulator's clubs with their built-in ratings; existing rows (admin-tuned) are kept. */
export async function seedRankings(db: DB, teams: ReadonlyArray<{ name: string; rating: number }>) {
  if (teams.length === 0) return;
  await db
    .insertInto('rankings')
    .values(
      teams.map((t) => ({ id: newId(), team_name: t.name, team_key: teamKey(t.name), ranking: t.rating })),
    )
    .onConflict((oc) => oc.column('team_key').doNothing())
    .execute();
}
