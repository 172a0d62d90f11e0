import { GamesCancelled, GamesCreated, GamesSettled, GamesUpdated } from '@bet/proto-events';
import { applyGameEvent } from '../app/projections';
import { consumer } from '../context';

/** the games catalogue: counts for the dashboard, teams for bet selections */
export const gamesConsumer = consumer({
  durable: 'admin-games',
  events: [GamesCreated, GamesUpdated, GamesSettled, GamesCancelled],
  async handle(_ctx, event, { trx }) {
    await applyGameEvent(trx, event);
  },
});
