import { bonusExpiry } from './bonus-expiry';
import { payoutRetry } from './payout-retry';

export const jobs = [payoutRetry, bonusExpiry];
