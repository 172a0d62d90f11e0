import type { ExposedGame } from '../types';

export const gameTitle = (g: ExposedGame) =>
  g.gameDetails ? `${g.gameDetails.homeTeam} vs ${g.gameDetails.awayTeam}` : g._id;
