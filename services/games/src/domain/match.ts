import { type Lambdas, type Phase, PLAYED_MINUTES, redCardFactor } from './odds';
import { intBetween, secureRng } from './rng';

/**
 * The match engine: a pure step function over a serialisable state. One step is one
 * simulated minute (half-time included). All randomness comes from the state's own
 * generator, so a match replays identically from its seed however the steps are batched.
 */
export type Side = 'home' | 'away';
export type MatchPhase = Exclude<Phase, 'pre'>;

export interface MatchState {
  phase: MatchPhase;
  /** simulated minutes since kick-off, half-time included */
  clock: number;
  /** regulation minute 0..90 (held at 45 / 90 during stoppage time) */
  minute: number;
  /** stoppage minutes played in the current half */
  extra: number;
  /** stoppage minutes of each half, drawn at kick-off */
  stoppage: [number, number];
  htLeft: number;
  score: { home: number; away: number };
  /** the score when the first half ended (absent before half time): half-time markets settle on it */
  htScore?: { home: number; away: number };
  /** full-match expected goals fixed at kick-off */
  lambdas: Lambdas;
  red: { home: number; away: number };
  booked: { home: string[]; away: string[] };
  onPitch: { home: string[]; away: string[] };
  bench: { home: string[]; away: string[] };
  subs: { home: number; away: number };
  /** draws made so far from the match's generator (secureRng) */
  rng: number;
  /** the match's generator key, HMAC(secret, fixture key): kept server-side with the state, never published */
  key: string;
  seq: number;
}

export interface MatchEvent {
  seq: number;
  type: 'Goal' | 'Card' | 'subst';
  side: Side;
  elapsed: number;
  extra: number | null;
  player: string;
  detail: string;
}

export const HALF_TIME_MINUTES = 15;
export const MAX_SUBS = 5;
/** a side reduced below seven players is abandoned; the engine never lets that happen */
export const MAX_REDS = 3;
const YELLOWS_PER_SIDE = 1.9;
const REDS_PER_SIDE = 0.08;
const PENALTY_SHARE = 0.1;

export function startMatch(opts: {
  lambdas: Lambdas;
  homeSquad: string[];
  awaySquad: string[];
  /** matchKey(secret, fixture key) */
  key: string;
}): MatchState {
  const rng = secureRng(opts.key, 0);
  const stoppage: [number, number] = [intBetween(rng, 0, 3), intBetween(rng, 1, 6)];
  return {
    phase: '1H',
    clock: 0,
    minute: 0,
    extra: 0,
    stoppage,
    htLeft: 0,
    score: { home: 0, away: 0 },
    lambdas: { ...opts.lambdas },
    red: { home: 0, away: 0 },
    booked: { home: [], away: [] },
    onPitch: { home: opts.homeSquad.slice(0, 11), away: opts.awaySquad.slice(0, 11) },
    bench: { home: opts.homeSquad.slice(11), away: opts.awaySquad.slice(11) },
    subs: { home: 0, away: 0 },
    rng: rng.state,
    key: opts.key,
    seq: 0,
  };
}

