import { randomBytes } from 'node:crypto';
import { absoluteAssetUrl, acquireLease, newId, releaseLease } from '@bet/kit';
import { GamesCreated, GamesSettled, GamesUpdated } from '@bet/proto-events';
import type { KitContext } from '../config';
import {
  type CalendarParams,
  type Fixture,
  fixturesForSlot,
  showcaseSlots,
  slotAt,
  slotKickoff,
} from '../domain/calendar';
import { type GameRecord, toApiGame } from '../domain/game';
import { LEAGUES } from '../domain/leagues';
import type { LivePolicy } from '../domain/live';
import { logoUrl } from '../domain/logos';
import { publicMarkets } from '../domain/market-control';
import { gameMarkets, htScoreOf } from '../domain/markets';
import { simulateGame } from '../domain/simulation';
import { clearedPinsAudit, LIVE_TRADING_ACTOR } from '../domain/trading';
import type { DB } from '../store/db';
import {
  confirmPrices,
  deleteOldSimulated,
  insertFixtureGames,
  insertMatchEvents,
  lockSimulated,
  type NewMatchEvent,
  savePinsCleared,
  saveSimulated,
  selectDueSimulated,
} from '../store/games';
import { insertMetaIfAbsent, readMeta, writeMeta } from '../store/meta';
import { type Announcement, announce, oddsChanged, recordAnnouncements } from './announcements';
import { audit } from './audit';
import { loadStrengths, marketMarginsOf, modelFor } from './pricing';
import { seedRankings } from './rankings';
import { repriceAfterResult } from './results';

export interface TickStats {
  /** false when another replica holds the simulator lease */
  leader: boolean;
  created: number;
  kickedOff: number;
  advanced: number;
  finished: number;
  events: number;
  /** old simulated games removed from the catalogue */
  pruned: number;
}

const LEASE = 'simulator';
const SECRET_KEY = 'simulator_secret';
const SLOTS_PER_TX = 24;
const DAY_MS = 86_400_000;

/**
 * Drives the built-in provider: keeps the rolling calendar filled, kicks matches off at
 * their time, plays them at SIMULATOR_SPEED through the pure match engine, and persists
 * each step with the events it owes in one transaction. The `simulator` job ticks it on
 * every replica, but a tick does nothing unless it takes or renews the `simulator` lease,
 * so exactly one replica drives it and another takes over when the leader stops renewing.
 * (Tests and the benchmark tick it by hand on a clock they move.)
 */
export class SimulatorRunner {
  readonly holder = `sim-${newId()}`;
  private seeded = false;
  private secretHex: string | null = null;
  /** until when this runner holds the lease for sure (as of its last renewal): renewed every ttl/3, not every tick */
  private heldUntil = 0;

  private readonly clock: () => number;
  private readonly calendar: boolean;

  /** `clock` replaces the wall clock (tests, benchmark); `calendar: false` only plays games already there */
  constructor(
    private readonly ctx: KitContext,
    opts: { clock?: () => number; calendar?: boolean } = {},
  ) {
    this.clock = opts.clock ?? Date.now;
    this.calendar = opts.calendar ?? true;
  }

  private get cfg() {
    return this.ctx.config;
  }

  private get policy(): LivePolicy {
    return {
      minMove: this.cfg.LIVE_ODDS_MIN_MOVE,
      maxAgeMinutes: this.cfg.LIVE_ODDS_MAX_AGE_MINUTES,
      clockEveryMinutes: this.cfg.LIVE_CLOCK_EVERY_MINUTES,
    };
  }

  /** Lets go of the lease, so another replica takes over at once. */
  async stop() {
    this.heldUntil = 0;
    await releaseLease(this.ctx.db, LEASE, this.holder).catch(() => {});
  }

