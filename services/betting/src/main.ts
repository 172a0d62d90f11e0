import { runStandalone } from '@bet/kit';
import { bettingService } from './index';

await runStandalone(bettingService, 4004);
