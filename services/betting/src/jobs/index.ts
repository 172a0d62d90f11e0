import { idempotencySweep } from './idempotency-sweep';
import { reconcile } from './reconcile';
import { settlementSweep } from './settlement-sweep';

export const jobs = [reconcile, settlementSweep, idempotencySweep];