  async tick(now = this.clock()): Promise<TickStats> {
    const stats: TickStats = {
      leader: false,
      created: 0,
      kickedOff: 0,
      advanced: 0,
      finished: 0,
      events: 0,
      pruned: 0,
    };
    const ttl = Math.max(5_000, this.cfg.SIMULATOR_TICK_MS * 5);
    if (!(await this.lead(ttl))) return stats;
    stats.leader = true;
    if (this.calendar) {
      await this.seedRankingsOnce();
      await this.extendCalendar(now, stats);
      stats.pruned = await this.pruneOld(now);
    }
    const ids = await selectDueSimulated(this.ctx.db, new Date(now));
    const finishedTeams: string[] = [];
    for (let i = 0; i < ids.length; i += this.cfg.SIMULATOR_BATCH) {
      await this.advanceBatch(ids.slice(i, i + this.cfg.SIMULATOR_BATCH), now, stats, finishedTeams);
    }
    if (finishedTeams.length > 0) await repriceAfterResult(this.ctx, finishedTeams);
    return stats;
  }

  /**
   * Takes or renews the lease when a third of its life has gone (as `keepLease` does), not on
   * every tick: a tick a second would otherwise write the lease row a second. Measured on the
   * wall clock, whatever clock the ticks are given.
   */
  private async lead(ttl: number): Promise<boolean> {
    const started = Date.now();
    if (started < this.heldUntil - (2 * ttl) / 3) return true;
    const held = await acquireLease(this.ctx.db, LEASE, this.holder, ttl);
    this.heldUntil = held ? started + ttl : 0;
    return held;
  }

  /**
   * The deployment's simulator secret (issue 13 item 1): SIMULATOR_SECRET when the operator
   * manages it, otherwise 256 random bits made at first start and kept in this service's own
   * database, shared by its replicas. Never defaulted, never logged, never published.
   */
  private async secret(): Promise<string> {
    if (this.secretHex) return this.secretHex;
    const given = this.cfg.SIMULATOR_SECRET;
    if (given) {
      this.secretHex = given.toLowerCase();
      return this.secretHex;
    }
    await insertMetaIfAbsent(this.ctx.db, SECRET_KEY, { hex: randomBytes(32).toString('hex') });
    const stored = await readMeta<{ hex: string }>(this.ctx.db, SECRET_KEY);
    if (!stored) throw new Error('the simulator secret could not be stored');
    this.secretHex = stored.hex;
    return this.secretHex;
  }

  /** The clubs' built-in ratings become their power rankings once; admins tune them after. */
  private async seedRankingsOnce() {
    if (this.seeded) return;
    await this.ctx.tx(async (trx) => {
      if (await insertMetaIfAbsent(trx, 'rankings_seeded', true))
        await seedRankings(
          trx,
          LEAGUES.flatMap((l) => l.teams),
        );
    });
    this.seeded = true;
  }

  /**
   * Keeps the catalogue to a window: a simulated game finished or cancelled longer ago than
   * SIMULATOR_KEEP_HOURS leaves it, unless someone bet on it (its bets still show their game
   * from the betting service either way; a game with bets stays reachable by id here too).
   */
  private pruneOld(now: number): Promise<number> {
    const before = new Date(now - (this.cfg.SIMULATOR_KEEP_HOURS * 3_600_000) / this.cfg.SIMULATOR_SPEED);
    return deleteOldSimulated(this.ctx.db, before);
  }

  private async extendCalendar(now: number, stats: TickStats) {
    const { SIMULATOR_SEED: seed, SIMULATOR_SPEED: speed, SIMULATOR_SLOT_MINUTES: slotMinutes } = this.cfg;
    const params = { seed, slotMinutes, matchesPerSlot: this.cfg.SIMULATOR_MATCHES_PER_SLOT };
    const key = `calendar:${seed}:${speed}:${slotMinutes}:${params.matchesPerSlot}`;
    const hour = 3_600_000 / speed;
    const last = await readMeta<number | string>(this.ctx.db, key);
    const lastSlot = last === null ? null : Number(last);
    const first = slotAt(now - this.cfg.SIMULATOR_BACKFILL_HOURS * hour, speed, slotMinutes);
    const until = slotAt(now + this.cfg.SIMULATOR_HORIZON_HOURS * hour, speed, slotMinutes);
    // after a long stop, resume from the backfill window instead of replaying every missed slot
    for (
      let from = Math.max(first, lastSlot === null ? first : lastSlot + 1);
      from <= until;
      from += SLOTS_PER_TX
    ) {
      const to = Math.min(until, from + SLOTS_PER_TX - 1);
      const slots: number[] = [];
      for (let s = from; s <= to; s++) slots.push(s);
      await this.createFixtures(params, slots, stats, (trx) => writeMeta(trx, key, to));
    }
    await this.bookShowcaseDays(now, until, params, stats);
  }

