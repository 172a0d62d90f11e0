// Shapes of the public API objects (docs/api-conventions.md). Type-only: erased at build time.
import type { ComponentType } from 'react';

export type Role = 'user' | 'admin';

export interface PendingLimit {
  value: number;
  effectiveAt: string;
}

export interface LimitSetting {
  limit: number;
  pending?: PendingLimit | null;
}

export interface User {
  _id: string;
  username: string;
  firstName?: string;
  lastName?: string;
  email: string;
  role: Role;
  profilePicture?: string | null;
  state?: string | null;
  createdAt?: string;
  hasPassword?: boolean;
  /** when the 18+ and terms consent was given at registration */
  termsAcceptedAt?: string | null;
  /** time-out / self-exclusion, deposit limits, reality check (GET /users/protection has the same) */
  protection?: {
    exclusion: { kind: 'time_out' | 'self_exclusion'; startedAt: string; until: string } | null;
    realityCheckMinutes: number;
  };
  limits?: {
    weeklyBetCount?: LimitSetting;
    weeklyStakeAmount?: LimitSetting;
  };
}

export type GameStatus = 'upcoming' | 'live' | 'finished' | 'cancelled';
export type Outcome = 'A' | 'Draw' | 'B';

export interface Odds {
  home: number;
  draw: number;
  away: number;
}

export interface Game {
  _id: string;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo?: string | null;
  awayTeamLogo?: string | null;
  league?: string | null;
  matchDate: string;
  status: GameStatus;
  scores?: { home: number | null; away: number | null } | null;
  elapsedTime?: number | null;
  odds?: Odds | null;
  result?: Outcome | null;
  /** who plays the match out: simulated games are labelled as such */
  source?: 'simulator' | 'provider' | 'manual';
  /** a simulated match's phase: HT is half-time */
  phase?: '1H' | 'HT' | '2H' | 'FT' | null;
  /** a live game whose in-play price is not fresh: no bets until it is */
  suspended?: boolean;
}

/** How a remote describes one of its routes to the shell, which adds layout and guards. */
export interface RemoteRoute {
  path: string;
  Component: ComponentType;
  /** 'auth' routes sit behind the logged-in guard. Default 'public'. */
  access?: 'public' | 'auth';
  /** 'bare' routes render outside the site layout (no navigation or footer). Default 'main'. */
  layout?: 'main' | 'bare';
}
