import { type EventEnvelope, newId, type RunningService, startService } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import {
  type CommandReply,
  type CommandRequest,
  type EventData,
  GamesCancelled,
  GamesCreated,
  GamesGet,
  GamesOddsChanged,
  GamesResultCorrected,
  GamesSettled,
  GamesUpdated,
  UserUpdated,
  validate,
  WalletCredit,
  WalletDebit,
} from '@bet/proto-events';
import { expect } from 'vitest';
import type { BettingDB } from '../src/db/schema';
import { bettingService } from '../src/index';

type Game = EventData<typeof GamesCreated>['game'];
type MoneyReply = CommandReply<typeof WalletDebit>;

/**
 * A stand-in for the wallet's money commands, on the real bus: balances in memory, one
 * effect per idempotency key (a replay answers the first reply), and knobs to be slow,
 * silent or to change its mind. The real wallet is exercised by the cross-service tests.
 */
export class StandInWallet {
  balances = new Map<string, number>();
  replies = new Map<string, MoneyReply>();
  debits: CommandRequest<typeof WalletDebit>[] = [];
  credits: CommandRequest<typeof WalletCredit>[] = [];
  /** delay before answering a debit (ms) */
  delayMs = 0;
  /** perform debits but lose the answer while true (the worst case for the caller) */
  silent = false;
  /** refuse every debit with this reason while set */
  refuse: 'insufficient_funds' | 'unknown_account' | null = null;

  fund(userId: string, cents: number) {
    this.balances.set(userId, (this.balances.get(userId) ?? 0) + cents);
  }

  balance(userId: string) {
    return this.balances.get(userId) ?? 0;
  }

  async attach(infra: TestInfrastructure) {
    const subs = [
      await infra.bus.reply(WalletDebit.subject, async (req: CommandRequest<typeof WalletDebit>) => {
        expect(validate(WalletDebit.request, req)).toEqual([]);
        // the stand-in wallet answers late when a test asks (timeouts and overlapping requests are its subject)
        if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
        this.debits.push(req);
        const seen = this.replies.get(req.idempotencyKey);
        if (seen) return seen.ok ? { ...seen, duplicate: true } : seen;
        let reply: MoneyReply;
        const balance = this.balance(req.userId);
        if (this.refuse) reply = { ok: false, reason: this.refuse, msg: this.refuse };
        else if (balance < req.amountCents)
          reply = {
            ok: false,
            reason: 'insufficient_funds',
            msg: 'Insufficient balance',
            balanceCents: balance,
          };
        else {
          this.balances.set(req.userId, balance - req.amountCents);
          reply = {
            ok: true,
            transactionId: newId(),
            balanceCents: balance - req.amountCents,
            duplicate: false,
          };
        }
        this.replies.set(req.idempotencyKey, reply);
        if (this.silent) return new Promise(() => {});
        return reply;
      }),
      await infra.bus.reply(WalletCredit.subject, async (req: CommandRequest<typeof WalletCredit>) => {
        expect(validate(WalletCredit.request, req)).toEqual([]);
        this.credits.push(req);
        const seen = this.replies.get(req.idempotencyKey);
        if (seen) return { ...seen, duplicate: true };
        this.fund(req.userId, req.amountCents);
        const reply: MoneyReply = {
          ok: true,
          transactionId: newId(),
          balanceCents: this.balance(req.userId),
          duplicate: false,
        };
        this.replies.set(req.idempotencyKey, reply);
        return reply;
      }),
    ];
    return { stop: async () => Promise.all(subs.map((s) => s.stop())) };
  }
}

/**
 * A stand-in for the games service's games.get, which betting asks before a live bet: it
 * answers from what the test published, and vouches for every live price unless the test
 * marks the game suspended (the real rule is tested in services/games/test/live-prices).
 */
export class StandInGames {
  suspended = new Set<string>();
  /** prices games holds now, ahead of what it announced (default: the read model's) */
  prices = new Map<string, Game['odds']>();
  /** answer nothing (games unreachable) while true */
  silent = false;
  asked: string[][] = [];