  /**
   * The weekly showcase rounds of the coming days (domain/calendar.ts showcaseSlots), beyond
   * the rolling horizon: booked once per new day, so a day chip a week ahead is never empty.
   * They are slots of the same calendar, so the rolling window later finds them already there.
   */
  private async bookShowcaseDays(now: number, until: number, params: CalendarParams, stats: TickStats) {
    const days = this.cfg.SIMULATOR_CALENDAR_DAYS;
    if (days === 0) return;
    const { SIMULATOR_SPEED: speed, SIMULATOR_SLOT_MINUTES: slotMinutes } = this.cfg;
    const key = `showcase:${params.seed}:${speed}:${slotMinutes}:${params.matchesPerSlot}`;
    const end = (Math.floor(now / DAY_MS) + days) * DAY_MS;
    const done = Number((await readMeta<number | string>(this.ctx.db, key)) ?? 0);
    const start = Math.max(now, done);
    if (start >= end) return;
    const slots = showcaseSlots(start, end, speed, slotMinutes).filter((s) => s > until);
    for (let i = 0; i < slots.length; i += SLOTS_PER_TX) {
      const last = i + SLOTS_PER_TX >= slots.length;
      await this.createFixtures(params, slots.slice(i, i + SLOTS_PER_TX), stats, (trx) =>
        last ? writeMeta(trx, key, end) : Promise.resolve(),
      );
    }
    if (slots.length === 0) await writeMeta(this.ctx.db, key, end);
  }

  /** Creates the games of these slots that do not exist yet and announces them. */
  private async createFixtures(
    params: CalendarParams,
    slots: number[],
    stats: TickStats,
    also: (trx: DB) => Promise<unknown>,
  ) {
    const { SIMULATOR_SPEED: speed, SIMULATOR_SLOT_MINUTES: slotMinutes } = this.cfg;
    const fixtures: Fixture[] = slots.flatMap((s) => fixturesForSlot(params, s, speed));
    await this.ctx.tx(async (trx) => {
      const strengths = await loadStrengths(
        trx,
        fixtures.flatMap((f) => [f.homeTeam, f.awayTeam]),
      );
      const games: GameRecord[] = fixtures.map((f) => {
        const { lambdas, prices } = modelFor(strengths, f.homeTeam, f.awayTeam, this.cfg.ODDS_MARGIN);
        return {
          id: newId(),
          provider: 'simulator',
          providerId: f.key,
          homeTeam: f.homeTeam,
          awayTeam: f.awayTeam,
          homeTeamLogo: absoluteAssetUrl(this.cfg.PUBLIC_URL, logoUrl(f.homeTeam)),
          awayTeamLogo: absoluteAssetUrl(this.cfg.PUBLIC_URL, logoUrl(f.awayTeam)),
          league: f.league,
          matchDate: new Date(slotKickoff(f.slot, speed, slotMinutes)),
          status: 'upcoming',
          score: { home: 0, away: 0 },
          elapsed: null,
          result: null,
          odds: prices,
          base: prices,
          adjusted: null,
          priceSource: 'model',
          lambdas,
          sim: null,
          settledAt: null,
          cancelledAt: null,
        };
      });
      const fresh = await insertFixtureGames(trx, games);
      const events = games
        .filter((g) => fresh.has(g.id))
        .map((g) => {
          const markets = gameMarkets(g, marketMarginsOf(this.cfg));
          return announce(GamesCreated, markets ? { game: toApiGame(g), markets } : { game: toApiGame(g) });
        });
      await also(trx);
      await recordAnnouncements(trx, events);
      stats.created += events.length;
      stats.events += events.length;
    });
  }

