import { moneyText, perCurrency } from '@bet/kit/core';

/** a first weekly stake limit for a player with no record, in the deployment's currency */
const cautiousStake = () => perCurrency({ USD: 50, NGN: 50_000 });

import { marketLabel } from '@bet/proto-events/markets';
import { pct } from './odds';
import { addDays, localHour, startOfLocalDay } from './time';
import type { BetRecord, GameFacts } from './types';

/** A player's own betting record: the facts behind feedback and limit suggestions. */
export interface PlayerRecord {
  bets: number;
  settled: number;
  won: number;
  lost: number;
  pending: number;
  winRate: number | null;
  stakedCents: number;
  returnedCents: number;
  netCents: number;
  averageStakeCents: number;
  averageOdds: number | null;
  multiShare: number;
  favouriteLeagues: Array<{ league: string; selections: number }>;
  /** the markets of the player's legs, most played first (games-005: every leg names its market) */
  favouriteMarkets: Array<{ market: string; name: string; selections: number }>;
  /** bets placed soon after a loss with a clearly bigger stake */
  chasingEpisodes: number;
  lateNightShare: number;
  /** per week over the last four weeks, most recent first */
  weeks: Array<{ from: string; bets: number; stakedCents: number }>;
}

const CHASE_WINDOW_MS = 60 * 60_000;
const CHASE_FACTOR = 1.5;
/** local hours counted as late-night play: midnight to five */
const LATE_HOURS = [0, 1, 2, 3, 4];

export function playerRecord(
  bets: readonly BetRecord[],
  gamesById: ReadonlyMap<string, GameFacts>,
  opts: { now: Date; offsetMinutes: number },
): PlayerRecord {
  const byTime = [...bets].sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
  const won = bets.filter((b) => b.status === 'won' || b.status === 'cashed_out').length;
  const lost = bets.filter((b) => b.status === 'lost').length;
  const pending = bets.filter((b) => b.status === 'pending').length;
  const stakedCents = bets.reduce((s, b) => s + (b.status === 'void' ? 0 : b.stakeCents), 0);
  const returnedCents = bets.reduce(
    (s, b) => s + (b.status === 'pending' || b.status === 'void' ? 0 : b.payoutCents),
    0,
  );
  const settledStake = bets.reduce(
    (s, b) => s + (b.status === 'pending' || b.status === 'void' ? 0 : b.stakeCents),
    0,
  );
  const leagues = new Map<string, number>();
  for (const b of bets)
    for (const s of b.selections) {
      const league = gamesById.get(s.gameId)?.league;
      if (league) leagues.set(league, (leagues.get(league) ?? 0) + 1);
    }
  const markets = new Map<string, number>();
  for (const b of bets) for (const s of b.selections) markets.set(s.market, (markets.get(s.market) ?? 0) + 1);
  let chasing = 0;
  for (let i = 1; i < byTime.length; i++) {
    const prev = byTime[i - 1];
    const cur = byTime[i];
    // a loss is only known once settled, but the pattern (a bigger stake right after a losing bet) is what matters
    if (
      prev.status === 'lost' &&
      cur.placedAt.getTime() - prev.placedAt.getTime() <= CHASE_WINDOW_MS &&
      cur.stakeCents >= prev.stakeCents * CHASE_FACTOR
    )
      chasing++;
  }
  const late = bets.filter((b) => LATE_HOURS.includes(localHour(b.placedAt, opts.offsetMinutes))).length;
  const today = startOfLocalDay(opts.now, opts.offsetMinutes);
  const weeks = [0, 1, 2, 3].map((w) => {
    const to = addDays(today, 1 - 7 * w);
    const from = addDays(to, -7);
    const inWeek = bets.filter((b) => b.placedAt >= from && b.placedAt < to);
    return {
      from: from.toISOString(),
      bets: inWeek.length,
      stakedCents: inWeek.reduce((s, b) => s + b.stakeCents, 0),
    };
  });
  return {
    bets: bets.length,
    settled: won + lost,
    won,
    lost,
    pending,
    winRate: won + lost > 0 ? won / (won + lost) : null,
    stakedCents,
    returnedCents,
    netCents: returnedCents - settledStake,
    averageStakeCents: bets.length ? Math.round(stakedCents / bets.length) : 0,
    averageOdds: bets.length
      ? Math.round((bets.reduce((s, b) => s + b.totalOdds, 0) / bets.length) * 100) / 100
      : null,
    multiShare: bets.length ? bets.filter((b) => b.betType === 'multi').length / bets.length : 0,
    favouriteLeagues: [...leagues.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([league, selections]) => ({ league, selections })),
    favouriteMarkets: [...markets.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 3)
      .map(([market, selections]) => ({ market, name: marketLabel(market), selections })),
    chasingEpisodes: chasing,
    lateNightShare: bets.length ? late / bets.length : 0,
    weeks,
  };
}

const money = (cents: number) => moneyText(Math.abs(cents));

