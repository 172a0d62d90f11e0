import { presenceResponder } from './presence';
import { revocationsConsumer } from './revocations';

export const consumers = [presenceResponder, revocationsConsumer];
