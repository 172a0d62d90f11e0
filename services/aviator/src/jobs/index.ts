import { roundClock } from './round-clock';

export const jobs = [roundClock];
