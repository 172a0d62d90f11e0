import type { ConsumerModule, DeliveryInfo, EventEnvelope } from '@bet/kit';
import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import {
  BetsSettled,
  BetsVoided,
  GamesCreated,
  GamesOddsChanged,
  GamesUpdated,
  UserDeleted,
  UserRegistered,
  UserUpdated,
} from '@bet/proto-events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesCatalogue } from '../src/consumers/games-catalogue';
import { gamesOdds } from '../src/consumers/games-odds';
import { gamesResults } from '../src/consumers/games-results';
import { users } from '../src/consumers/users';
import type { AppContext } from '../src/context';
import { call, envelope, Games, gameData, type Harness, player, startHarness } from './harness';

/**
 * Every consumed event delivered twice (and, where order matters, late) straight to the
 * consumer's handler: the bus de-duplicates inside its window, but a redelivery after a
 * crash, or a replay after the window, reaches the handler again.
 */
let h: Harness;
let games: Games;
type Handler = (event: EventEnvelope, info: DeliveryInfo) => Promise<void>;
let handlers: Record<'catalogue' | 'odds' | 'results', Handler>;
let onUser: Handler;

/** A consumer module's handler as the bus would call it (these keep their own idempotency: `once: false`). */
const direct =
  (m: ConsumerModule<AppContext, any>): Handler =>
  (event, info) => {
    if (m.once !== false) throw new Error(`${m.durable} runs in the kit's inbox transaction`);
    return m.handle(h.svc.ctx as AppContext, event, { ...info, trx: null });
  };

beforeAll(async () => {
  h = await startHarness();
  games = new Games(h);
  handlers = { catalogue: direct(gamesCatalogue), odds: direct(gamesOdds), results: direct(gamesResults) };
  onUser = direct(users);
});
afterAll(async () => h?.close());

