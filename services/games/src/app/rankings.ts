import { isUniqueViolation, newId } from '@bet/kit';
import type { KitContext } from '../config';
import type { Actor } from '../domain/actor';
import { DuplicateTeamError, InvalidInputError, RankingNotFoundError } from '../domain/errors';
import { DEFAULT_RANKING } from '../domain/odds';
import type { DB } from '../store/db';
import {
  deleteRankingRow,
  insertRanking,
  insertRankingsIfAbsent,
  lockRanking,
  type RankingRow,
  selectRankings,
  updateRankingValue,
} from '../store/rankings';
import { recordAnnouncements } from './announcements';
import { audit } from './audit';
import { marketMarginsOf, repriceTeams, teamKey } from './pricing';

export interface ApiRanking {
  _id: string;
  teamName: string;
  ranking: number;
}

const toApi = (r: RankingRow): ApiRanking => ({
  _id: r.id,
  teamName: r.team_name,
  ranking: r.ranking,
});

export async function listRankings(db: DB): Promise<ApiRanking[]> {
  return (await selectRankings(db)).map(toApi);
}

export async function createRanking(
  ctx: KitContext,
  actor: Actor,
  input: { teamName: string; ranking?: number },
): Promise<ApiRanking> {
  const teamName = input.teamName.trim();
  if (!teamName)
    throw new InvalidInputError('teamName must not be empty', [
      { path: 'teamName', location: 'body', msg: 'teamName must not be empty' },
    ]);
  try {
    return await ctx.tx(async (trx) => {
      const row = await insertRanking(trx, {
        id: newId(),
        team_name: teamName,
        team_key: teamKey(teamName),
        ranking: input.ranking ?? DEFAULT_RANKING,
      });
      await audit(trx, actor, 'ranking.create', 'ranking', row.id, null, toApi(row));
      await recordAnnouncements(
        trx,
        await repriceTeams(trx, [teamName], ctx.config.ODDS_MARGIN, marketMarginsOf(ctx.config)),
      );
      return toApi(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new DuplicateTeamError(`A ranking for ${teamName} already exists`);
    throw err;
  }
}

export async function updateRanking(
  ctx: KitContext,
  actor: Actor,
  id: string,
  input: { ranking: number; teamName?: string },
) {
  return ctx.tx(async (trx) => {
    const before = await lockRanking(trx, id);
    if (!before) throw new RankingNotFoundError();
    if (input.teamName !== undefined && teamKey(input.teamName) !== before.team_key) {
      throw new InvalidInputError('The team name of a ranking cannot be changed', [
        { path: 'teamName', location: 'body', msg: 'The team name of a ranking cannot be changed' },
      ]);
    }
    const after = await updateRankingValue(trx, id, input.ranking);
    if (after.ranking !== before.ranking) {
      await audit(trx, actor, 'ranking.update', 'ranking', id, toApi(before), toApi(after));
      await recordAnnouncements(
        trx,
        await repriceTeams(trx, [before.team_name], ctx.config.ODDS_MARGIN, marketMarginsOf(ctx.config)),
      );
    }
    return toApi(after);
  });
}

export async function deleteRanking(ctx: KitContext, actor: Actor, id: string) {
  await ctx.tx(async (trx) => {
    const before = await lockRanking(trx, id);
    if (!before) throw new RankingNotFoundError();
    await deleteRankingRow(trx, id);
    await audit(trx, actor, 'ranking.delete', 'ranking', id, toApi(before), null);
    await recordAnnouncements(
      trx,
      await repriceTeams(trx, [before.team_name], ctx.config.ODDS_MARGIN, marketMarginsOf(ctx.config)),
    );
  });
}

/** Seeds the simulator's clubs with their built-in ratings; existing rows (admin-tuned) are kept. */
export async function seedRankings(db: DB, teams: ReadonlyArray<{ name: string; rating: number }>) {
  await insertRankingsIfAbsent(
    db,
    teams.map((t) => ({ id: newId(), team_name: t.name, team_key: teamKey(t.name), ranking: t.rating })),
  );
}
