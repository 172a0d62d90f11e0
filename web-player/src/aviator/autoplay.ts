// Auto-play of one bet panel, driven by the browser (docs/decisions/aviator-001-next-round-and-auto-play.md):
// a bet each round for a number of rounds, stopped by the player's limits. The rules are pure
// functions here; the panel applies them at each round's end and on each refused bet.

import { formatMoney } from '@bet/web-shell/core';

export interface AutoPlayLimits {
  /** how many rounds to play */
  rounds: number;
  /** stop once the balance has fallen by this much since the start (dollars), or null */
  stopIfDownBy: number | null;
  /** stop once the balance has risen by this much since the start (dollars), or null */
  stopIfUpBy: number | null;
  /** stop after a single win (payout) above this (dollars), or null */
  stopOnWinAbove: number | null;
}

export interface AutoPlay {
  limits: AutoPlayLimits;
  startBalance: number;
  roundsPlayed: number;
  /** why it stopped; null while it plays */
  stopped: string | null;
}

export function startAutoPlay(limits: AutoPlayLimits, balance: number): AutoPlay {
  return { limits, startBalance: balance, roundsPlayed: 0, stopped: null };
}

const money = (n: number) => formatMoney(n);

/** After a round the panel played: its payout (0 when lost) and the balance now. */
export function afterRound(a: AutoPlay, round: { payout: number; balance: number }): AutoPlay {
  if (a.stopped) return a;
  const played = { ...a, roundsPlayed: a.roundsPlayed + 1 };
  const { limits } = a;
  const change = Math.round((round.balance - a.startBalance) * 100) / 100;
  if (limits.stopOnWinAbove !== null && round.payout > limits.stopOnWinAbove)
    return {
      ...played,
      stopped: `Stopped: a win of ${money(round.payout)} is above ${money(limits.stopOnWinAbove)}.`,
    };
  if (limits.stopIfDownBy !== null && -change >= limits.stopIfDownBy)
    return { ...played, stopped: `Stopped: your balance fell by ${money(-change)}.` };
  if (limits.stopIfUpBy !== null && change >= limits.stopIfUpBy)
    return { ...played, stopped: `Stopped: your balance rose by ${money(change)}.` };
  if (played.roundsPlayed >= limits.rounds)
    return { ...played, stopped: `Stopped: ${limits.rounds} rounds played.` };
  return played;
}

/**
 * A bet the server refused stops auto-play at once: a weekly limit, a time-out or a
 * self-exclusion (403/422) as much as a balance too low; the server's message says why.
 */
export function afterRefusal(a: AutoPlay, msg: string): AutoPlay {
  if (a.stopped) return a;
  return { ...a, stopped: `Stopped: ${msg}` };
}

/** Whether the next bet may go: auto-play still on, and the stake would not cross the loss limit. */
export function mayBet(a: AutoPlay, stake: number, balance: number): boolean {
  if (a.stopped) return false;
  if (a.limits.stopIfDownBy !== null && a.startBalance - (balance - stake) > a.limits.stopIfDownBy + 1e-9)
    return false;
  return true;
}

/** Reads the form: rounds a whole number ≥ 1; each limit empty (none) or a positive amount. */
export function parseLimits(form: {
  rounds: string;
  down: string;
  up: string;
  win: string;
}): AutoPlayLimits | string {
  const rounds = Number(form.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000)
    return 'Rounds must be a whole number from 1 to 1000.';
  const amount = (s: string, what: string): number | null | string => {
    if (s.trim() === '') return null;
    const n = Number(s);
    return Number.isFinite(n) && n > 0 ? n : `${what} must be a positive amount or empty.`;
  };
  const down = amount(form.down, 'Stop if balance falls by');
  const up = amount(form.up, 'Stop if balance rises by');
  const win = amount(form.win, 'Stop on a single win above');
  for (const v of [down, up, win]) if (typeof v === 'string') return v;
  return {
    rounds,
    stopIfDownBy: down as number | null,
    stopIfUpBy: up as number | null,
    stopOnWinAbove: win as number | null,
  };
}
