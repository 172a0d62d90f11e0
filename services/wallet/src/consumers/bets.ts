import { NEVER_GIVE_UP } from '@bet/kit';
import { BetsCashedOut, BetsSettled, BetsVoided } from '@bet/proto-events';
import { applyBetEventOnce } from '../app/bet-events';
import { applyBetEventsTogether } from '../app/settle-together';
import { consumer } from '../context';

const DURABLE = 'wallet-bets';
/** batches written at once, each in its own lane of users */
export const BETS_LANES = 2;

/** betting's settlements, voids and cash-outs: wins, losses, refunds and corrections. */
export const betsConsumer = consumer({
  durable: DURABLE,
  events: [BetsSettled, BetsVoided, BetsCashedOut],
  // a settlement of 100 000 bets must not wait on one transaction per bet: what arrives while
  // a batch is written goes in the next, results and refunds moved set-based
  // (app/settle-together.ts), a failed batch retried one event at a time; two batches at a
  // time, so a batch waiting on a row lock does not stop the wallet paying everybody else
  // ...but the events of one bet go one after another, in the order they were delivered: a
  // correction's clawback reads the wallet balance, so run before the win it corrects it
  // would book the whole amount as debt and the win would then be paid in full. `betOrder`
  // only orders one process; across replicas and redeliveries the bet's bet_settlements row
  // holds a correction back until its predecessor is applied
  // ...and one user's events go in one lane, so the two batches never share a wallet and do
  // not queue on each other's wallet locks
  together: {
    max: 500,
    parallel: BETS_LANES,
    laneOf: (event) => event.data.userId,
    handle: (ctx, events) => applyBetEventsTogether(ctx, DURABLE, events),
  },
  // wins, refunds and cash-outs wait out any outage of the database: never dropped
  maxDeliver: NEVER_GIVE_UP,
  // still handled once (inbox), but inside the bet's turn: a queued event must not hold a
  // transaction and a connection open while it waits for the one before it
  once: false,
  handle: (ctx, event) => ctx.betOrder(event.data.betId, () => applyBetEventOnce(ctx, DURABLE, event)),
});
