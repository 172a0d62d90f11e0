import { bonusExpiry } from './bonus-expiry';
import { payoutRetry } from './payout-retry';
import { reconcileJob } from './reconcile';

export const jobs = [payoutRetry, reconcileJob, bonusExpiry];
