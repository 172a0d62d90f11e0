import { payoutRetry } from './payout-retry';

export const jobs = [payoutRetry];
