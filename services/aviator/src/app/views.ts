import { isId } from '@bet/kit';
import type { AppContext } from '../context';
import { BadRoundIdError, ChainNotReadyError, RoundOpenError, RoundUnknownError } from '../domain/errors';
import { commitmentOf, crashPointOf, isPreviousLink, nextLink } from '../domain/fairness';
import { multiplierAt } from '../domain/multiplier';
import { publicStateOf } from '../domain/round';
import { betsOfRound, betsOfUser, topCashOuts, topCashOutsOfRound } from '../store/bets';
import { clockOf, crashedRounds, latestRound, roundById, roundByIdx } from '../store/rounds';
import { timingsOf } from './timings';

function dollars(cents: string | number | bigint): number;
function dollars(cents: string | number | bigint | null): number | null;
function dollars(cents: string | number | bigint | null) {
  return cents === null ? null : Number(cents) / 100;
}
const mult = (h: string | number | null) => (h === null ? null : Number(h) / 100);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything a screen joining late needs: the round, its clock, its bets, the last crash points. */
export async function currentState(ctx: AppContext) {
  const now = ctx.clock.now();
  const [latest, recent] = await Promise.all([
    latestRound(ctx.db),
    crashedRounds(ctx.db, ctx.config.AVIATOR_HISTORY_STRIP),
  ]);
  const chain = ctx.chain.current;
  const state = publicStateOf(latest ? clockOf(latest) : null, now, timingsOf(ctx));
  const running = latest?.state === 'running' && latest.started_at;
  const m = running
    ? Math.min(multiplierAt(now - latest.started_at!.getTime()), Number(latest.crash_point) - 1)
    : 100;
  const multiplier =
    state === 'crashed' ? Number(latest!.crash_point) / 100 : state === 'running' ? m / 100 : 1;
  const show = latest && state !== 'waiting';
  const bets = show ? await betsOfRound(ctx.db, latest.id, ['active', 'cashed_out', 'lost']) : [];
  return {
    state,
    multiplier,
    roundId: show ? latest.id : null,
    roundNumber: show ? latest.idx : null,
    // the round's commitment; between rounds, the next one's: the hash the last round revealed
    publicHash: show ? commitmentOf(latest.hash) : (latest?.hash ?? chain?.terminatingHash ?? null),
    salt: chain?.salt ?? null,
    bettingEndsAt: show && latest.state === 'betting' ? iso(latest.betting_ends_at) : null,
    startedAt: show ? iso(latest.started_at) : null,
    crashPoint: state === 'crashed' ? Number(latest!.crash_point) / 100 : null,
    hash: state === 'crashed' ? latest!.hash : null,
    serverTime: now,
    bets: bets.map((b) => ({
      betId: b.id,
      username: b.username,
      panel: b.panel,
      stake: dollars(b.stake_cents),
      status: b.status,
      cashedOutAt: mult(b.cashed_out_at),
      payout: b.status === 'cashed_out' ? dollars(b.payout_cents) : null,
    })),
    history: recent.map((r) => ({ roundId: r.id, crashPoint: Number(r.crash_point) / 100 })),
  };
}

export async function history(ctx: AppContext, limit: number, before?: number) {
  const rows = await crashedRounds(ctx.db, limit, before);
  return {
    rounds: rows.map((r) => ({
      roundId: r.id,
      roundNumber: r.idx,
      crashPoint: Number(r.crash_point) / 100,
      hash: r.hash,
      startedAt: iso(r.started_at),
      crashedAt: iso(r.crashed_at),
      bets: r.bets,
    })),
  };
}

/** The chain's public facts: what anyone needs to check every round. */
export function fairness(ctx: AppContext) {
  const chain = ctx.chain.current;
  return {
    terminatingHash: chain?.terminatingHash ?? null,
    salt: chain?.salt ?? null,
    chainLength: chain?.length ?? null,
    houseEdge: 0.01,
    formula:
      'h = HMAC-SHA256(key = salt (UTF-8), message = round hash bytes); X = first 52 bits of h / 2^52; crash = max(1, floor(99 / (1 - X)) / 100)',
    chainRule: 'SHA-256(round n hash bytes) = round n-1 hash; SHA-256(round 1 hash) = terminatingHash',
  };
}