  async attach(infra: TestInfrastructure, db: () => RunningService<BettingDB>['ctx']['db']) {
    const sub = await infra.bus.reply(GamesGet.subject, async (req: CommandRequest<typeof GamesGet>) => {
      expect(validate(GamesGet.request, req)).toEqual([]);
      this.asked.push(req.gameIds);
      if (this.silent) return new Promise(() => {});
      const rows = await db().selectFrom('games').selectAll().where('id', 'in', req.gameIds).execute();
      return {
        games: rows.map((r) => ({
          ...gameData({
            _id: r.id,
            homeTeam: r.home_team,
            awayTeam: r.away_team,
            status: r.status as Game['status'],
            odds: this.prices.get(r.id) ?? {
              home: r.odds_home / 100,
              draw: r.odds_draw / 100,
              away: r.odds_away / 100,
            },
          }),
          suspended: this.suspended.has(r.id),
        })),
      };
    });
    return { stop: () => sub.stop() };
  }
}

export interface Harness {
  infra: TestInfrastructure;
  svc: RunningService<BettingDB>;
  wallet: StandInWallet;
  liveCheck: StandInGames;
  /** every bets.* event the service published, in arrival order */
  events: EventEnvelope<any>[];
  close(): Promise<void>;
}

export async function startHarness(
  opts: { kind?: 'cluster' | 'embedded'; env?: Record<string, string>; wallet?: boolean } = {},
): Promise<Harness> {
  const infra = await testInfrastructure({ kind: opts.kind });
  const wallet = new StandInWallet();
  const walletSub = opts.wallet === false ? { stop: async () => {} } : await wallet.attach(infra);
  const gamesStandIn = new StandInGames();
  let svcRef: RunningService<BettingDB> | undefined;
  const gamesSub = await gamesStandIn.attach(infra, () => svcRef!.ctx.db);
  const svc = await startService(bettingService, infra, {
    env: {
      WALLET_TIMEOUT_MS: '1500',
      RECONCILE_INTERVAL_MS: '200',
      RECONCILE_AFTER_MS: '2000',
      LIVE_CHECK_TIMEOUT_MS: '500',
      // small but not nothing: every live bet goes through the acceptance delay's re-check
      LIVE_ACCEPT_DELAY_MS: '200',
      // the replay tests count what the service wrote in its outbox
      OUTBOX_KEEP_HOURS: '24',
      ...opts.env,
    },
  });
  svcRef = svc;
  const events: EventEnvelope<any>[] = [];
  const recorder = await infra.bus.consume({
    durable: 'test-recorder',
    subjects: ['bets.>'],
    handler: async (e) => {
      events.push(e);
    },
  });
  return {
    infra,
    svc,
    wallet,
    liveCheck: gamesStandIn,
    events,
    async close() {
      await recorder.stop();
      await svc.stop();
      await walletSub.stop();
      await gamesSub.stop();
      await infra.close();
    },
  };
}

export function envelope<T>(subject: string, data: T, occurredAt = new Date()): EventEnvelope<T> {
  return { id: newId(), subject, version: 1, occurredAt: occurredAt.toISOString(), data };
}

let clock = Date.now();
/** strictly increasing event times, so ordering guards see the order the test meant */
const tick = () => {
  clock = Math.max(clock + 1, Date.now());
  return new Date(clock);
};

export function gameData(over: Partial<Game> = {}): Game {
  return {
    _id: newId(),
    homeTeam: 'Enyimba',
    awayTeam: 'Rivers United',
    homeTeamLogo: null,
    awayTeamLogo: null,
    league: 'Nigeria Premier Football League',
    matchDate: new Date(Date.now() + 3_600_000).toISOString(),
    status: 'upcoming',
    scores: { home: 0, away: 0 },
    elapsedTime: null,
    odds: { home: 2.1, draw: 3.2, away: 3.6 },
    result: null,
    ...over,
  };
}

/** Publishes games events as the games service would and waits until betting has seen them. */
export class Games {
  constructor(private readonly h: Harness) {}

  private async publish<T>(schema: { subject: string; schema: any }, data: T) {
    expect(validate(schema.schema, data)).toEqual([]);
    const e = envelope(schema.subject, data, tick());
    await this.h.infra.bus.publish(e);
    return e;
  }

