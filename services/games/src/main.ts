import { runStandalone } from '@bet/kit';
import { gamesService } from './index';

await runStandalone(gamesService, 4003);
