// Bet slip rules of the spec (000 §4, §5, §9), as pure functions so they can be tested alone.
import type { Odds, Outcome } from '@bet/web-shell/core';
import { boostedOdds } from '../promo/boosts';

export const MAX_SELECTIONS = 10;
export const MIN_MULTI_SELECTIONS = 2;
export const GAME_ID_PATTERN = /^[0-9a-fA-F]{24}$/;

export const MSG_MAX_SELECTIONS = 'You can only have a maximum of 10 selections in a multi-bet.';
export const MSG_MULTI_NEEDS_TWO = 'Add at least one more selection to create a multi-bet.';
export const MSG_INVALID_ID = 'This game cannot be selected due to an invalid ID.';
export const MSG_LOGIN_TO_BET = 'Please log in to place a bet.';
export const MSG_INVALID_SLIP = 'Please add selections and enter a valid stake.';
export const MSG_SHARE_EMPTY = 'Add selections to your slip before sharing.';
export const MSG_ADDED = 'Selection added to your bet slip!';
export const MSG_UPDATED = 'Selection updated in your bet slip!';

export type BetType = 'single' | 'multi';

export interface SlipSelection {
  gameId: string;
  gameDetails: { homeTeam: string; awayTeam: string; league?: string | null };
  /** the market key of the catalogue (games-005); absent: 1X2, whose outcome is A / Draw / B */
  market?: string;
  /** A / Draw / B on 1X2, else the market's outcome code ("over", "yes") */
  outcome: Outcome | string;
  odds: number;
  /**
   * an odds boost pricing this pick (issue 33): the promotion's id (sent as `boostId`), the
   * board's price without it, its rule and its maximum stake; `odds` is then the boosted price
   */
  boost?: SlipBoost;
  /** the price the player last saw and accepted, set while a newer price waits for acceptance */
  prevOdds?: number;
}

export interface SlipBoost {
  id: string;
  baseOdds: number;
  boostedOdds?: number;
  boostPercent?: number;
  maxStake: number;
}

/** Which price moves the slip takes without asking: all, only rises, or none. */
export type AcceptOdds = 'any' | 'higher' | 'none';

export type ToggleResult = 'added' | 'updated' | 'removed' | 'max' | 'invalid';

export function isValidGameId(id: unknown): id is string {
  return typeof id === 'string' && GAME_ID_PATTERN.test(id);
}

/** A selection's market, with 1X2 as absent (how it is stored, sent and compared). */
export const marketOf = (s: { market?: string }): string | undefined =>
  s.market && s.market !== '1x2' ? s.market : undefined;

/** Whether a selection is this market's outcome (an absent market is 1X2). */
export const isPick = (
  s: Pick<SlipSelection, 'market' | 'outcome'>,
  market: string | undefined,
  outcome: string,
) => marketOf(s) === marketOf({ market }) && s.outcome === outcome;

/**
 * Applies a click on an outcome: same outcome (of the same market) again removes it, another
 * outcome of the same game, in any market, replaces it (one pick per game: its markets are
 * correlated), a new game is added unless the slip is full or the id is invalid.
 */
export function toggleSelection(
  selections: SlipSelection[],
  sel: SlipSelection,
): { selections: SlipSelection[]; result: ToggleResult } {
  if (!isValidGameId(sel.gameId)) return { selections, result: 'invalid' };
  const market = marketOf(sel);
  sel = market ? { ...sel, market } : (({ market: _, ...rest }) => rest)(sel);
  const i = selections.findIndex((s) => s.gameId === sel.gameId);
  if (i >= 0) {
    if (isPick(selections[i], market, sel.outcome)) {
      return { selections: selections.filter((_, j) => j !== i), result: 'removed' };
    }
    const next = selections.slice();
    next[i] = sel;
    return { selections: next, result: 'updated' };
  }
  if (selections.length >= MAX_SELECTIONS) return { selections, result: 'max' };
  return { selections: [...selections, sel], result: 'added' };
}

/** Multi needs two selections: anything less falls back to Single. */
export function effectiveBetType(betType: BetType, count: number): BetType {
  return betType === 'multi' && count < MIN_MULTI_SELECTIONS ? 'single' : betType;
}

