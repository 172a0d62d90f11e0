// Complete example API objects for the web tests, typed from the server's schemas: a test states
// only the fields it is about, and a schema change shows up here instead of in every mock.
// Tests only: production code never imports this module (it would be bundled).
import type { Answer } from '@bet/api-types';
import type { Game, User } from './core/types';

export type Protection = Answer<'/users/protection'>;
export type Bet = Answer<'/bets'>['bets'][number];

const AT = '2026-11-25T10:00:00.000Z';

/** A player's protection settings with nothing set: no break, no deposit limits, no reality check. */
export function aProtection(over: Partial<Protection> = {}): Protection {
  return {
    depositLimits: { daily: { limit: 0 }, weekly: { limit: 0 }, monthly: { limit: 0 } },
    exclusion: null,
    realityCheckMinutes: 0,
    ...over,
  };
}

/** A signed-in player as `GET /users/profile` answers it. */
export function aUser(over: Partial<User> = {}): User {
  return {
    _id: '0123456789abcdef01234567',
    username: 'demo',
    email: 'demo@example.com',
    firstName: 'Demo',
    lastName: 'Player',
    role: 'user',
    hasPassword: true,
    createdAt: AT,
    profilePicture: null,
    state: null,
    termsAcceptedAt: AT,
    phone: null,
    limits: { weeklyBetCount: { limit: 0 }, weeklyStakeAmount: { limit: 0 } },
    protection: aProtection(),
    ...over,
  };
}

/** An upcoming game with its odds, as `GET /games/{id}` answers it. */
export function aGame(over: Partial<Game> = {}): Game {
  return {
    _id: 'a'.repeat(24),
    homeTeam: 'Home FC',
    awayTeam: 'Away United',
    homeTeamLogo: null,
    awayTeamLogo: null,
    league: 'Premier League',
    matchDate: AT,
    status: 'upcoming',
    odds: { home: 2, draw: 3.2, away: 3.8 },
    scores: { home: 0, away: 0 },
    elapsedTime: null,
    result: null,
    ...over,
  };
}

/** A pending single on an upcoming game, as `GET /bets` lists it. */
export function aBet(over: Partial<Bet> = {}): Bet {
  const game = aGame();
  return {
    _id: 'b'.repeat(24),
    betType: 'single',
    selections: [
      {
        gameId: game._id,
        game: {
          _id: game._id,
          homeTeam: game.homeTeam,
          awayTeam: game.awayTeam,
          league: game.league,
          status: game.status,
        },
        outcome: 'A',
        odds: 2,
        result: null,
      },
    ],
    stake: 10,
    totalOdds: 2,
    potentialPayout: 20,
    payout: 0,
    status: 'pending',
    cashedOut: false,
    createdAt: AT,
    settledAt: null,
    ...over,
  };
}
