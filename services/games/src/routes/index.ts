import { adjustOddsRoute } from './adjust-odds';
import { cancelGameRoute } from './cancel-game';
import { createGameRoute } from './create-game';
import { createRankingRoute } from './create-ranking';
import { deleteRankingRoute } from './delete-ranking';
import { gameAuditRoute } from './game-audit';
import { gameDetailsRoute } from './game-details';
import { gameMarketsRoute } from './game-markets';
import { getGameRoute } from './get-game';
import { listGamesRoute } from './list-games';
import { listRankingsRoute } from './list-rankings';
import { liveGamesRoute } from './live-games';
import { manyGamesMarketsRoute } from './many-games-markets';
import { marketAdjustOddsRoute } from './market-adjust-odds';
import { marketReopenRoute } from './market-reopen';
import { marketResetOddsRoute } from './market-reset-odds';
import { marketSuspendRoute } from './market-suspend';
import { resetOddsRoute } from './reset-odds';
import { setResultRoute } from './set-result';
import { syncGamesRoute } from './sync-games';
import { teamLogoRoute } from './team-logo';
import { updateGameRoute } from './update-game';
import { updateRankingRoute } from './update-ranking';

export const routes = [
  // the catalogue
  listGamesRoute,
  liveGamesRoute,
  getGameRoute,
  gameDetailsRoute,
  gameMarketsRoute,
  manyGamesMarketsRoute,
  teamLogoRoute,
  // admin
  createGameRoute,
  updateGameRoute,
  setResultRoute,
  cancelGameRoute,
  adjustOddsRoute,
  resetOddsRoute,
  marketSuspendRoute,
  marketReopenRoute,
  marketAdjustOddsRoute,
  marketResetOddsRoute,
  gameAuditRoute,
  syncGamesRoute,
  listRankingsRoute,
  createRankingRoute,
  updateRankingRoute,
  deleteRankingRoute,
];
