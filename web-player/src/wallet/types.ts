import type { Answer } from '@bet/api-types';

/** What the wallet's summary, history and deposit calls answer. */
export type Summary = Answer<'/wallet/summary'>;
export type TxPage = Answer<'/wallet/transactions'>;
export type Transaction = TxPage['transactions'][number];
export type DepositRate = Answer<'/wallet/deposit/rate'>;
export type DepositStart = Answer<'/wallet/deposit/initialize', 'post'>;
export type WalletRead = Answer<'/wallet'>;
