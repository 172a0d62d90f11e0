import { adminOverviewRoute } from './admin-overview';
import { cashOutRoute } from './cash-out';
import { fairnessRoute } from './fairness';
import { historyRoute } from './history';
import { myBetsRoute } from './my-bets';
import { placeBetRoute } from './place-bet';
import { stateRoute } from './state';
import { verifyRoute } from './verify';

export const routes = [
  stateRoute,
  placeBetRoute,
  cashOutRoute,
  historyRoute,
  verifyRoute,
  fairnessRoute,
  myBetsRoute,
  adminOverviewRoute,
];
