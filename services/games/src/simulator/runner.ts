import { randomBytes } from 'node:crypto';
import { absoluteAssetUrl, acquireLease, newId, releaseLease } from '@bet/kit';
import { GamesCreated, GamesOddsChanged, GamesSettled, GamesUpdated } from '@bet/proto-events';
import { sql } from 'kysely';
import { event, type PendingEvent, recordEvents } from '../app/events';
import { repriceAfterResult } from '../app/games';
import { loadStrengths, modelFor } from '../app/pricing';
import { seedRankings } from '../app/rankings';
import type { Ctx, DB } from '../context';
import { gameToRow, rowToGame } from '../db/rows';
import { type Fixture, fixturesForSlot, slotAt, slotKickoff, squadOf } from '../domain/calendar';
import { type GameRecord, toApiGame, toDecimalOdds } from '../domain/game';
import { ALL_TEAMS, LEAGUES } from '../domain/leagues';
import { advanceLive, type LivePolicy, type SimRecord } from '../domain/live';
import { logoUrl } from '../domain/logos';
import { invariantViolations, resultOf, startMatch } from '../domain/match';
import { matchKey } from '../domain/rng';

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

/**
 * Drives the built-in provider: keeps the rolling calendar filled, kicks matches off at
 * their time, plays them at SIMULATOR_SPEED through the pure match engine, and persists
 * each step with the events it owes in one transaction. Exactly one replica drives it
 * (lease row); the others stand by and take over when the leader stops renewing.
 */
export class SimulatorRunner {
  readonly holder = `sim-${newId()}`;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private inflight: Promise<unknown> | undefined;
  private seeded = false;

  private readonly clock: () => number;
  private readonly calendar: boolean;

