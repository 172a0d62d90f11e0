import { runStandalone } from '@bet/kit';
import { identityService } from './index';

await runStandalone(identityService, 4001);
