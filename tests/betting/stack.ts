import { bettingService } from '@bet/betting';
import { gamesService } from '@bet/games';
import { newId, type RunningService } from '@bet/kit';
import { eventually, inject, startStack as startServices, type TestStack } from '@bet/kit/testing';
import { BetsCashedOut, BetsSettled, BetsVoided } from '@bet/proto-events';
import { walletService } from '@bet/wallet';
import { balance, player } from '../support/players';

/** The real games, wallet and betting services on one test infrastructure (Postgres, NATS, Redis). */
export type Stack = TestStack & Record<'games' | 'wallet' | 'betting', RunningService<any>>;

export function startStack(
  bettingEnv: Record<string, string> = {},
  opts: {
    walletDatabaseUrl?: (realUrl: string) => string;
    bettingDatabaseUrl?: (realUrl: string) => string;
  } = {},
): Promise<Stack> {
  return startServices<'games' | 'wallet' | 'betting'>(
    [
      {
        def: walletService,
        // the wallet may reach the same database another way (a proxy a test can cut)
        infra: (shared) =>
          opts.walletDatabaseUrl
            ? {
                ...shared,
                database: (schema) => ({
                  kind: 'postgres',
                  url: opts.walletDatabaseUrl!(shared.databaseUrl!),
                  schema,
                }),
              }
            : shared,
      },
      gamesService,
      {
        def: bettingService,
        options: { env: { RECONCILE_INTERVAL_MS: '500', LIVE_ACCEPT_DELAY_MS: '200', ...bettingEnv } },
        // betting, too, may reach its database through a proxy a test can cut
        infra: (shared) =>
          opts.bettingDatabaseUrl
            ? {
                ...shared,
                database: (schema) => ({
                  kind: 'postgres',
                  url: opts.bettingDatabaseUrl!(shared.databaseUrl!),
                  schema,
                }),
              }
            : shared,
      },
    ],
    // `walletCaughtUp` reads betting's outbox as the record of every money event it wrote
    { env: { GAMES_PROVIDER: 'none', OUTBOX_KEEP_HOURS: '24' } },
  );
}

export { balance, inject as api, player };

/**
 * True once the wallet has handled (its inbox) every money event betting recorded (its
 * outbox): the handled-count that says no payment is still on its way.
 */
export async function walletCaughtUp(s: Stack): Promise<boolean> {
  const events = await s.betting.ctx.db
    .selectFrom('outbox')
    .select('id')
    .where('subject', 'in', [BetsSettled.subject, BetsVoided.subject, BetsCashedOut.subject])
    .execute();
  if (events.length === 0) return true;
  const handled = await s.wallet.ctx.db
    .selectFrom('inbox')
    .select('event_id')
    .where(
      'event_id',
      'in',
      events.map((e: { id: string }) => e.id),
    )
    .execute();
  return handled.length === events.length;
}

/** A game made by an admin in the games service, known to betting once its event arrived. */
export async function game(
  s: Stack,
  odds = { home: 2.1, draw: 3.2, away: 3.6 },
  minutesAhead = 120,
  league = 'Nigeria Premier Football League',
) {
  const res = await inject(s.games, 'POST', '/api/v1/games', s.admin, {
    homeTeam: `Home ${newId().slice(-5)}`,
    awayTeam: `Away ${newId().slice(-5)}`,
    league,
    matchDate: new Date(Date.now() + minutesAhead * 60_000).toISOString(),
    odds,
  });
  if (res.status !== 201) throw new Error(`game creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  const g = res.body.game;
  await eventually(async () => {
    const r = await s.betting.ctx.db
      .selectFrom('games' as any)
      .select('id')
      .where('id', '=', g._id)
      .executeTakeFirst();
    return r;
  });
  return g as { _id: string; homeTeam: string; awayTeam: string; league: string; matchDate: string };
}

type Game = Awaited<ReturnType<typeof game>>;

/** An admin sets the game live. */
export async function kickOff(s: Stack, g: Game) {
  const put = await inject(s.games, 'PUT', `/api/v1/games/${g._id}`, s.admin, {
    homeTeam: g.homeTeam,
    awayTeam: g.awayTeam,
    league: g.league,
    matchDate: g.matchDate,
    status: 'live',
  });
  if (put.status !== 200) throw new Error(`kick-off failed: ${put.status} ${JSON.stringify(put.body)}`);
}

/** Kicks a game off and prices it in play (an admin adjustment on a live game is an in-play price). */
export async function goLive(s: Stack, g: Game, odds: { home: number; draw: number; away: number }) {
  await kickOff(s, g);
  const adj = await inject(s.games, 'PATCH', `/api/v1/admin/games/${g._id}/adjust-odds`, s.admin, odds);
  if (adj.status !== 200)
    throw new Error(`odds adjustment failed: ${adj.status} ${JSON.stringify(adj.body)}`);
  await eventually(async () => {
    const r: any = await s.betting.ctx.db
      .selectFrom('games' as any)
      .selectAll()
      .where('id', '=', g._id)
      .executeTakeFirst();
    return r?.status === 'live' && r.odds_live && r.odds_home === Math.round(odds.home * 100);
  });
}

export async function result(s: Stack, gameId: string, result: 'A' | 'Draw' | 'B', correction = false) {
  const scores = result === 'A' ? [2, 0] : result === 'B' ? [0, 2] : [1, 1];
  return inject(s.games, 'PATCH', `/api/v1/games/${gameId}/result`, s.admin, {
    result,
    homeScore: scores[0],
    awayScore: scores[1],
    ...(correction ? { correction: true } : {}),
  });
}
