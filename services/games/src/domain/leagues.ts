/**
 * The simulator's world: its leagues and clubs (data, league-clubs.ts), the name pools for the
 * players its match events mention (data, name-pools.ts), and every club by name.
 */
import { LEAGUES, type SimLeague, type SimTeam } from './league-clubs';

export { LEAGUES, type SimLeague, type SimTeam } from './league-clubs';
export { NAME_POOLS } from './name-pools';

export const ALL_TEAMS: ReadonlyMap<string, SimTeam & { league: SimLeague }> = new Map(
  LEAGUES.flatMap((l) => l.teams.map((team) => [team.name, { ...team, league: l }] as const)),
);
