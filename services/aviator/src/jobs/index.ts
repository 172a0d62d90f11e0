import { idempotencySweep } from './idempotency-sweep';
import { roundClock } from './round-clock';
import { unconfirmedStakes } from './unconfirmed-stakes';

export const jobs = [roundClock, unconfirmedStakes, idempotencySweep];