/** A past round, recomputed: its hash links to the previous one and gives its crash point. */
export async function verifyRound(ctx: AppContext, id: string) {
  if (!isId(id)) throw new BadRoundIdError('The round id must be 24 hexadecimal characters.');
  const round = await roundById(ctx.db, id);
  if (!round) throw new RoundUnknownError('No such round.');
  if (round.state !== 'crashed')
    throw new RoundOpenError('This round has not crashed yet: its hash is still secret.');
  const chain = ctx.chain.current;
  if (!chain) throw new ChainNotReadyError('The hash chain is not ready yet.');
  const previous = round.idx === 1 ? null : await roundByIdx(ctx.db, round.idx - 1);
  const previousHash = round.idx === 1 ? chain.terminatingHash : (previous?.hash ?? null);
  const recomputed = crashPointOf(round.hash, chain.salt);
  return {
    roundId: round.id,
    roundNumber: round.idx,
    hash: round.hash,
    salt: chain.salt,
    sha256OfHash: nextLink(round.hash),
    previousHash,
    linksToPrevious: previousHash !== null && isPreviousLink(round.hash, previousHash),
    crashPoint: Number(round.crash_point) / 100,
    recomputedCrashPoint: recomputed / 100,
    matches: recomputed === Number(round.crash_point),
  };
}

export async function myBets(ctx: AppContext, userId: string, limit: number) {
  const rows = await betsOfUser(ctx.db, userId, limit);
  return {
    bets: rows.map((b) => ({
      betId: b.id,
      roundId: b.round_id,
      // null while held for a round not open yet
      roundNumber: b.idx ?? null,
      panel: b.panel,
      stake: dollars(b.stake_cents),
      autoCashOut: b.auto_cash_out === null ? null : b.auto_cash_out / 100,
      status: b.status === 'placing' ? 'active' : b.status,
      cashedOutAt: mult(b.cashed_out_at),
      payout: b.status === 'cashed_out' ? dollars(b.payout_cents) : b.status === 'lost' ? 0 : null,
      crashPoint: b.round_state === 'crashed' ? Number(b.crash_point) / 100 : null,
      createdAt: b.created_at.toISOString(),
    })),
  };
}

/**
 * The monitor's numbers: the current round's totals (staked, paid, house result) and its
 * exposure (what the bets still in the air would pay at their exits or the round cap), and
 * the same totals over recent rounds.
 */
export async function adminOverview(ctx: AppContext) {
  const latest = await latestRound(ctx.db);
  const maxWinCents = BigInt(Math.round(ctx.config.AVIATOR_MAX_WIN * 100));
  let current = null;
  if (latest) {
    const bets = await betsOfRound(ctx.db, latest.id);
    const live = bets.filter((b) => b.status === 'active' || b.status === 'placing');
    const staked = bets
      .filter((b) => b.status !== 'rejected' && b.status !== 'placing')
      .reduce((s, b) => s + BigInt(b.stake_cents), 0n);
    const paid = bets.reduce(
      (s, b) => s + (b.status === 'cashed_out' ? BigInt(b.payout_cents ?? 0) : 0n),
      0n,
    );
    const roundCap = BigInt(Math.round(ctx.config.AVIATOR_ROUND_MAX_PAYOUT * 100));
    let exposure = live.reduce((s, b) => {
      const stake = BigInt(b.stake_cents);
      const target =
        b.target !== null ? BigInt(b.target) : b.auto_cash_out !== null ? BigInt(b.auto_cash_out) : null;
      const atTarget = target !== null ? (stake * target) / 100n : maxWinCents;
      return s + (atTarget < maxWinCents ? atTarget : maxWinCents);
    }, 0n);
    if (exposure + paid > roundCap) exposure = roundCap > paid ? roundCap - paid : 0n;
    const settled = latest.state === 'crashed';
    current = {
      roundId: latest.id,
      roundNumber: latest.idx,
      state: latest.state,
      bets: bets.filter((b) => b.status !== 'rejected').length,
      activeBets: live.length,
      totalStaked: dollars(staked),
      totalPaid: dollars(paid),
      houseResult: settled ? dollars(staked - paid) : null,
      exposure: dollars(exposure),
      capMultiplier: mult(latest.cap_multiplier),
    };
  }
  const recent = await crashedRounds(ctx.db, 50);
  const sum = (f: (r: (typeof recent)[number]) => bigint) => recent.reduce((s, r) => s + f(r), 0n);
  const staked = sum((r) => BigInt(r.staked_cents));
  const paid = sum((r) => BigInt(r.paid_cents));
  return {
    current,
    limits: {
      minStake: ctx.config.AVIATOR_MIN_STAKE,
      maxStake: ctx.config.AVIATOR_MAX_STAKE,
      maxWinPerBet: ctx.config.AVIATOR_MAX_WIN,
      maxPayoutPerRound: ctx.config.AVIATOR_ROUND_MAX_PAYOUT,
    },
    recent: {
      rounds: recent.length,
      totalStaked: dollars(staked),
      totalPaid: dollars(paid),
      houseResult: dollars(staked - paid),
    },
    rounds: recent.slice(0, 20).map((r) => ({
      roundId: r.id,
      roundNumber: r.idx,
      crashPoint: Number(r.crash_point) / 100,
      bets: r.bets,
      totalStaked: dollars(r.staked_cents),
      totalPaid: dollars(r.paid_cents),
      houseResult: dollars(BigInt(r.staked_cents) - BigInt(r.paid_cents)),
    })),
  };
}

