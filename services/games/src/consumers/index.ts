import { betInterest } from './bet-interest';
import { gamesGet } from './games-get';

export const consumers = [betInterest, gamesGet];
