import { BetsCashedOut, BetsPlaced, BetsSettled, BetsVoided } from '@bet/proto-events';
import { consumer } from '../context';
import { closeBet, recordPlacedBet } from '../store/bets';

/**
 * Players' bets from bets.* events: the record behind feedback, limit suggestions and exposure.
 * A settlement delivered before its placement throws and is redelivered (subjects have their own order).
 */
export const betsRecord = consumer({
  durable: 'ai-bets-record',
  events: [BetsPlaced, BetsSettled, BetsVoided, BetsCashedOut],
  async handle(_ctx, event, { trx: db }) {
    switch (event.subject) {
      case 'bets.placed':
        return recordPlacedBet(db, event.data);
      case 'bets.settled':
        return closeBet(
          db,
          event.data.betId,
          event.data.status,
          event.data.payoutCents,
          event.data.settledAt,
        );
      case 'bets.voided':
        return closeBet(db, event.data.betId, 'void', event.data.refundCents, event.data.voidedAt);
      case 'bets.cashed_out':
        return closeBet(db, event.data.betId, 'cashed_out', event.data.amountCents, event.data.cashedOutAt);
    }
  },
});
