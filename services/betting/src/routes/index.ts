import { adminGameRiskRoute } from './admin-game-risk';
import { adminRiskOverviewRoute } from './admin-risk-overview';
import { adminUserBetsRoute } from './admin-user-bets';
import { betRoute } from './bet';
import { cashOutRoute } from './cash-out';
import { cashOutOfferRoute } from './cash-out-offer';
import { leaderboardHighestOddsRoute } from './leaderboard-highest-odds';
import { leaderboardWinnersRoute } from './leaderboard-winners';
import { myBetsRoute } from './my-bets';
import { placeMultiRoute } from './place-multi';
import { placeSinglesRoute } from './place-singles';
import { rulesRoute } from './rules';
import { shareCreateRoute } from './share-create';
import { shareReadRoute } from './share-read';
import { userStatsRoute } from './user-stats';
import { userStatsHistoryRoute } from './user-stats-history';

export const routes = [
  placeSinglesRoute,
  placeMultiRoute,
  myBetsRoute,
  betRoute,
  cashOutOfferRoute,
  cashOutRoute,
  shareCreateRoute,
  shareReadRoute,
  rulesRoute,
  leaderboardWinnersRoute,
  leaderboardHighestOddsRoute,
  userStatsRoute,
  userStatsHistoryRoute,
  adminUserBetsRoute,
  adminGameRiskRoute,
  adminRiskOverviewRoute,
];
