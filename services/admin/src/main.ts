import { runStandalone } from '@bet/kit';
import { adminService } from './index';

await runStandalone(adminService, 4007);