  private async advanceBatch(ids: string[], now: number, stats: TickStats, finishedTeams: string[]) {
    const { SIMULATOR_SPEED: speed, ODDS_MARGIN: margin } = this.cfg;
    const secret = await this.secret();
    await this.ctx.tx(async (trx) => {
      // re-read under lock: an admin may have cancelled, settled or moved a game meanwhile
      const locked = await lockSimulated(trx, ids);
      const events: Announcement[] = [];
      const updates: GameRecord[] = [];
      const matchEvents: NewMatchEvent[] = [];
      // live games whose price the model has just re-evaluated: their market stays open
      // (an admin's in-play price is not the model's: it stays fresh only by the admin's own confirmation)
      const confirmed: string[] = [];
      // games whose admin pins a goal or a red card cleared (games-007)
      const cleared: GameRecord[] = [];
      for (const { game: before, interested } of locked) {
        const step = simulateGame({
          game: before,
          now,
          speed,
          margin,
          marketMargins: marketMarginsOf(this.cfg),
          policy: this.policy,
          interested,
          secret,
          suspendMs: this.cfg.LIVE_SUSPEND_MS,
        });
        if (step.kind === 'idle') continue;
        if (step.kind === 'unchanged') {
          if (before.adjusted === null) confirmed.push(before.id);
          continue;
        }
        if (step.kicked) stats.kickedOff++;
        if (step.kind === 'impossible') {
          // never persist an impossible state; the game waits for an admin
          this.ctx.logger.error(
            { gameId: before.id, broken: step.broken },
            'simulator produced an impossible state; step dropped',
          );
          continue;
        }
        const { after } = step;
        updates.push(after);
        if (!step.finished && after.adjusted === null) confirmed.push(before.id);
        if (step.clearedPins) {
          cleared.push(after);
          const { before: was, after: now } = clearedPinsAudit(step.clearedPins, step.jolt ?? 'in play');
          await audit(trx, LIVE_TRADING_ACTOR, 'market.pins_cleared', 'game', before.id, was, now);
        }
        for (const e of step.events) {
          matchEvents.push({
            game_id: before.id,
            seq: e.seq,
            type: e.type,
            side: e.side,
            elapsed: e.elapsed,
            extra: e.extra,
            player: e.player,
            team: e.side === 'home' ? before.homeTeam : before.awayTeam,
            detail: e.detail,
          });
        }
        if (step.update) events.push(announce(GamesUpdated, { game: toApiGame(after) }));
        if (step.announcePrice) {
          // the new prices are announced at once, and taken only after the suspension; an
          // admin's pinned prices and suspended markets stay laid over the model's
          events.push(
            oddsChanged(
              { ...after, status: 'live' },
              publicMarkets(after.sim?.markets ?? null, after.marketControl),
              now,
            ),
          );
        }
        if (step.finished) {
          const ht = htScoreOf(after);
          events.push(
            announce(GamesSettled, {
              gameId: before.id,
              result: after.result!,
              scores: { ...after.score },
              ...(ht ? { htScores: ht } : {}),
              settledAt: new Date(now).toISOString(),
            }),
          );
          finishedTeams.push(before.homeTeam, before.awayTeam);
          stats.finished++;
        }
        stats.advanced++;
      }
      await saveSimulated(trx, updates);
      await savePinsCleared(trx, cleared);
      await confirmPrices(trx, confirmed, new Date(now));
      await insertMatchEvents(trx, matchEvents);
      await recordAnnouncements(trx, events);
      stats.events += events.length;
    });
  }
}