  /** `clock` replaces the wall clock (tests, benchmark); `calendar: false` only plays games already there */
  constructor(
    private readonly ctx: Ctx,
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

  /** Runs the first tick (awaitable) and keeps ticking every SIMULATOR_TICK_MS. */
  start(): Promise<unknown> {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      this.inflight = this.tick().catch((err) => this.ctx.logger.error({ err }, 'simulator tick failed'));
      await this.inflight;
      if (!this.stopped) this.timer = setTimeout(loop, this.cfg.SIMULATOR_TICK_MS);
    };
    const first = loop();
    return first;
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.inflight;
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
    if (!(await acquireLease(this.ctx.db, LEASE, this.holder, ttl))) return stats;
    stats.leader = true;
    if (this.calendar) {
      await this.seedRankingsOnce();
      await this.extendCalendar(now, stats);
      stats.pruned = await this.pruneOld(now);
    }
    const due = await this.ctx.db
      .selectFrom('games')
      .select('id')
      .where('provider', '=', 'simulator')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'live'),
          eb.and([eb('status', '=', 'upcoming'), eb('match_date', '<=', new Date(now))]),
        ]),
      )
      .orderBy('match_date')
      .orderBy('id')
      .execute();
    const ids = due.map((r) => r.id);
    const finishedTeams: string[] = [];
    for (let i = 0; i < ids.length; i += this.cfg.SIMULATOR_BATCH) {
      await this.advanceBatch(ids.slice(i, i + this.cfg.SIMULATOR_BATCH), now, stats, finishedTeams);
    }
    if (finishedTeams.length > 0) await repriceAfterResult(this.ctx, finishedTeams);
    return stats;
  }

  private secretHex: string | null = null;

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
    await this.ctx.db
      .insertInto('meta')
      .values({ key: SECRET_KEY, value: JSON.stringify({ hex: randomBytes(32).toString('hex') }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.ctx.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', SECRET_KEY)
      .executeTakeFirstOrThrow();
    const stored = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as { hex: string };
    this.secretHex = stored.hex;
    return this.secretHex;
  }

  /** The clubs' built-in ratings become their power rankings once; admins tune them after. */
  private async seedRankingsOnce() {
    if (this.seeded) return;
    await this.ctx.tx(async (trx) => {
      const fresh = await trx
        .insertInto('meta')
        .values({ key: 'rankings_seeded', value: JSON.stringify(true) })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (fresh)
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
  private async pruneOld(now: number): Promise<number> {
    const before = new Date(now - (this.cfg.SIMULATOR_KEEP_HOURS * 3_600_000) / this.cfg.SIMULATOR_SPEED);
    const res = await this.ctx.db
      .deleteFrom('games')
      .where('provider', '=', 'simulator')
      .where('status', 'in', ['finished', 'cancelled'])
      .where('match_date', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('game_interest').select('game_id').whereRef('game_interest.game_id', '=', 'games.id'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows ?? 0);
  }

  private async extendCalendar(now: number, stats: TickStats) {
    const { SIMULATOR_SEED: seed, SIMULATOR_SPEED: speed, SIMULATOR_SLOT_MINUTES: slotMinutes } = this.cfg;
    const params = { seed, slotMinutes, matchesPerSlot: this.cfg.SIMULATOR_MATCHES_PER_SLOT };
    const key = `calendar:${seed}:${speed}:${slotMinutes}:${params.matchesPerSlot}`;
    const hour = 3_600_000 / speed;
    const last = await this.ctx.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    const lastSlot = last
      ? Number(typeof last.value === 'string' ? JSON.parse(last.value) : last.value)
      : null;
    const first = slotAt(now - this.cfg.SIMULATOR_BACKFILL_HOURS * hour, speed, slotMinutes);
    const until = slotAt(now + this.cfg.SIMULATOR_HORIZON_HOURS * hour, speed, slotMinutes);
    // after a long stop, resume from the backfill window instead of replaying every missed slot
    for (
      let from = Math.max(first, lastSlot === null ? first : lastSlot + 1);
      from <= until;
      from += SLOTS_PER_TX
    ) {
      const to = Math.min(until, from + SLOTS_PER_TX - 1);
      const fixtures: Fixture[] = [];
      for (let s = from; s <= to; s++) fixtures.push(...fixturesForSlot(params, s, speed));
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
        const inserted =
          games.length === 0
            ? []
            : await trx
                .insertInto('games')
                .values(games.map(gameToRow))
                .onConflict((oc) =>
                  oc.columns(['provider', 'provider_id']).where('provider_id', 'is not', null).doNothing(),
                )
                .returning('id')
                .execute();
        const fresh = new Set(inserted.map((r) => r.id));
        const events = games
          .filter((g) => fresh.has(g.id))
          .map((g) => event(GamesCreated, { game: toApiGame(g) }));
        await trx
          .insertInto('meta')
          .values({ key, value: JSON.stringify(to) })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(to) }))
          .execute();
        await recordEvents(trx, events);
        stats.created += events.length;
        stats.events += events.length;
      });
    }
  }

  private async advanceBatch(ids: string[], now: number, stats: TickStats, finishedTeams: string[]) {
    const { SIMULATOR_SPEED: speed, ODDS_MARGIN: margin } = this.cfg;
    const secret = await this.secret();
    await this.ctx.tx(async (trx) => {
      // re-read under lock: an admin may have cancelled, settled or moved a game meanwhile
      const rows = await trx
        .selectFrom('games')
        .leftJoin('game_interest', 'game_interest.game_id', 'games.id')
        .selectAll('games')
        .select('game_interest.game_id as interest')
        .where('games.id', 'in', ids)
        .where('games.provider', '=', 'simulator')
        .orderBy('games.id')
        .forUpdate('games')
        .execute();
      const interest = new Set(rows.filter((r) => r.interest != null).map((r) => r.id));
      const events: PendingEvent[] = [];
      const updates: GameRecord[] = [];
      const matchEvents: Array<Record<string, unknown>> = [];
      // live games whose price the model has just re-evaluated: their market stays open
      const confirmed: string[] = [];
      for (const row of rows) {
        const before = rowToGame(row);
        if (before.status === 'upcoming' && before.matchDate.getTime() > now) continue;
        if (before.status !== 'upcoming' && before.status !== 'live') continue;
        let working = before;
        let kicked = false;
        if (before.status === 'upcoming' || !before.sim) {
          const lambdas =
            before.lambdas ?? modelFor(new Map(), before.homeTeam, before.awayTeam, margin).lambdas;
          const pool = (team: string) => ALL_TEAMS.get(team)?.league.names ?? 'en';
          const sim: SimRecord = {
            kickoffAt: before.status === 'upcoming' ? before.matchDate.getTime() : now,
            match: startMatch({
              lambdas,
              homeSquad: squadOf(before.homeTeam, pool(before.homeTeam)),
              awaySquad: squadOf(before.awayTeam, pool(before.awayTeam)),
              key: matchKey(secret, before.providerId ?? before.id),
            }),
            oddsClock: 0,
            updateClock: 0,
          };
          working = { ...before, status: 'live', elapsed: 0, sim };
          kicked = true;
          stats.kickedOff++;
        }
        const rec = working.sim!;
        const out = advanceLive({
          rec,
          targetClock: Math.floor(((now - rec.kickoffAt) * speed) / 60_000),
          announced: working.odds,
          adjusted: working.adjusted !== null,
          interested: interest.has(before.id),
          margin,
          policy: this.policy,
        });
        // an admin's in-play price is not the model's: it stays fresh only as long as the admin's own confirmation
        const confirm = () => {
          if (working.adjusted === null) confirmed.push(before.id);
        };
        if (!out.changed && !kicked) {
          confirm();
          continue;
        }
        const match = out.rec.match;
        const broken = invariantViolations(match, out.events);
        if (broken.length > 0) {
          // never persist an impossible state; the game waits for an admin
          this.ctx.logger.error(
            { gameId: before.id, broken },
            'simulator produced an impossible state; step dropped',
          );
          continue;
        }
        const after: GameRecord = {
          ...working,
          sim: out.rec,
          score: { ...match.score },
          elapsed: match.minute,
          base: out.model ?? working.base,
          odds: out.announce ?? working.odds,
        };
        if (out.finished) {
          after.status = 'finished';
          after.result = resultOf(match.score);
          after.settledAt = new Date(now);
          after.elapsed = 90;
        }
        updates.push(after);
        if (!out.finished) confirm();
        for (const e of out.events) {
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
        if (kicked || out.update) events.push(event(GamesUpdated, { game: toApiGame(after) }));
        // at kick-off the price is re-announced as in-play even if it did not move (see changeEvents)
        if (out.announce || (kicked && !out.finished)) {
          events.push(
            event(GamesOddsChanged, { gameId: before.id, odds: toDecimalOdds(after.odds), live: true }),
          );
        }
        if (out.finished) {
          events.push(
            event(GamesSettled, {
              gameId: before.id,
              result: after.result!,
              scores: { ...match.score },
              settledAt: new Date(now).toISOString(),
            }),
          );
          finishedTeams.push(before.homeTeam, before.awayTeam);
          stats.finished++;
        }
        stats.advanced++;
      }
      await saveSimulated(trx, updates);
      if (confirmed.length > 0)
        await trx
          .updateTable('games')
          .set({ prices_at: new Date(now) })
          .where('id', 'in', confirmed)
          .execute();
      if (matchEvents.length > 0) {
        await trx
          .insertInto('match_events')
          .values(matchEvents as any)
          .onConflict((oc) => oc.columns(['game_id', 'seq']).doNothing())
          .execute();
      }
      await recordEvents(trx, events);
      stats.events += events.length;
    });
  }
}

/**
 * Writes the columns a simulator step changes for a whole batch in one UPDATE … FROM
 * (VALUES …): one round trip per batch instead of one per game.
 */
async function saveSimulated(trx: DB, games: GameRecord[]) {
  if (games.length === 0) return;
  const values = games.map(
    (g) =>
      sql`(${g.id}, ${g.status}, ${g.score.home}, ${g.score.away}, ${g.elapsed}, ${g.result}, ${g.odds.home}, ${g.odds.draw}, ${g.odds.away}, ${g.base.home}, ${g.base.draw}, ${g.base.away}, ${g.sim ? JSON.stringify(g.sim) : null}, ${g.settledAt ? g.settledAt.toISOString() : null})`,
  );
  await sql`
    update games as g set
      status = v.status, home_score = v.home_score::int, away_score = v.away_score::int, elapsed = v.elapsed::int,
      result = v.result, odds_home = v.odds_home::int, odds_draw = v.odds_draw::int, odds_away = v.odds_away::int,
      base_home = v.base_home::int, base_draw = v.base_draw::int, base_away = v.base_away::int,
      sim_state = v.sim_state::jsonb, settled_at = v.settled_at::timestamptz, updated_at = now()
    from (values ${sql.join(values)}) as v(id, status, home_score, away_score, elapsed, result, odds_home, odds_draw, odds_away,
      base_home, base_draw, base_away, sim_state, settled_at)
    where g.id = v.id`.execute(trx);
}