  private row(id: string) {
    return this.h.svc.ctx.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(over: Partial<Game> = {}): Promise<Game> {
    const game = gameData(over);
    await this.publish(GamesCreated, { game });
    await eventually(() => this.row(game._id));
    return game;
  }

  /** A live game with in-play prices. */
  async live(game: Game, odds = game.odds): Promise<Game> {
    const next = { ...game, status: 'live' as const, elapsedTime: 10 };
    await this.publish(GamesUpdated, { game: next });
    await this.publish(GamesOddsChanged, { gameId: game._id, odds, live: true });
    await eventually(async () => {
      const r = await this.row(game._id);
      return r?.status === 'live' && r.odds_live && r.odds_home === Math.round(odds.home * 100) && r;
    });
    return { ...next, odds };
  }

  async odds(
    gameId: string,
    odds: { home: number; draw: number; away: number },
    live = true,
    extra: { suspendedUntil?: string } = {},
  ) {
    await this.publish(GamesOddsChanged, { gameId, odds, live, ...extra });
    await eventually(async () => (await this.row(gameId))?.odds_home === Math.round(odds.home * 100));
  }

  async update(game: Game) {
    await this.publish(GamesUpdated, { game });
    await eventually(async () => (await this.row(game._id))?.status === game.status);
  }

  settledEvent(gameId: string, result: 'A' | 'Draw' | 'B') {
    const scores =
      result === 'A' ? { home: 2, away: 1 } : result === 'B' ? { home: 0, away: 1 } : { home: 1, away: 1 };
    const data = { gameId, result, scores, settledAt: tick().toISOString() };
    expect(validate(GamesSettled.schema, data)).toEqual([]);
    return envelope(GamesSettled.subject, data, tick());
  }

  async settle(gameId: string, result: 'A' | 'Draw' | 'B') {
    const e = this.settledEvent(gameId, result);
    await this.h.infra.bus.publish(e);
    return e;
  }

  async cancel(gameId: string) {
    return this.publish(GamesCancelled, { gameId, cancelledAt: tick().toISOString() });
  }

  async correct(gameId: string, previousResult: 'A' | 'Draw' | 'B', result: 'A' | 'Draw' | 'B') {
    const scores =
      result === 'A' ? { home: 3, away: 1 } : result === 'B' ? { home: 0, away: 2 } : { home: 2, away: 2 };
    return this.publish(GamesResultCorrected, {
      gameId,
      previousResult,
      result,
      scores,
      correctedAt: tick().toISOString(),
      correctedBy: newId(),
    });
  }
}

export async function setLimits(
  h: Harness,
  userId: string,
  limits: EventData<typeof UserUpdated>['limits'],
  username = 'limited',
  protection?: EventData<typeof UserUpdated>['protection'],
) {
  const data: EventData<typeof UserUpdated> = {
    userId,
    username,
    email: `${username}@example.com`,
    firstName: 'L',
    lastName: 'M',
    state: null,
    profilePicture: null,
    limits,
    ...(protection ? { protection } : {}),
  };
  expect(validate(UserUpdated.schema, data)).toEqual([]);
  const e = envelope(UserUpdated.subject, data, tick());
  await h.infra.bus.publish(e);
  await eventually(async () => {
    const u = await h.svc.ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    return u && new Date(u.version_at).getTime() === new Date(e.occurredAt).getTime();
  });
}

/** A signed-in player with money in the stand-in wallet. */
export async function player(h: Harness, cents = 100_000, username = `p${newId().slice(-6)}`) {
  const id = newId();
  h.wallet.fund(id, cents);
  const token = await h.infra.token({ id, username });
  return { id, username, token, auth: { authorization: `Bearer ${token}` } };
}

export async function call(
  h: Harness,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers?: Record<string, string>,
  payload?: unknown,
) {
  const res = await h.svc.app.inject({ method, url, headers, payload: payload as any });
  return { status: res.statusCode, body: res.json() as any };
}

/**
 * Waits until betting has handled every games result published so far and the recorder has
 * every event betting published so far (where a test checks that nothing more happens).
 * Results are handled one at a time in publication order, each evaluated before the next:
 * a result for a game nobody bet on marks the point. The outbox publishes in order and the
 * recorder reads in stream order: a marker published after the outbox is empty marks the rest.
 */
export async function drained(h: Harness) {
  const marker = new Games(h).settledEvent(newId(), 'A');
  await h.infra.bus.publish(marker);
  await eventually(() =>
    h.svc.ctx.db.selectFrom('games').select('id').where('id', '=', marker.data.gameId).executeTakeFirst(),
  );
  await eventually(async () => {
    const waiting = await h.svc.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('published_at', 'is', null)
      .executeTakeFirst();
    return !waiting;
  });
  const seen = envelope('bets.test_marker', {});
  await h.infra.bus.publish(seen);
  await eventually(() => h.events.some((e) => e.id === seen.id));
}

export const betsOf = (h: Harness, subject: string, betId?: string) =>
  h.events.filter((e) => e.subject === subject && (!betId || e.data.betId === betId));
