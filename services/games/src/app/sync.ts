import { acquireLease, isUniqueViolation, newId } from '@bet/kit';
import { GamesSettled } from '@bet/proto-events';
import type { KitContext } from '../config';
import type { Actor } from '../domain/actor';
import { ProviderFailedError, SyncNotConfiguredError } from '../domain/errors';
import { htScoreOf } from '../domain/markets';
import { mergeFixture } from '../domain/merge';
import { clearedPinsAudit, LIVE_TRADING_ACTOR } from '../domain/trading';
import { AllSportsApi } from '../providers/allsportsapi';
import { ApiFootball } from '../providers/apifootball';
import {
  ProviderError,
  type ProviderEvent,
  type ProviderFixture,
  type ProviderPrice,
  SOURCE_KEY_ENV,
  SOURCE_LABEL,
  type SourceName,
  type SportsProvider,
} from '../providers/types';
import {
  confirmPrices,
  insertGame,
  lockProviderGame,
  type NewMatchEvent,
  replaceMatchEvents,
  saveGame,
} from '../store/games';
import { announce, recordAnnouncements } from './announcements';
import { audit } from './audit';
import { changeEvents } from './game-changes';
import { loadStrengths, marketMarginsOf, modelFor } from './pricing';
import { repriceAfterResult } from './results';