function validOdds(s: SlipSelection): number | null {
  const o = typeof s.odds === 'number' ? s.odds : Number.NaN;
  return Number.isFinite(o) ? o : null;
}

/** Product of the selections' odds; odds that are not numbers are ignored. */
export function combinedOdds(selections: SlipSelection[]): number {
  let product = 1;
  let any = false;
  for (const s of selections) {
    const o = validOdds(s);
    if (o === null) continue;
    product *= o;
    any = true;
  }
  return any ? product : 0;
}

export function parseStake(stake: unknown): number {
  const v = typeof stake === 'number' ? stake : Number.parseFloat(String(stake ?? ''));
  return Number.isFinite(v) && v > 0 ? v : 0;
}

export interface SlipTotals {
  /** Multi: product of the odds. Singles: sum of the odds (so payout = stake × totalOdds either way). */
  totalOdds: number;
  /** What leaves the wallet: the stake for a multi, stake per bet × selections for singles. */
  totalStake: number;
  potentialPayout: number;
}

/**
 * What a bet of `stake` (dollars) at these prices pays, in cents, as the server strikes it (kit
 * `payoutCents`): stake cents × each price in hundredths, rounded down to the cent once.
 */
export function payoutCentsOf(stake: number, odds: readonly number[]): number {
  let num = BigInt(Math.round(stake * 100));
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(Math.round(o * 100));
    den *= 100n;
  }
  return Number(num / den);
}

/**
 * The slip's totals, to the cent what the receipt (the server) will say (issue 34 item 6): a
 * multi's payout and total odds rounded down once, each single's payout rounded down before
 * they are added.
 */
export function slipTotals(selections: SlipSelection[], betType: BetType, stake: unknown): SlipTotals {
  const s = parseStake(stake);
  const type = effectiveBetType(betType, selections.length);
  const odds = selections.map(validOdds).filter((o): o is number => o !== null);
  if (type === 'multi') {
    const totalOdds = odds.length ? payoutCentsOf(1, odds) / 100 : 0;
    return { totalOdds, totalStake: s, potentialPayout: odds.length ? payoutCentsOf(s, odds) / 100 : 0 };
  }
  const sum = odds.reduce((acc, o) => acc + o, 0);
  const cents = odds.reduce((acc, o) => acc + payoutCentsOf(s, [o]), 0);
  return { totalOdds: sum, totalStake: s * selections.length, potentialPayout: cents / 100 };
}

/** Max quick-add: the whole balance for a multi, the balance split over the selections for singles. */
export function maxStake(balance: number, betType: BetType, count: number): number {
  if (!(balance > 0)) return 0;
  const type = effectiveBetType(betType, count);
  const raw = type === 'multi' || count <= 1 ? balance : balance / count;
  return Math.floor(raw * 100 + 1e-6) / 100; // never more than the balance: round down to the cent
}

/** +5 / +10 / +50 */
export function addToStake(stake: unknown, amount: number): number {
  return Math.round((parseStake(stake) + amount) * 100) / 100;
}

export function oddsFor(
  odds: Partial<Odds> | null | undefined,
  outcome: Outcome | string,
): number | undefined {
  if (!odds) return undefined;
  const v = outcome === 'A' ? odds.home : outcome === 'B' ? odds.away : odds.draw;
  return typeof v === 'number' ? v : v === undefined || v === null ? undefined : Number(v);
}

/** Moves a selection to a new price, remembering the one the player accepted. */
function reprice(s: SlipSelection, base: number | undefined): SlipSelection {
  let o = base;
  if (s.boost && base !== undefined && Number.isFinite(base)) {
    // a boosted pick follows its base price through the boost (a fixed boost does not move)
    o = boostedOdds(base, s.boost);
    if (base !== s.boost.baseOdds) s = { ...s, boost: { ...s.boost, baseOdds: base } };
  }
  if (o === undefined || !Number.isFinite(o) || o === s.odds) return s;
  const prevOdds = s.prevOdds ?? s.odds;
  // back to the accepted price: nothing left to accept
  return prevOdds === o ? { ...s, odds: o, prevOdds: undefined } : { ...s, odds: o, prevOdds };
}

/**
 * Applies a game's market prices (GET /games/{id}/markets, read again on each odds push) to its
 * selections of markets other than 1X2 (those follow the 1X2 odds pushes).
 */
