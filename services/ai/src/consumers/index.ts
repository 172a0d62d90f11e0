import { betsRecord } from './bets-record';
import { gamesCalendar } from './games-calendar';

export const consumers = [gamesCalendar, betsRecord];
