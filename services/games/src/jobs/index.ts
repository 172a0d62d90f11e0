import { providerSync } from './provider-sync';
import { simulator } from './simulator';

export const jobs = [simulator, providerSync];
