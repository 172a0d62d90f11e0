import type { Answer } from '@bet/api-types';

/** What the game lists and a game's details answer. */
export type GamePage = Answer<'/games'>;
export type LiveGames = Answer<'/games/live'>;
export type GameDetails = Answer<'/games/{id}/details'>;