function clone(s: MatchState): MatchState {
  return {
    ...s,
    stoppage: [s.stoppage[0], s.stoppage[1]],
    score: { ...s.score },
    ...(s.htScore ? { htScore: { ...s.htScore } } : {}),
    lambdas: { ...s.lambdas },
    red: { ...s.red },
    booked: { home: [...s.booked.home], away: [...s.booked.away] },
    onPitch: { home: [...s.onPitch.home], away: [...s.onPitch.away] },
    bench: { home: [...s.bench.home], away: [...s.bench.away] },
    subs: { ...s.subs },
  };
}

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** Plays one simulated minute. A finished match stays exactly as it is. */
export function step(prev: MatchState): { state: MatchState; events: MatchEvent[] } {
  if (prev.phase === 'FT') return { state: prev, events: [] };
  const s = clone(prev);
  const rng = secureRng(s.key, s.rng);
  const events: MatchEvent[] = [];
  s.clock += 1;

  if (s.phase === 'HT') {
    s.htLeft -= 1;
    if (s.htLeft <= 0) {
      s.phase = '2H';
      s.htLeft = 0;
    }
    s.rng = rng.state;
    return { state: s, events };
  }

  const end = s.phase === '1H' ? 45 : 90;
  if (s.minute < end) s.minute += 1;
  else s.extra += 1;

  const emit = (type: MatchEvent['type'], side: Side, player: string, detail: string) => {
    s.seq += 1;
    events.push({
      seq: s.seq,
      type,
      side,
      elapsed: s.minute,
      extra: s.extra > 0 ? s.extra : null,
      player,
      detail,
    });
  };
  // the goalkeeper (first on the pitch) neither scores nor is substituted in this engine
  const outfield = (side: Side) => (s.onPitch[side].length > 1 ? s.onPitch[side].slice(1) : s.onPitch[side]);
  const pickOutfield = (side: Side) => {
    const pool = outfield(side);
    return pool[Math.floor(rng.next() * pool.length)];
  };
  const sendOff = (side: Side, player: string) => {
    s.onPitch[side] = s.onPitch[side].filter((p) => p !== player);
    s.red[side] += 1;
  };

  for (const side of ['home', 'away'] as const) {
    const rate = (s.lambdas[side] / PLAYED_MINUTES) * redCardFactor(s.red[side], s.red[other(side)]);
    if (rng.next() < 1 - Math.exp(-rate)) {
      s.score[side] += 1;
      emit('Goal', side, pickOutfield(side), rng.next() < PENALTY_SHARE ? 'Penalty' : 'Normal Goal');
    }
    if (rng.next() < YELLOWS_PER_SIDE / PLAYED_MINUTES) {
      const player = pickOutfield(side);
      if (!s.booked[side].includes(player)) {
        s.booked[side].push(player);
        emit('Card', side, player, 'Yellow Card');
      } else if (s.red[side] < MAX_REDS) {
        sendOff(side, player);
        emit('Card', side, player, 'Second Yellow card');
      }
    }
    if (rng.next() < REDS_PER_SIDE / PLAYED_MINUTES && s.red[side] < MAX_REDS) {
      const player = pickOutfield(side);
      sendOff(side, player);
      emit('Card', side, player, 'Red Card');
    }
    if (
      s.phase === '2H' &&
      s.minute >= 55 &&
      s.extra === 0 &&
      s.subs[side] < MAX_SUBS &&
      s.bench[side].length > 0
    ) {
      if (rng.next() < (MAX_SUBS - s.subs[side]) * 0.035) {
        const out = pickOutfield(side);
        const inIdx = Math.floor(rng.next() * s.bench[side].length);
        const incoming = s.bench[side][inIdx];
        s.bench[side] = s.bench[side].filter((_, i) => i !== inIdx);
        s.onPitch[side] = s.onPitch[side].map((p) => (p === out ? incoming : p));
        s.subs[side] += 1;
        emit('subst', side, incoming, `Substitution ${s.subs[side]} (${out} off)`);
      }
    }
  }

  if (s.minute === end && s.extra >= s.stoppage[s.phase === '1H' ? 0 : 1]) {
    if (s.phase === '1H') {
      s.phase = 'HT';
      s.htScore = { ...s.score };
      s.htLeft = HALF_TIME_MINUTES;
      s.extra = 0;
    } else {
      s.phase = 'FT';
    }
  }
  s.rng = rng.state;
  return { state: s, events };
}

/** Plays until the match clock reaches `clock` (or full time). */
export function playUntil(state: MatchState, clock: number): { state: MatchState; events: MatchEvent[] } {
  let s = state;
  const events: MatchEvent[] = [];
  while (s.phase !== 'FT' && s.clock < clock) {
    const r = step(s);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** Upper bound of a match's length in simulated minutes (kick-off to full time). */
export const MAX_MATCH_CLOCK = 90 + 3 + 6 + HALF_TIME_MINUTES;

export function resultOf(score: { home: number; away: number }): 'A' | 'B' | 'Draw' {
  return score.home > score.away ? 'A' : score.home < score.away ? 'B' : 'Draw';
}

/**
 * Everything that would make a match impossible, as readable strings (empty when sound).
 * Used by the property tests and, cheaply, by the service before it persists a step.
 */
export function invariantViolations(s: MatchState, events: readonly MatchEvent[] = []): string[] {
  const out: string[] = [];
  for (const side of ['home', 'away'] as const) {
    if (s.score[side] < 0) out.push(`${side} score is negative`);
    if (s.red[side] > MAX_REDS) out.push(`${side} has ${s.red[side]} red cards`);
    if (s.onPitch[side].length !== 11 - s.red[side])
      out.push(`${side} has ${s.onPitch[side].length} players on the pitch with ${s.red[side]} reds`);
    if (s.subs[side] > MAX_SUBS) out.push(`${side} made ${s.subs[side]} substitutions`);
    if (new Set(s.onPitch[side]).size !== s.onPitch[side].length) out.push(`${side} fields a player twice`);
    if (s.onPitch[side].some((p) => s.bench[side].includes(p)))
      out.push(`${side} has a player on the pitch and the bench`);
  }
  if (s.minute < 0 || s.minute > 90) out.push(`minute ${s.minute} out of range`);
  if (s.phase === '1H' && s.minute > 45) out.push('first half beyond minute 45');
  if ((s.phase === '2H' || s.phase === 'FT') && s.minute < 45) out.push('second half before minute 45');
  if (s.phase === 'FT' && s.minute !== 90) out.push('full time before minute 90');
  for (const e of events) {
    if (e.elapsed < 1 || e.elapsed > 90) out.push(`event at minute ${e.elapsed}`);
    if (e.extra !== null && e.elapsed !== 45 && e.elapsed !== 90)
      out.push(`stoppage event at minute ${e.elapsed}`);
  }
  return out;
}