export function writeFeedback(r: PlayerRecord): string {
  if (r.bets === 0) {
    return "You haven't placed any bets yet, so there is no record to review. When you start, keep stakes small, prefer singles while you learn how prices work, and set weekly limits in Settings before your first bet.";
  }
  const out: string[] = [];
  out.push(
    `**Your record:** ${r.bets} bet${r.bets > 1 ? 's' : ''} for ${money(r.stakedCents)} staked${r.pending ? ` (${r.pending} still pending)` : ''}. ${
      r.winRate !== null
        ? `Of the ${r.settled} settled, ${r.won} won (${pct(r.winRate)}), and you are ${r.netCents >= 0 ? 'up' : 'down'} ${money(r.netCents)}.`
        : 'None has settled yet.'
    }`,
  );
  if (r.averageOdds !== null)
    out.push(
      `**Style:** an average stake of ${money(r.averageStakeCents)} at average odds of ${r.averageOdds.toFixed(2)}; ${pct(r.multiShare)} of your bets are multis.${
        r.averageOdds > 6 ? ' Those are long prices: expect long losing runs between wins.' : ''
      }`,
    );
  if (r.favouriteLeagues.length)
    out.push(
      `**Where you bet:** ${r.favouriteLeagues.map((l) => `${l.league} (${l.selections})`).join(', ')}. Sticking to leagues you follow closely is a strength.`,
    );
  if (r.favouriteMarkets.length)
    out.push(
      `**What you bet on:** ${r.favouriteMarkets.map((m) => `${m.name} (${m.selections})`).join(', ')}.${
        r.favouriteMarkets.some((m) => m.market === 'cs' || m.market === 'htft')
          ? ' Correct Score and HT/FT carry the widest margins of any market: they pay well because they rarely land.'
          : ''
      }`,
    );
  const flags: string[] = [];
  if (r.chasingEpisodes > 0)
    flags.push(
      `${r.chasingEpisodes} time${r.chasingEpisodes > 1 ? 's' : ''} you raised your stake by half or more within an hour of a losing bet. That is the classic pattern of chasing losses; a fixed stake per bet protects you from it.`,
    );
  if (r.lateNightShare >= 0.25)
    flags.push(
      `${pct(r.lateNightShare)} of your bets were placed between midnight and 5 am, when decisions tend to be worse. Consider a cut-off time.`,
    );
  if (r.multiShare > 0.6 && r.bets >= 5)
    flags.push('Most of your bets are multis; every extra leg multiplies the margin against you.');
  out.push(
    flags.length
      ? `**Watch out:**\n${flags.map((f) => `- ${f}`).join('\n')}`
      : '**Good habits:** no signs of chasing losses or late-night play in your record.',
  );
  return out.join('\n\n');
}

export interface LimitSuggestion {
  suggestion: string;
  suggestedLimits: { betCount: number; stakeAmount: number };
}

/** Weekly limits a little below the player's own typical week (tighter when the record shows risk). */
export function suggestLimits(r: PlayerRecord): LimitSuggestion {
  const active = r.weeks.filter((w) => w.bets > 0);
  if (active.length === 0) {
    return {
      suggestion:
        'You have no recent betting weeks to base a limit on, so here is a cautious starting point: 10 bets and ${moneyText(cautiousStake() * 100)} a week. You can raise it later; lowering a limit always takes effect at once.',
      suggestedLimits: { betCount: 10, stakeAmount: cautiousStake() },
    };
  }
  const avgBets = active.reduce((s, w) => s + w.bets, 0) / active.length;
  const avgStake = active.reduce((s, w) => s + w.stakedCents, 0) / active.length / 100;
  const risky = r.chasingEpisodes > 0 || r.lateNightShare >= 0.25 || r.netCents < -avgStake * 100 * 2;
  const factor = risky ? 0.7 : 0.9;
  const betCount = Math.max(1, Math.round(avgBets * factor));
  const stakeAmount = Math.max(perCurrency({ USD: 5, NGN: 5_000 }), niceRound(avgStake * factor));
  const why = risky
    ? `Your record shows ${[
        r.chasingEpisodes > 0 ? 'some chasing of losses' : '',
        r.lateNightShare >= 0.25 ? 'a lot of late-night play' : '',
        r.netCents < -avgStake * 200 ? 'losses larger than two typical weeks' : '',
      ]
        .filter(Boolean)
        .join(' and ')}, so these are set about 30% below your usual week.`
    : 'These sit about 10% below your usual week, enough to stop an impulsive spike without changing how you normally play.';
  return {
    suggestion: `Over your last ${active.length} active week${active.length > 1 ? 's' : ''} you averaged ${avgBets.toFixed(1)} bets and ${moneyText(Math.round(avgStake * 100))} staked. I suggest a weekly limit of ${betCount} bets and ${moneyText(stakeAmount * 100)}. ${why}`,
    suggestedLimits: { betCount, stakeAmount },
  };
}

function niceRound(x: number): number {
  if (x < 20) return Math.round(x);
  if (x < 100) return Math.round(x / 5) * 5;
  if (x < 1000) return Math.round(x / 10) * 10;
  return Math.round(x / 50) * 50;
}