const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
const gameRow = (id: string) =>
  h.svc.ctx.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outboxCount = async (subject: string, betId: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from outbox where subject = ${subject} and data->>'betId' = ${betId}`.execute(
        h.svc.ctx.db,
      )
    ).rows[0].n,
  );

describe('replays of every consumed event give one effect', () => {
  it('games.created and games.updated: a repeat changes nothing, an older snapshot is ignored', async () => {
    const game = gameData();
    const created = envelope(GamesCreated.subject, { game }, at(-3000));
    await handlers.catalogue(created, { attempt: 1 });
    await handlers.catalogue(created, { attempt: 2 });
    expect(
      await h.svc.ctx.db.selectFrom('games').select('id').where('id', '=', game._id).execute(),
    ).toHaveLength(1);
    const live = envelope(
      GamesUpdated.subject,
      { game: { ...game, status: 'live' as const, elapsedTime: 30, scores: { home: 1, away: 0 } } },
      at(-1000),
    );
    await handlers.catalogue(live, { attempt: 1 });
    await handlers.catalogue(created, { attempt: 3 }); // late redelivery of the older snapshot
    await handlers.catalogue(live, { attempt: 2 });
    expect(await gameRow(game._id)).toMatchObject({ status: 'live', elapsed: 30, scores_home: 1 });
  });

  it('games.odds_changed: prices only move forward in time', async () => {
    const g = await games.create();
    const newer = envelope(
      GamesOddsChanged.subject,
      { gameId: g._id, odds: { home: 1.9, draw: 3.3, away: 4.1 }, live: false },
      at(5000),
    );
    const older = envelope(
      GamesOddsChanged.subject,
      { gameId: g._id, odds: { home: 2.5, draw: 3, away: 3 }, live: false },
      at(4000),
    );
    await handlers.odds(newer, { attempt: 1 });
    await handlers.odds(older, { attempt: 1 });
    await handlers.odds(newer, { attempt: 2 });
    expect(await gameRow(g._id)).toMatchObject({ odds_home: 190, odds_draw: 330, odds_away: 410 });
  });

  it('games.settled, games.result_corrected and games.cancelled: one settlement each', async () => {
    const [g, c] = await Promise.all([games.create(), games.create()]);
    const p = await player(h);
    const place = async (gameId: string, outcome: string) =>
      (
        await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 5,
          selections: [{ gameId, outcome }],
        })
      ).body.bets[0]._id;
    const onA = await place(g._id, 'A');
    const onC = await place(c._id, 'A');

    const settled = games.settledEvent(g._id, 'A');
    await handlers.results(settled, { attempt: 1 });
    await handlers.results(settled, { attempt: 2 });
    expect(await outboxCount(BetsSettled.subject, onA)).toBe(1);

    const correction = envelope('games.result_corrected', {
      gameId: g._id,
      previousResult: 'A',
      result: 'B',
      scores: { home: 0, away: 1 },
      correctedAt: at(10_000).toISOString(),
      correctedBy: newId(),
    });
    await handlers.results(correction, { attempt: 1 });
    await handlers.results(correction, { attempt: 2 });
    // the original result delivered again after the correction does not undo it
    await handlers.results({ ...settled, id: newId() }, { attempt: 1 });
    expect(await outboxCount(BetsSettled.subject, onA)).toBe(2);
    expect((await gameRow(g._id)).settled_result).toBe('B');
    expect((await call(h, 'GET', `/api/v1/bets/${onA}`, p.auth)).body.bet).toMatchObject({
      status: 'lost',
      payout: 0,
    });

    const cancelled = envelope('games.cancelled', { gameId: c._id, cancelledAt: at(0).toISOString() });
    await handlers.results(cancelled, { attempt: 1 });
    await handlers.results(cancelled, { attempt: 2 });
    await handlers.results({ ...cancelled, id: newId() }, { attempt: 1 });
    expect(await outboxCount(BetsVoided.subject, onC)).toBe(1);
    // and a result for a cancelled game is ignored
    await handlers.results(games.settledEvent(c._id, 'A'), { attempt: 1 });
    expect(await outboxCount(BetsSettled.subject, onC)).toBe(0);
  });

  it('a result for a game never announced is kept, and the late announcement does not reopen it', async () => {
    const game = gameData();
    await handlers.results(games.settledEvent(game._id, 'Draw'), { attempt: 1 });
    await handlers.catalogue(envelope(GamesCreated.subject, { game }, at(-60_000)), { attempt: 1 });
    expect(await gameRow(game._id)).toMatchObject({
      status: 'finished',
      settled_result: 'Draw',
      home_team: 'Enyimba',
    });
  });

  it('user.registered, user.updated and user.deleted: repeats and late arrivals change nothing', async () => {
    const userId = newId();
    const limits = { weeklyBetCount: { limit: 4 }, weeklyStakeAmount: { limit: 50 } };
    const registered = envelope(
      UserRegistered.subject,
      {
        userId,
        username: 'ada',
        email: 'a@x.io',
        firstName: 'A',
        lastName: 'O',
        role: 'user' as const,
        createdAt: at(-5000).toISOString(),
      },
      at(-5000),
    );
    const updated = envelope(
      UserUpdated.subject,
      {
        userId,
        username: 'ada_o',
        email: 'a@x.io',
        firstName: 'A',
        lastName: 'O',
        state: null,
        profilePicture: null,
        limits,
      },
      at(-1000),
    );
    const onUserTwice = async (e: EventEnvelope) => {
      await onUser(e, { attempt: 1 });
      await onUser(e, { attempt: 2 });
    };
    await onUserTwice(updated);
    await onUserTwice(registered); // older: must not rename back
    const row = () =>
      h.svc.ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({
      username: 'ada_o',
      bet_count_limit: 4,
      stake_limit_cents: '5000',
      deleted: false,
    });
    const deleted = envelope(UserDeleted.subject, { userId, deletedBy: null }, at(0));
    await onUserTwice(deleted);
    await onUserTwice(updated);
    expect(await row()).toMatchObject({ username: 'Deleted user', deleted: true });
  });
});

describe('event-time guards through the real bus', () => {
  it('an in-play price arriving before the live snapshot still makes the game bettable', async () => {
    const g = await games.create();
    await h.infra.bus.publish(
      envelope(
        GamesOddsChanged.subject,
        { gameId: g._id, odds: { home: 1.7, draw: 3.6, away: 5 }, live: true },
        at(1000),
      ),
    );
    await h.infra.bus.publish(
      envelope(GamesUpdated.subject, { game: { ...g, status: 'live' as const, elapsedTime: 1 } }, at(500)),
    );
    const row = await eventually(async () => {
      const r = await gameRow(g._id);
      return r.status === 'live' && r.odds_live && r;
    });
    expect(row.odds_home).toBe(170);
  });
});
