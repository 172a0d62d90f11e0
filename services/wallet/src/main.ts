import { runStandalone } from '@bet/kit';
import { walletService } from './index';

await runStandalone(walletService, 4002);
