import { aviatorConsumer } from './aviator';
import { balanceResponder } from './balance';
import { betsConsumer } from './bets';
import { bonusClaimResponder } from './bonus-claim';
import { creditResponder } from './credit';
import { debitResponder } from './debit';
import { freeBetTermsResponder } from './free-bet-terms';
import { usersConsumer } from './users';

export const consumers = [
  debitResponder,
  creditResponder,
  balanceResponder,
  bonusClaimResponder,
  freeBetTermsResponder,
  usersConsumer,
  betsConsumer,
  aviatorConsumer,
];
