import { squadOf } from './calendar';
import type { GameRecord } from './game';
import { ALL_TEAMS } from './leagues';
import { advanceLive, type LivePolicy, type SimRecord, suspendsMarkets } from './live';
import { DEFAULT_MARKET_MARGINS, type MarketMargins, marketPrices } from './market-pricing';
import { invariantViolations, type MatchEvent, resultOf, startMatch } from './match';
import { DEFAULT_RANKING, expectedGoals, teamStrength } from './odds';
import { matchKey } from './rng';
import { type ClearedPins, clearPins } from './trading';

export interface SimStepInput {
  game: GameRecord;
  /** real time of the step (ms) */
  now: number;
  speed: number;
  margin: number;
  marketMargins?: MarketMargins;
  policy: LivePolicy;
  /** somebody bet on this game: every price change is announced */
  interested: boolean;
  /** the deployment's simulator secret (hex): a match is drawn from it and its fixture at kick-off */
  secret: string;
  /** how long (real ms) a goal, a red card or a penalty suspends the game's markets (0: never) */
  suspendMs?: number;
}

export type SimStep =
  /** not the simulator's to play now: not kicked off yet, or already over */
  | { kind: 'idle' }
  /** nothing new this minute; the game's price stands as it is */
  | { kind: 'unchanged' }
  /** the engine produced an impossible state: the step is dropped and the game waits for an admin */
  | { kind: 'impossible'; broken: string[]; kicked: boolean }
  | {
      kind: 'advanced';
      after: GameRecord;
      kicked: boolean;
      finished: boolean;
      /** the match events of this step */
      events: MatchEvent[];
      /** games.updated is owed */
      update: boolean;
      /** games.odds_changed (in play) is owed */
      announcePrice: boolean;
      /** an admin's pins that a goal or a red card cleared (games-007), to audit */
      clearedPins: ClearedPins | null;
      /** what cleared them ("Goal 67'"), for the audit */
      jolt: string | null;
    };

/**
 * One simulator step of one game: kicks it off when its time has come, plays the match
 * up to `now` and says what changed and what must be announced.
 */
export function simulateGame(s: SimStepInput): SimStep {
  const before = s.game;
  if (before.status === 'upcoming' && before.matchDate.getTime() > s.now) return { kind: 'idle' };
  if (before.status !== 'upcoming' && before.status !== 'live') return { kind: 'idle' };
  let working = before;
  let kicked = false;
  if (before.status === 'upcoming' || !before.sim) {
    // a game the model never priced plays as two sides of the default ranking
    const lambdas =
      before.lambdas ?? expectedGoals(teamStrength(DEFAULT_RANKING), teamStrength(DEFAULT_RANKING));
    const pool = (team: string) => ALL_TEAMS.get(team)?.league.names ?? 'en';
    const sim: SimRecord = {
      kickoffAt: before.status === 'upcoming' ? before.matchDate.getTime() : s.now,
      match: startMatch({
        lambdas,
        homeSquad: squadOf(before.homeTeam, pool(before.homeTeam)),
        awaySquad: squadOf(before.awayTeam, pool(before.awayTeam)),
        key: matchKey(s.secret, before.providerId ?? before.id),
      }),
      oddsClock: 0,
      updateClock: 0,
    };
    working = { ...before, status: 'live', elapsed: 0, sim };
    kicked = true;
  }
  const rec = working.sim!;
  const out = advanceLive({
    rec,
    targetClock: Math.floor(((s.now - rec.kickoffAt) * s.speed) / 60_000),
    announced: working.odds,
    adjusted: working.adjusted !== null,
    interested: s.interested,
    margin: s.margin,
    marketMargins: s.marketMargins,
    policy: s.policy,
  });
  if (!out.changed && !kicked) return { kind: 'unchanged' };
  const match = out.rec.match;
  const broken = invariantViolations(match, out.events);
  if (broken.length > 0) return { kind: 'impossible', broken, kicked };
  let sim = out.rec;
  // at kick-off every market is announced in play with the 1X2 price, moved or not
  const kickMarkets = kicked && !out.finished && working.adjusted === null && !sim.markets;
  if (kickMarkets)
    sim = {
      ...sim,
      markets: marketPrices(sim.match, working.odds, s.marketMargins ?? DEFAULT_MARKET_MARGINS),
    };
  // the markets reopen at the new prices once the suspension is over (betting-008)
  if ((s.suspendMs ?? 0) > 0 && !out.finished && suspendsMarkets(out.events))
    sim = { ...sim, suspendedUntil: s.now + (s.suspendMs ?? 0) };
  let after: GameRecord = {
    ...working,
    sim,
    score: { ...match.score },
    elapsed: match.minute,
    base: out.model ?? working.base,
    odds: out.announce ?? working.odds,
  };
  // a goal or a red card clears an admin's pinned prices: the game reopens at the model's (games-007)
  const jolt = out.finished ? undefined : out.events.find((e) => suspendsMarkets([e]));
  let clearedPins: ClearedPins | null = null;
  if (jolt && out.model) {
    const cleared = clearPins(after);
    clearedPins = cleared.cleared;
    if (clearedPins) {
      after = cleared.after;
      // the model ran without announcing under the admin's 1X2 price: its markets are priced now
      if (clearedPins.adjusted)
        after.sim = {
          ...sim,
          markets: marketPrices(sim.match, after.odds, s.marketMargins ?? DEFAULT_MARKET_MARGINS),
        };
    }
  }
  if (out.finished) {
    after.status = 'finished';
    after.result = resultOf(match.score);
    after.settledAt = new Date(s.now);
    after.elapsed = 90;
  }
  return {
    kind: 'advanced',
    after,
    kicked,
    finished: out.finished,
    events: out.events,
    update: kicked || out.update,
    // at kick-off the price is re-announced as in-play even if it did not move (see changeEvents)
    announcePrice: !!out.announce || !!out.announceMarkets || (kicked && !out.finished) || !!clearedPins,
    clearedPins,
    jolt: clearedPins && jolt ? `${jolt.detail} ${jolt.elapsed}'` : null,
  };
}
