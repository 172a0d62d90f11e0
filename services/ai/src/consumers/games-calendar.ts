import {
  GamesCancelled,
  GamesCreated,
  GamesOddsChanged,
  GamesResultCorrected,
  GamesSettled,
  GamesUpdated,
} from '@bet/proto-events';
import { consumer } from '../context';
import { cancelGame, setOdds, settleGame, upsertGame } from '../store/games';

/**
 * The calendar, prices and results the analyst reasons about, kept from games.* events.
 * Each subject is delivered in its own order: an event about a game not yet created throws
 * (redelivered with back-off), and older snapshots and prices never overwrite newer ones.
 */
export const gamesCalendar = consumer({
  durable: 'ai-games-calendar',
  events: [GamesCreated, GamesUpdated, GamesOddsChanged, GamesSettled, GamesResultCorrected, GamesCancelled],
  async handle(_ctx, event, { trx: db }) {
    const at = new Date(event.occurredAt);
    switch (event.subject) {
      case 'games.created':
      case 'games.updated':
        return upsertGame(db, event.data.game, at);
      case 'games.odds_changed':
        return setOdds(db, event.data.gameId, event.data.odds, at);
      case 'games.settled':
        return settleGame(db, event.data.gameId, event.data.result, event.data.scores);
      case 'games.result_corrected':
        return settleGame(db, event.data.gameId, event.data.result, event.data.scores);
      case 'games.cancelled':
        return cancelGame(db, event.data.gameId);
    }
  },
});
