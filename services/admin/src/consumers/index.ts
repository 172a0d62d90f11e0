import { adminActionsConsumer } from './admin-actions';
import { betsConsumer } from './bets';
import { gamesConsumer } from './games';
import { usersConsumer } from './users';
import { walletTransactionsConsumer } from './wallet-transactions';

export const consumers = [
  usersConsumer,
  walletTransactionsConsumer,
  betsConsumer,
  gamesConsumer,
  adminActionsConsumer,
];
