import { payoutRetry } from './payout-retry';
import { reconcileJob } from './reconcile';

export const jobs = [payoutRetry, reconcileJob];