export interface SyncSummary {
  source: SourceName;
  fetched: number;
  created: number;
  updated: number;
  settled: number;
  cancelled: number;
  keptAdjusted: number;
  conflicts: string[];
  warnings: string[];
}

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const leagues = (csv: string) =>
  new Set(
    csv
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * Brings games in from the real providers: on demand (the admin's sync button) and on a
 * schedule for every provider whose key is set (the `provider-sync` job). Each fixture is
 * upserted by (provider, provider id) in its own transaction, so a run is idempotent and a
 * failure half-way keeps what was already synced.
 */
export class SyncService {
  private readonly running = new Map<SourceName, Promise<SyncSummary>>();
  private readonly holder = `sync-${newId()}`;

  constructor(
    private readonly ctx: KitContext,
    private readonly now: () => number = Date.now,
  ) {}

  provider(source: SourceName): SportsProvider | null {
    const c = this.ctx.config;
    const common = { timeoutMs: c.PROVIDER_TIMEOUT_MS, maxPages: c.SYNC_MAX_PAGES };
    if (source === 'apifootball') {
      return c.API_FOOTBALL_KEY
        ? new ApiFootball({
            ...common,
            baseUrl: c.API_FOOTBALL_URL,
            key: c.API_FOOTBALL_KEY,
            leagues: leagues(c.API_FOOTBALL_LEAGUES),
          })
        : null;
    }
    return c.ALLSPORTS_API_KEY
      ? new AllSportsApi({
          ...common,
          baseUrl: c.ALLSPORTS_API_URL,
          key: c.ALLSPORTS_API_KEY,
          leagues: leagues(c.ALLSPORTS_LEAGUES),
        })
      : null;
  }

  configuredSources(): SourceName[] {
    return (['apifootball', 'allsportsapi'] as const).filter((s) => this.provider(s) !== null);
  }

  /** The admin's sync: answers a message, or a refusal that says what went wrong. */
  async runOnDemand(source: SourceName, actor: Actor): Promise<string> {
    if (!this.provider(source)) {
      throw new SyncNotConfiguredError(
        `${SOURCE_LABEL[source]} sync is not configured: set ${SOURCE_KEY_ENV[source]}`,
      );
    }
    // a sync already running (the scheduled one, another click) is joined, not refused: the
    // admin waits for it and gets its result (a 409 here showed an error, then that success)
    let summary: SyncSummary;
    try {
      summary = await this.run(source);
    } catch (err) {
      if (err instanceof ProviderError) {
        const hint = err.kind === 'auth' ? ` (check ${SOURCE_KEY_ENV[source]})` : '';
        throw new ProviderFailedError(err.kind, `${err.message}${hint}`);
      }
      throw err;
    }
    await this.ctx.tx((trx) => audit(trx, actor, 'sync.run', 'sync', source, null, summary));
    return describe(summary);
  }

  /** One sync from one provider; never runs twice at once for the same provider in this process. */
  run(source: SourceName): Promise<SyncSummary> {
    const current = this.running.get(source);
    if (current) return current;
    const p = this.doRun(source).finally(() => this.running.delete(source));
    this.running.set(source, p);
    return p;
  }

  private async doRun(source: SourceName): Promise<SyncSummary> {
    const provider = this.provider(source);
    if (!provider) throw new Error(`${SOURCE_KEY_ENV[source]} is not set`);
    const c = this.ctx.config;
    const now = this.now();
    const days = Array.from({ length: c.SYNC_DAYS_AHEAD + 2 }, (_, i) => utcDay(now + (i - 1) * 86_400_000));
    const summary: SyncSummary = {
      source,
      fetched: 0,
      created: 0,
      updated: 0,
      settled: 0,
      cancelled: 0,
      keptAdjusted: 0,
      conflicts: [],
      warnings: [],
    };
    const label = SOURCE_LABEL[source];
    const soft = async <T>(what: string, fn: () => Promise<T>, fallback: T): Promise<T> => {
      try {
        return await fn();
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        summary.warnings.push(`${what} skipped: ${err.message}`);
        return fallback;
      }
    };

    // fixtures are the one call a sync cannot do without; the rest degrades to warnings
    const byId = new Map<string, ProviderFixture>();
    for (const f of await provider.fixtures(days)) byId.set(f.providerId, f);
    for (const f of await soft('live scores', () => provider.live(), [] as ProviderFixture[]))
      byId.set(f.providerId, f);
    const fixtures = [...byId.values()];
    summary.fetched = fixtures.length;
    const needEvents = fixtures.filter(
      (f) => f.events === null && (f.status === 'live' || f.status === 'finished'),
    );
    await soft('match events', () => provider.loadEvents(needEvents), undefined);
    const prices = new Map<string, ProviderPrice>();
    for (const p of await soft('odds', () => provider.odds(days), [] as ProviderPrice[]))
      prices.set(p.providerId, p);
    for (const p of await soft('live odds', () => provider.liveOdds(), [] as ProviderPrice[]))
      prices.set(p.providerId, p);

    const strengths = await loadStrengths(
      this.ctx.db,
      fixtures.flatMap((f) => [f.homeTeam, f.awayTeam]),
    );
    const settledTeams: string[] = [];
    for (const f of fixtures) {
      const model = modelFor(strengths, f.homeTeam, f.awayTeam, c.ODDS_MARGIN);
      const price = prices.get(f.providerId) ?? null;
      const r = await this.upsert(source, f, price, model);
      if (r.created) summary.created++;
      else if (r.changed) summary.updated++;
      if (r.settled) {
        summary.settled++;
        settledTeams.push(f.homeTeam, f.awayTeam);
      }
      if (r.cancelled) summary.cancelled++;
      if (r.keptAdjusted) summary.keptAdjusted++;
      if (r.conflict) {
        summary.conflicts.push(`${f.homeTeam} v ${f.awayTeam}: ${r.conflict}`);
        this.ctx.logger.warn(
          { source, providerId: f.providerId, conflict: r.conflict },
          `${label} disagrees with a final game`,
        );
      }
    }
    if (settledTeams.length > 0) await repriceAfterResult(this.ctx, settledTeams);
    this.ctx.logger.info({ summary }, `${label} sync done`);
    return summary;
  }

  private async upsert(
    source: SourceName,
    f: ProviderFixture,
    price: ProviderPrice | null,
    model: ReturnType<typeof modelFor>,
  ) {
    try {
      return await this.upsertOnce(source, f, price, model);
    } catch (err) {
      // another replica inserted the same fixture a moment ago: now it is an update
      if (isUniqueViolation(err)) return this.upsertOnce(source, f, price, model);
      throw err;
    }
  }

  private async upsertOnce(
    source: SourceName,
    f: ProviderFixture,
    price: ProviderPrice | null,
    model: ReturnType<typeof modelFor>,
  ) {
    return this.ctx.tx(async (trx) => {
      const existing = await lockProviderGame(trx, source, f.providerId);
      const now = new Date(this.now());
      const m = mergeFixture({
        existing,
        id: newId(),
        source,
        fixture: f,
        price,
        model,
        margin: this.ctx.config.ODDS_MARGIN,
        now,
        suspendMs: this.ctx.config.LIVE_SUSPEND_MS,
      });
      const { after } = m;
      let stored = false;
      if (!existing) await insertGame(trx, after);
      else
        stored = await saveGame(
          trx,
          existing,
          after,
          // a goal cleared the admin's 1X2 price (games-007): nobody's adjustment stands
          m.clearedPins?.adjusted ? { adjusted_by: null, adjusted_at: null } : {},
          now,
        );
      // a live price the sync has just made (the feed's, or our model's from the feed's state)
      // is confirmed fresh, as the simulator confirms its own (liveSuspended)
      if (m.priced && after.status === 'live' && after.adjusted === null)
        await confirmPrices(trx, [after.id], now);
      if (m.clearedPins) {
        const { before: was, after: cleared } = clearedPinsAudit(
          m.clearedPins,
          `${m.jolt ?? 'In play'} (${SOURCE_LABEL[source]})`,
        );
        await audit(trx, LIVE_TRADING_ACTOR, 'market.pins_cleared', 'game', after.id, was, cleared);
      }
      const events = changeEvents(existing, after, marketMarginsOf(this.ctx.config));
      if (m.settled) {
        // half-time markets settle on the feed's half-time score (none recorded: they push)
        const ht = htScoreOf(after);
        events.push(
          announce(GamesSettled, {
            gameId: after.id,
            result: m.settled,
            scores: after.score,
            ...(ht ? { htScores: ht } : {}),
            settledAt: now.toISOString(),
          }),
        );
      }
      const eventsChanged = f.events
        ? await replaceMatchEvents(trx, after.id, eventRows(after, f.events))
        : false;
      await recordAnnouncements(trx, events);
      return {
        created: !existing,
        changed: stored || events.length > 0 || eventsChanged,
        settled: !!m.settled,
        cancelled: existing?.status !== 'cancelled' && after.status === 'cancelled',
        keptAdjusted: m.keptAdjusted,
        conflict: m.conflict,
      };
    });
  }

  /**
   * The scheduled sync of every provider with a key. Every replica runs the job; a lease per
   * provider living 90% of the interval lets one of them sync it once per interval.
   */
  async runScheduled() {
    const every = this.ctx.config.SYNC_INTERVAL_MINUTES * 60_000;
    for (const source of this.configuredSources()) {
      try {
        const mine = await acquireLease(
          this.ctx.db,
          `sync:${source}`,
          this.holder,
          Math.max(1_000, every * 0.9),
        );
        if (mine) await this.run(source);
      } catch (err) {
        this.ctx.logger.warn({ err, source }, 'scheduled sync failed');
      }
    }
  }

  /** Waits for the syncs in flight (the service is stopping). */
  async stop() {
    await Promise.allSettled([...this.running.values()]);
  }
}

/** A provider's match events as our rows, numbered in its order. */
function eventRows(
  g: { id: string; homeTeam: string; awayTeam: string },
  events: ProviderEvent[],
): NewMatchEvent[] {
  return events.map((e, i) => ({
    game_id: g.id,
    seq: i + 1,
    type: e.type,
    side: e.side,
    elapsed: e.elapsed,
    extra: e.extra,
    player: e.player,
    team: e.side === 'home' ? g.homeTeam : g.awayTeam,
    detail: e.detail,
  }));
}

export function describe(s: SyncSummary): string {
  const label = SOURCE_LABEL[s.source];
  const parts = [`Successfully synced ${s.fetched} game${s.fetched === 1 ? '' : 's'} from ${label}`];
  const detail = [`${s.created} new`, `${s.updated} updated`];
  if (s.settled) detail.push(`${s.settled} settled`);
  if (s.cancelled) detail.push(`${s.cancelled} cancelled`);
  parts[0] += ` (${detail.join(', ')})`;
  if (s.keptAdjusted) parts.push(`${s.keptAdjusted} kept their admin-adjusted odds`);
  if (s.conflicts.length)
    parts.push(
      `${s.conflicts.length} result conflict(s) need an admin: ${s.conflicts.slice(0, 3).join('; ')}`,
    );
  if (s.warnings.length) parts.push(s.warnings.join('; '));
  return `${parts.join('. ')}.`;
}