export function applyMarketOdds(
  selections: SlipSelection[],
  gameId: string,
  price: (market: string, outcome: string) => number | null | undefined,
): SlipSelection[] {
  let changed = false;
  const next = selections.map((s) => {
    const market = marketOf(s);
    if (s.gameId !== gameId || !market) return s;
    const r = reprice(s, price(market, s.outcome) ?? undefined);
    if (r !== s) changed = true;
    return r;
  });
  return changed ? next : selections;
}

/** Applies a 1X2 odds push ({gameId, odds}) to the 1X2 selections of that game. */
export function applyOdds(
  selections: SlipSelection[],
  gameId: string,
  odds: Partial<Odds> | null | undefined,
): SlipSelection[] {
  let changed = false;
  const next = selections.map((s) => {
    if (s.gameId !== gameId || marketOf(s)) return s;
    const r = reprice(s, oddsFor(odds, s.outcome));
    if (r !== s) changed = true;
    return r;
  });
  return changed ? next : selections;
}

/** Selections whose price moved in a way the player's setting does not accept by itself. */
export function oddsToAccept(selections: SlipSelection[], accept: AcceptOdds): SlipSelection[] {
  return selections.filter((s) => {
    if (s.prevOdds === undefined || !Number.isFinite(s.prevOdds)) return false;
    if (accept === 'any') return false;
    if (accept === 'higher') return s.odds < s.prevOdds;
    return true;
  });
}

export interface SlipLimits {
  /** dollars; null = not known (signed out, or not loaded yet) */
  balance: number | null;
  /** largest stake of one bet, dollars */
  maxStake: number | null;
  /** largest potential payout of one bet, dollars */
  maxPayout: number | null;
}

export const MIN_STAKE = 0.01;

/**
 * Inline warnings of the slip, checked before the server is asked: each one blocks placing.
 * An empty stake is not a warning (the spec's toast covers it on Place).
 */
export function stakeWarnings(
  selections: SlipSelection[],
  betType: BetType,
  stake: unknown,
  limits: SlipLimits,
  money: (n: number) => string,
): string[] {
  const out: string[] = [];
  const raw = String(stake ?? '').trim();
  if (raw === '' || selections.length === 0) return out;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < MIN_STAKE) {
    out.push(`The minimum stake is ${money(MIN_STAKE)}.`);
    return out;
  }
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
    out.push('A stake has at most two decimals.');
  }
  const type = effectiveBetType(betType, selections.length);
  if (limits.maxStake !== null && value > limits.maxStake) {
    out.push(`The maximum stake per bet is ${money(limits.maxStake)}.`);
  }
  const totals = slipTotals(selections, type, value);
  if (limits.balance !== null && totals.totalStake > limits.balance + 1e-9) {
    out.push(
      `Insufficient balance: this slip needs ${money(totals.totalStake)}, you have ${money(limits.balance)}.`,
    );
  }
  if (limits.maxPayout !== null) {
    const biggest =
      type === 'multi'
        ? totals.potentialPayout
        : Math.max(0, ...selections.map((s) => (Number.isFinite(s.odds) ? s.odds * value : 0)));
    if (biggest > limits.maxPayout) {
      out.push(`The potential payout of a bet cannot exceed ${money(limits.maxPayout)}; lower the stake.`);
    }
  }
  return out;
}

// ── free bets (issue 33, decision wallet-008) ────────────────────────────────────────────────

/** A token pays one bet: a single on one selection, or a multi (never a set of singles). */
export function freeBetFits(betType: BetType, count: number): boolean {
  const type = effectiveBetType(betType, count);
  return count > 0 && (type === 'multi' || count === 1);
}

/** What a free bet can return: stake × odds − stake (the stake is not returned, as the server pays). */
export function freeBetPayout(stake: number, potentialPayout: number): number {
  return Math.max(0, Math.round((potentialPayout - stake) * 100) / 100);
}

/** Why the token cannot pay this slip, checked before the server is asked; empty when it can. */
export function freeBetWarnings(
  token: { minOdds: number },
  totalOdds: number,
  oddsText: (n: number) => string,
): string[] {
  return totalOdds + 1e-9 < token.minOdds
    ? [`This free bet needs total odds of ${oddsText(token.minOdds)} or more.`]
    : [];
}
