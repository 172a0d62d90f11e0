import { gamesCatalogue } from './games-catalogue';
import { gamesOdds } from './games-odds';
import { gamesResults } from './games-results';
import { openBetsResponder } from './open-bets';
import { promotions } from './promotions';
import { releaseStakeResponder } from './release-stake';
import { reserveStakeResponder } from './reserve-stake';
import { users } from './users';

export const consumers = [
  gamesCatalogue,
  gamesOdds,
  gamesResults,
  users,
  promotions,
  openBetsResponder,
  reserveStakeResponder,
  releaseStakeResponder,
];
