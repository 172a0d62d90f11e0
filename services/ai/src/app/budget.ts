import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppContext } from '../context';
import { ModelError, type ModelProvider } from '../providers/model';

/**
 * One AI request's allowance of model time: a single deadline across all its model calls,
 * tool rounds and the client's retries (a slow provider once held a chat for 70 s), and the
 * caller it counts against for the cap on concurrent model calls.
 */
export interface ModelBudget {
  caller: string;
  /** wall-clock ms (Date.now), not the service clock: it bounds real waiting */
  deadline: number;
}

const current = new AsyncLocalStorage<ModelBudget>();

/** Runs one AI request's use case under its caller's budget (routes wrap their handler in it). */
export function withinBudget<T>(ctx: AppContext, caller: string, fn: () => Promise<T>): Promise<T> {
  return current.run({ caller, deadline: Date.now() + ctx.config.AI_REQUEST_DEADLINE_MS }, fn);
}

/**
 * The configured model, bound to the current request's deadline, for the length of `fn`, if
 * the caller has a free slot; a ModelError otherwise (the caller falls back to the built-in
 * analyst). Outside a request (a job) the budget starts here.
 */
export async function useModel<T>(ctx: AppContext, fn: (model: ModelProvider) => Promise<T>): Promise<T> {
  if (!ctx.model) throw new ModelError('no model configured');
  const budget = current.getStore() ?? {
    caller: 'service',
    deadline: Date.now() + ctx.config.AI_REQUEST_DEADLINE_MS,
  };
  if (budget.deadline <= Date.now()) throw new ModelError('the request deadline has passed');
  if (!ctx.modelSlots.tryAcquire(budget.caller))
    throw new ModelError(`${ctx.modelSlots.perCaller} model calls already running for this caller`);
  try {
    return await fn(ctx.model.within(budget.deadline));
  } finally {
    ctx.modelSlots.release(budget.caller);
  }
}
