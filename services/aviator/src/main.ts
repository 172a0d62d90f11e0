import { runStandalone } from '@bet/kit';
import { aviatorService } from './index';

await runStandalone(aviatorService, 4005);
