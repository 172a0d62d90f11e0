/** The games and bets this service knows about, as its read models hold them (decimal odds). */
export type Outcome = 'A' | 'Draw' | 'B';
export type GameStatus = 'upcoming' | 'live' | 'finished' | 'cancelled';

export interface Prices {
  home: number;
  draw: number;
  away: number;
}

export interface GameFacts {
  id: string;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo?: string | null;
  awayTeamLogo?: string | null;
  league: string | null;
  matchDate: Date;
  status: GameStatus;
  scores: { home: number; away: number };
  elapsedTime: number | null;
  odds: Prices;
  result: Outcome | null;
  /** bumps with every new price: analyses are cached per game and odds version */
  oddsVersion: number;
}

export type BetStatus = 'pending' | 'won' | 'lost' | 'void' | 'cashed_out';

export interface BetRecord {
  id: string;
  userId: string;
  betType: 'single' | 'multi';
  stakeCents: number;
  totalOdds: number;
  potentialPayoutCents: number;
  status: BetStatus;
  payoutCents: number;
  placedAt: Date;
  /** every leg; `market` is the catalogue's key ('1x2' for the spec's A / Draw / B) */
  selections: Array<{ gameId: string; market: string; outcome: string; odds: number }>;
}

export const OUTCOMES: readonly Outcome[] = ['A', 'Draw', 'B'];

/** 'A' → home price, 'B' → away price. */
export function priceOf(odds: Prices, outcome: Outcome): number {
  return outcome === 'A' ? odds.home : outcome === 'B' ? odds.away : odds.draw;
}

export function outcomeLabel(g: Pick<GameFacts, 'homeTeam' | 'awayTeam'>, outcome: Outcome): string {
  return outcome === 'A' ? `${g.homeTeam} to win` : outcome === 'B' ? `${g.awayTeam} to win` : 'the draw';
}

export function fixture(g: Pick<GameFacts, 'homeTeam' | 'awayTeam'>): string {
  return `${g.homeTeam} vs ${g.awayTeam}`;
}
