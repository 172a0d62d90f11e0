import { BetsCashedOut, BetsPlaced, BetsSettled, BetsVoided } from '@bet/proto-events';
import { applyBetEvent } from '../app/projections';
import { consumer } from '../context';

/** betting's bets: the bet count and the user-details bet history */
export const betsConsumer = consumer({
  durable: 'admin-bets',
  events: [BetsPlaced, BetsSettled, BetsVoided, BetsCashedOut],
  async handle(_ctx, event, { trx }) {
    await applyBetEvent(trx, event);
  },
});
