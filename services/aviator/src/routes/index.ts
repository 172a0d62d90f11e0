import { adminOverviewRoute } from './admin-overview';
import { cancelRoute } from './cancel';
import { cashOutRoute } from './cash-out';
import { fairnessRoute } from './fairness';
import { historyRoute } from './history';
import { limitsRoute } from './limits';
import { myBetsRoute } from './my-bets';
import { placeBetRoute } from './place-bet';
import { roundRoute } from './round';
import { stateRoute } from './state';
import { topRoute } from './top';
import { verifyRoute } from './verify';

export const routes = [
  stateRoute,
  placeBetRoute,
  cashOutRoute,
  cancelRoute,
  historyRoute,
  verifyRoute,
  roundRoute,
  topRoute,
  limitsRoute,
  fairnessRoute,
  myBetsRoute,
  adminOverviewRoute,
];
