import { limitSweep } from './limit-sweep';

export const jobs = [limitSweep];
