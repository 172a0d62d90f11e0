import { NEVER_GIVE_UP } from '@bet/kit';
import { AviatorBetLost, AviatorCashedOut } from '@bet/proto-events';
import { applyMoneyEvent } from '../app/bet-events';
import { consumer } from '../context';

/** Aviator's outcomes: cash-outs paid, lost stakes to the house (handled once, with the inbox). */
export const aviatorConsumer = consumer({
  durable: 'wallet-aviator',
  events: [AviatorCashedOut, AviatorBetLost],
  maxDeliver: NEVER_GIVE_UP,
  handle: (ctx, event, { trx }) => applyMoneyEvent(ctx, trx, event),
});
