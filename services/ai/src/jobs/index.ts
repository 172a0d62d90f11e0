import { refreshNewsJob } from './refresh-news';

export const jobs = [refreshNewsJob];