/**
 * One round for its details dialog: its commitment (published before its bets), and once it
 * crashed its hash (the revealed seed of the round), its crash point and where to verify it;
 * its biggest cash-outs. A round not crashed yet shows no hash and no crash point.
 */
export async function roundDetails(ctx: AppContext, id: string) {
  if (!isId(id)) throw new BadRoundIdError('The round id must be 24 hexadecimal characters.');
  const round = await roundById(ctx.db, id);
  if (!round) throw new RoundUnknownError('No such round.');
  const crashed = round.state === 'crashed';
  const top = await topCashOutsOfRound(ctx.db, round.id, 10);
  return {
    roundId: round.id,
    roundNumber: round.idx,
    state: round.state,
    publicHash: commitmentOf(round.hash),
    hash: crashed ? round.hash : null,
    salt: ctx.chain.current?.salt ?? null,
    crashPoint: crashed ? Number(round.crash_point) / 100 : null,
    startedAt: iso(round.started_at),
    crashedAt: iso(round.crashed_at),
    bets: round.bets,
    totalStaked: dollars(round.staked_cents),
    totalPaid: dollars(round.paid_cents),
    topCashOuts: top.map((b) => ({
      username: b.username,
      stake: dollars(b.stake_cents),
      cashedOutAt: Number(b.cashed_out_at) / 100,
      payout: dollars(b.payout_cents ?? 0),
    })),
    verifyUrl: crashed ? `/api/v1/aviator/rounds/${round.id}/verify` : null,
  };
}

export type TopKind = 'wins' | 'multipliers';
export type TopPeriod = 'day' | 'month' | 'year';

/** The start of the calendar day, month or year (UTC) that `now` is in. */
export function periodStart(period: TopPeriod, now: number): Date {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  if (period === 'year') return new Date(Date.UTC(y, 0, 1));
  if (period === 'month') return new Date(Date.UTC(y, d.getUTCMonth(), 1));
  return new Date(Date.UTC(y, d.getUTCMonth(), d.getUTCDate()));
}

/** Top wins (largest payouts) or top multipliers (highest cash-outs) of the day, month or year. */
export async function top(ctx: AppContext, kind: TopKind, period: TopPeriod, limit: number) {
  const rows = await topCashOuts(ctx.db, kind, periodStart(period, ctx.clock.now()), limit);
  return {
    kind,
    period,
    bets: rows.map((b) => ({
      betId: b.id,
      roundId: b.round_id,
      roundNumber: b.idx,
      username: b.username,
      stake: dollars(b.stake_cents),
      cashedOutAt: Number(b.cashed_out_at) / 100,
      payout: dollars(b.payout_cents ?? 0),
      crashPoint: Number(b.crash_point) / 100,
      at: b.settled_at ? b.settled_at.toISOString() : null,
    })),
  };
}

/** The stake and win limits, shown on the game screen. */
export function limits(ctx: AppContext) {
  return {
    minStake: ctx.config.AVIATOR_MIN_STAKE,
    maxStake: ctx.config.AVIATOR_MAX_STAKE,
    maxWin: ctx.config.AVIATOR_MAX_WIN,
  };
}
