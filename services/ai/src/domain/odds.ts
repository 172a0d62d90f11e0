import type { Outcome, Prices } from './types';

export interface Probabilities {
  home: number;
  draw: number;
  away: number;
}

/** A price is usable when it is a finite decimal above evens-minus (1.01). */
export function validPrices(o: Prices): boolean {
  return [o.home, o.draw, o.away].every((x) => Number.isFinite(x) && x > 1);
}

/** 1/odds per outcome: what the book says, margin included (sums to 1 + margin). */
export function impliedProbabilities(o: Prices): Probabilities {
  return { home: 1 / o.home, draw: 1 / o.draw, away: 1 / o.away };
}

/** The bookmaker's margin (overround): how far the implied probabilities add up beyond 100 %. */
export function bookMargin(o: Prices): number {
  const p = impliedProbabilities(o);
  return p.home + p.draw + p.away - 1;
}

/** The market's own view with the margin taken out proportionally. */
export function fairProbabilities(o: Prices): Probabilities {
  const p = impliedProbabilities(o);
  const sum = p.home + p.draw + p.away;
  return { home: p.home / sum, draw: p.draw / sum, away: p.away / sum };
}

export function probabilityOf(p: Probabilities, outcome: Outcome): number {
  return outcome === 'A' ? p.home : outcome === 'B' ? p.away : p.draw;
}

/** Expected return per unit staked at `price` if `probability` is right (0 = break-even). */
export function expectedValue(probability: number, price: number): number {
  return probability * price - 1;
}

export function pct(x: number, digits = 0): string {
  return `${(x * 100).toFixed(digits)}%`;
}

export function odds2(x: number): string {
  return x.toFixed(2);
}
