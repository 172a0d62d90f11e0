// Shapes of the public API objects, from the services' own schemas (@bet/api-types). Type-only.
import type { Answer } from '@bet/api-types';
import type { ComponentType } from 'react';

/** The signed-in user as `GET /users/profile` answers it (also `user` in sign-in answers). */
export type User = Answer<'/users/profile'>;
export type Role = User['role'];
export type LimitSetting = User['limits']['weeklyBetCount'];
export type PendingLimit = NonNullable<LimitSetting['pending']>;

/** A game as `GET /games/{id}` answers it (and the socket's `new_game` / `gameUpdate`). */
export type Game = Answer<'/games/{id}'>;
export type GameStatus = Game['status'];
export type Odds = NonNullable<Game['odds']>;
export type Outcome = NonNullable<Game['result']>;

/** How a remote describes one of its routes to the shell, which adds layout and guards. */
export interface RemoteRoute {
  path: string;
  Component: ComponentType;
  /** 'auth' routes sit behind the logged-in guard. Default 'public'. */
  access?: 'public' | 'auth';
  /** 'bare' routes render outside the site layout (no navigation or footer). Default 'main'. */
  layout?: 'main' | 'bare';
}
