import { runStandalone } from '@bet/kit';
import { aiService } from './index';

await runStandalone(aiService, 4006);
